import { describe, expect, it } from 'vitest';
import * as Y from 'yjs';
import { fixedDice } from '../../src/lib/dice';
import type { Handout } from '../../src/schema/actions/handout';
import {
  MAX_HANDOUT_TEXT_CHARS,
  MAX_HANDOUT_TITLE_CHARS,
  MAX_HANDOUTS,
} from '../../src/schema/actions/handout';
import { RoomFileSchema } from '../../src/schema/room';
import { MAX_BODY_BYTES } from '../../src/server/http/json';
import type { Actor } from '../../src/table/applyIntent';
import { applyIntent } from '../../src/table/applyIntent';
import { checkDocWrite } from '../../src/table/checkDocWrite';
import { channelRootsOf, publicRootsOf, secretRootsOf } from '../../src/table/docLayout';
import type { TableDocs } from '../../src/table/docLayout';
import { followHandoutTakeBacks } from '../../src/table/handouts/followTakeBacks';
import { takeBackHandout } from '../../src/table/handouts/takeBack';
import { imagesNamedBy } from '../../src/table/imageRefs';
import type { ChannelDocs } from '../../src/table/intents/chatChannels';
import { exportRoom, importRoom } from '../../src/table/roomFile';
import { readSnapshot } from '../../src/table/snapshot';
import { GM, mapOf, party, pc, player, room } from './fixtures';

const ANA = 'aaaaaaaaaaaa';
const BO = 'bbbbbbbbbbbb';
const NAMES: Record<string, string> = { [ANA]: 'Ana', [BO]: 'Bo' };
/** The room's one uploaded picture (the server's asset store says so: `assetLinked`). */
const LETTER = 'a'.repeat(64);
const ELSEWHERE = 'e'.repeat(64);

/** The room's channels as the server hands them over: two invites, their docs made on demand. */
function channelsOf(): ChannelDocs & { docs: Map<string, Y.Doc> } {
  const docs = new Map<string, Y.Doc>();
  return {
    docs,
    nameOf: (channel) => NAMES[channel],
    doc(channel) {
      let doc = docs.get(channel);
      if (!doc) docs.set(channel, (doc = new Y.Doc()));
      return doc;
    },
  };
}

const table = (): TableDocs & { secrets: Y.Doc } =>
  room({ map: mapOf(['....', '....']), party: party(pc('Ana')) });

function show(
  docs: TableDocs,
  actor: Actor,
  channels: ChannelDocs,
  intent: Record<string, unknown>,
  now = 7,
) {
  return applyIntent(docs, actor, { kind: 'show-handout', ...intent }, fixedDice([]), {
    now,
    channels,
    assetLinked: (hash) => hash === LETTER,
  });
}

const handoutsIn = (map: Y.Map<unknown>) => [...map.values()] as Handout[];

describe('show-handout: where each copy is written (docs/table/handouts.md)', () => {
  it('to everyone: the public doc only, with no log line', () => {
    const docs = table();
    const channels = channelsOf();
    const logBefore = publicRootsOf(docs.public).log.length;
    const answer = show(docs, GM, channels, { title: 'The vault', text: 'Cold air.', image: LETTER });
    expect(answer).toEqual({ ok: true, outcome: { kind: 'show-handout', title: 'The vault' } });
    expect(handoutsIn(publicRootsOf(docs.public).handouts)).toEqual([
      {
        id: expect.stringMatching(/^h[0-9a-f]{12}$/),
        at: 7,
        title: 'The vault',
        text: 'Cold air.',
        image: LETTER,
      },
    ]);
    expect(secretRootsOf(docs.secrets).handouts.size).toBe(0);
    expect(channels.docs.size).toBe(0);
    expect(publicRootsOf(docs.public).log.length).toBe(logBefore);
    expect(secretRootsOf(docs.secrets).log.length).toBe(0);
  });

  it("to one player: the GM's copy in the secrets doc and the player's in their channel, never the public doc", () => {
    const docs = table();
    const channels = channelsOf();
    const answer = show(docs, GM, channels, {
      title: 'A note',
      text: 'Meet me at the old well.',
      image: LETTER,
      to: { kind: 'player', channel: BO },
    });
    expect(answer).toEqual({ ok: true, outcome: { kind: 'show-handout', title: 'A note', to: 'Bo' } });
    const [copy] = handoutsIn(secretRootsOf(docs.secrets).handouts);
    expect(copy).toMatchObject({ title: 'A note', to: { kind: 'player', channel: BO, name: 'Bo' } });
    expect(handoutsIn(channelRootsOf(channels.doc(BO)!).handouts)).toEqual([copy]);
    expect([...channels.docs.keys()]).toEqual([BO]);
    expect(publicRootsOf(docs.public).handouts.size).toBe(0);
    expect(JSON.stringify(docs.public.toJSON())).not.toContain('old well');
    expect(JSON.stringify(docs.public.toJSON())).not.toContain(LETTER);

    // Each reader's table: the GM every handout, Bo his own, Ana none.
    expect(readSnapshot(docs.public, docs.secrets).handouts.map((h) => h.title)).toEqual(['A note']);
    expect(readSnapshot(docs.public, undefined, channels.doc(BO)).handouts.map((h) => h.title)).toEqual([
      'A note',
    ]);
    expect(readSnapshot(docs.public, undefined, channels.doc(ANA)).handouts).toEqual([]);
  });

  it('a player may not show one; refusals write nothing', () => {
    const docs = table();
    const channels = channelsOf();
    const before = [docs.public, docs.secrets].map((d) => Y.encodeStateVector(d));
    const refusal = (actor: Actor, intent: Record<string, unknown>) => show(docs, actor, channels, intent);
    expect(refusal(player('ana'), { title: 'Forged', text: 'x' })).toEqual({
      ok: false,
      reason: 'only the GM may show a handout',
    });
    expect(refusal(GM, { title: 'Empty' })).toEqual({
      ok: false,
      reason: 'a handout shows a text, a picture or both',
    });
    expect(refusal(GM, { title: 'Blank', text: '   ' })).toEqual({
      ok: false,
      reason: 'a handout shows a text, a picture or both',
    });
    expect(refusal(GM, { title: 'Not ours', image: ELSEWHERE })).toEqual({
      ok: false,
      reason: 'that image was not uploaded to this room: upload it again',
    });
    expect(
      refusal(GM, { title: 'Lost', text: 'x', to: { kind: 'player', channel: 'cccccccccccc' } }),
    ).toEqual({
      ok: false,
      reason: 'no such player in this room',
    });
    expect(
      applyIntent(
        docs,
        GM,
        { kind: 'show-handout', title: 'x', text: 'x', to: { kind: 'player', channel: BO } },
        fixedDice([]),
      ),
    ).toEqual({
      ok: false,
      reason: 'handouts to one player go through the server: this table cannot carry them',
    });
    expect([docs.public, docs.secrets].map((d) => Y.encodeStateVector(d))).toEqual(before);
    expect(channels.docs.size).toBe(0);
  });

  it('bounds: the title, the text, and the handouts a room keeps, each said in words', () => {
    const docs = table();
    const channels = channelsOf();
    const reason = (intent: Record<string, unknown>) => {
      const answer = show(docs, GM, channels, intent);
      return answer.ok ? 'shown' : answer.reason;
    };
    expect(reason({ title: 'x'.repeat(MAX_HANDOUT_TITLE_CHARS + 1), text: 'x' })).toBe(
      'Title: at most 120 characters',
    );
    expect(reason({ title: '', text: 'x' })).toBe('Title: a handout needs a title');
    expect(reason({ title: 'Long', text: 'x'.repeat(MAX_HANDOUT_TEXT_CHARS + 1) })).toBe(
      'Text: at most 20,000 characters',
    );
    expect(
      reason({ title: 'x'.repeat(MAX_HANDOUT_TITLE_CHARS), text: 'x'.repeat(MAX_HANDOUT_TEXT_CHARS) }),
    ).toBe('shown');
    // Everyone's and the GM's copies count together.
    for (let i = 1; i < MAX_HANDOUTS; i += 1)
      expect(
        reason({ title: `Page ${i}`, text: 'x', ...(i % 2 ? { to: { kind: 'player', channel: ANA } } : {}) }),
      ).toBe('shown');
    expect(reason({ title: 'One too many', text: 'x' })).toBe(
      'this room keeps at most 100 handouts: take one back first',
    );
    const [first] = handoutsIn(publicRootsOf(docs.public).handouts);
    takeBackHandout(docs, first!.id);
    expect(reason({ title: 'Now it fits', text: 'x' })).toBe('shown');
  });

  it(`a room file with ${MAX_HANDOUTS} of the longest handouts is under the import's bound, and comes back whole`, () => {
    const docs = table();
    const channels = channelsOf();
    // Three bytes of UTF-8 per character: the most a character of the text costs in the file.
    const text = '€'.repeat(MAX_HANDOUT_TEXT_CHARS);
    for (let i = 0; i < MAX_HANDOUTS; i += 1)
      expect(
        show(docs, GM, channels, {
          title: `${i} ${'€'.repeat(MAX_HANDOUT_TITLE_CHARS - 4)}`,
          text,
          image: LETTER,
          ...(i % 2 ? { to: { kind: 'player', channel: BO } } : {}),
        }),
      ).toMatchObject({ ok: true });
    const file = exportRoom(docs.public, docs.secrets, 1);
    const bytes = Buffer.byteLength(JSON.stringify(file));
    expect(bytes).toBeGreaterThan(6_000_000);
    expect(bytes).toBeLessThan(MAX_BODY_BYTES);
    expect(RoomFileSchema.safeParse(JSON.parse(JSON.stringify(file))).success).toBe(true);
    const copy = { public: new Y.Doc(), secrets: new Y.Doc() };
    importRoom(copy.public, copy.secrets, JSON.parse(JSON.stringify(file)), {
      hasImage: (h) => h === LETTER,
    });
    expect(readSnapshot(copy.public, copy.secrets).handouts).toEqual(
      readSnapshot(docs.public, docs.secrets).handouts,
    );
  });

  it('a file from before handouts still imports (no handouts)', () => {
    const file = exportRoom(table().public, table().secrets, 1) as Record<string, unknown>;
    const older = JSON.parse(JSON.stringify(file)) as {
      public: Record<string, unknown>;
      secrets: Record<string, unknown>;
    };
    delete older.public['handouts'];
    delete older.secrets['handouts'];
    const copy = { public: new Y.Doc(), secrets: new Y.Doc() };
    importRoom(copy.public, copy.secrets, older);
    expect(readSnapshot(copy.public, copy.secrets).handouts).toEqual([]);
  });
});

describe('taking a handout back', () => {
  it("the GM's page may delete a handout but never write one (the server shows them)", () => {
    const docs = table();
    show(docs, GM, channelsOf(), { title: 'The vault', text: 'Cold air.' });
    const [handout] = handoutsIn(publicRootsOf(docs.public).handouts);
    // The GM's page holds a copy of the server's doc; its writes are checked against the server's.
    const page = new Y.Doc();
    Y.applyUpdate(page, Y.encodeStateAsUpdate(docs.public));
    const before = Y.encodeStateVector(page);
    publicRootsOf(page).handouts.set('h-forged', { ...handout, id: 'h-forged', image: ELSEWHERE });
    expect(checkDocWrite(docs.public, 'public', Y.encodeStateAsUpdate(page, before))).toBe(
      'handouts.h-forged: a handout is shown through the server (Show in the Handouts panel); the GM may only take one back',
    );
    const page2 = new Y.Doc();
    Y.applyUpdate(page2, Y.encodeStateAsUpdate(docs.public));
    const before2 = Y.encodeStateVector(page2);
    takeBackHandout({ public: page2 }, handout!.id);
    expect(publicRootsOf(page2).handouts.size).toBe(0);
    expect(checkDocWrite(docs.public, 'public', Y.encodeStateAsUpdate(page2, before2))).toBeNull();
  });

  it("a one-player handout taken back from the GM's copy leaves that player's channel (the server follows)", () => {
    const docs = table();
    const channels = channelsOf();
    const stop = followHandoutTakeBacks(docs.secrets, (channel) => channels.docs.get(channel));
    show(docs, GM, channels, { title: 'For Bo', text: 'x', to: { kind: 'player', channel: BO } });
    show(docs, GM, channels, { title: 'Also for Bo', text: 'y', to: { kind: 'player', channel: BO } });
    const bo = channelRootsOf(channels.doc(BO)!).handouts;
    expect(bo.size).toBe(2);
    const [first] = handoutsIn(secretRootsOf(docs.secrets).handouts).filter((h) => h.title === 'For Bo');
    takeBackHandout(docs, first!.id);
    expect(handoutsIn(bo).map((h) => h.title)).toEqual(['Also for Bo']);
    expect(handoutsIn(secretRootsOf(docs.secrets).handouts).map((h) => h.title)).toEqual(['Also for Bo']);
    stop();
  });
});

describe('imagesNamedBy: the images a doc names, cached until its image roots change', () => {
  it('names what its image roots hold; a chat line changes nothing, a handout does', () => {
    const docs = table();
    const channels = channelsOf();
    const first = imagesNamedBy(docs.public, 'public');
    expect([...first]).toEqual([]);
    // A chat line (even one naming an image's id) changes no image root: the same set, not read again.
    applyIntent(docs, GM, { kind: 'chat', text: LETTER }, fixedDice([]), { channels });
    expect(imagesNamedBy(docs.public, 'public')).toBe(first);
    show(docs, GM, channels, { title: 'The vault', image: LETTER });
    expect([...imagesNamedBy(docs.public, 'public')]).toEqual([LETTER]);
    show(docs, GM, channels, { title: 'For Bo', image: LETTER, to: { kind: 'player', channel: BO } });
    expect([...imagesNamedBy(channels.doc(BO)!, 'channel')]).toEqual([LETTER]);
    expect([...imagesNamedBy(channels.doc(ANA)!, 'channel')]).toEqual([]);
    takeBackHandout(docs, handoutsIn(publicRootsOf(docs.public).handouts)[0]!.id);
    expect([...imagesNamedBy(docs.public, 'public')]).toEqual([]);
  });
});
