import { describe, expect, it } from 'vitest';
import * as Y from 'yjs';
import { fixedDice } from '../../src/lib/dice';
import type { ChatMessage } from '../../src/schema/chat';
import { MAX_LOG_ENTRIES } from '../../src/schema/limits';
import { applyIntent } from '../../src/table/applyIntent';
import { checkDocWrite } from '../../src/table/checkDocWrite';
import type { Actor } from '../../src/table/applyIntent';
import { channelRootsOf, publicRootsOf, secretRootsOf } from '../../src/table/docLayout';
import type { TableDocs } from '../../src/table/docLayout';
import { audienceOf } from '../../src/table/intents/chatAudience';
import type { ChannelDocs } from '../../src/table/intents/chatChannels';
import type { IntentContext } from '../../src/table/intents/IntentContext';
import { exportRoom, importRoom } from '../../src/table/roomFile';
import { readSnapshot } from '../../src/table/snapshot';
import { GM, mapOf, party, pc, room } from './fixtures';

const ANA = 'aaaaaaaaaaaa';
const BO = 'bbbbbbbbbbbb';
const NAMES: Record<string, string> = { [ANA]: 'Ana', [BO]: 'Bo' };

/** The room's channels as the server hands them over: two invites, their docs made on demand. */
function channelsOf(own?: string): ChannelDocs & { docs: Map<string, Y.Doc> } {
  const docs = new Map<string, Y.Doc>();
  return {
    docs,
    ...(own ? { own } : {}),
    nameOf: (channel) => NAMES[channel],
    doc(channel) {
      let doc = docs.get(channel);
      if (!doc) docs.set(channel, (doc = new Y.Doc()));
      return doc;
    },
  };
}

const PLAYER: Actor = { role: 'player', characterIds: [] };

function ctxOf(actor: Actor, channels?: ChannelDocs): IntentContext {
  return { actor, ...(channels ? { channels } : {}) } as unknown as IntentContext;
}

describe('audienceOf: who a line goes to', () => {
  it('no target is everyone', () => {
    expect(audienceOf(ctxOf(PLAYER, channelsOf(ANA)), undefined)).toBeUndefined();
    expect(audienceOf(ctxOf(GM, channelsOf()), undefined)).toBeUndefined();
  });

  it('a player whispers to the GM only', () => {
    expect(audienceOf(ctxOf(PLAYER, channelsOf(ANA)), { kind: 'gm' })).toEqual({ kind: 'gm' });
    expect(audienceOf(ctxOf(PLAYER, channelsOf(ANA)), { kind: 'player', channel: BO })).toEqual({
      ok: false,
      reason: 'players whisper to the GM only',
    });
  });

  it('the GM whispers to a player of this room, named from the invite, or to the GM (a private line)', () => {
    expect(audienceOf(ctxOf(GM, channelsOf()), { kind: 'player', channel: BO })).toEqual({
      kind: 'player',
      channel: BO,
      name: 'Bo',
    });
    expect(audienceOf(ctxOf(GM, channelsOf()), { kind: 'gm' })).toEqual({ kind: 'gm' });
    expect(audienceOf(ctxOf(GM, channelsOf()), { kind: 'player', channel: 'cccccccccccc' })).toEqual({
      ok: false,
      reason: 'no such player in this room',
    });
  });

  it('without the server’s channels nothing is whispered (never said aloud instead)', () => {
    const reason = 'whispers go through the server: this table cannot carry them';
    expect(audienceOf(ctxOf(PLAYER), { kind: 'gm' })).toEqual({ ok: false, reason });
    expect(audienceOf(ctxOf(GM), { kind: 'player', channel: BO })).toEqual({ ok: false, reason });
  });
});

describe('whispers through applyIntent: where each copy is written', () => {
  const table = (): TableDocs & { secrets: Y.Doc } =>
    room({ map: mapOf(['....', '....']), party: party(pc('Ana')) });
  const say = (docs: TableDocs, actor: Actor, channels: ChannelDocs, intent: unknown, now: number) =>
    applyIntent(docs, actor, intent, fixedDice([]), {
      now,
      senderName: actor.role === 'gm' ? 'GM' : 'Ana',
      channels,
    });
  const lines = (array: Y.Array<unknown>) => array.toArray() as ChatMessage[];
  const texts = (array: Y.Array<unknown>) => lines(array).map((l) => l.text);

  it('a player’s whisper: the GM’s copy and the player’s own, never the public doc', () => {
    const docs = table();
    const channels = channelsOf(ANA);
    const answer = say(
      docs,
      PLAYER,
      channels,
      { kind: 'chat', text: 'I pocket the key', to: { kind: 'gm' } },
      5,
    );
    expect(answer).toMatchObject({ ok: true, outcome: { kind: 'chat', text: 'I pocket the key' } });
    expect(texts(publicRootsOf(docs.public).chat)).toEqual([]);
    expect(lines(secretRootsOf(docs.secrets).chat)).toMatchObject([
      { from: 'Ana', text: 'I pocket the key', to: { kind: 'gm' }, at: 5 },
    ]);
    expect(lines(channelRootsOf(channels.doc(ANA)!).chat)).toEqual(lines(secretRootsOf(docs.secrets).chat));
    expect([...channels.docs.keys()]).toEqual([ANA]);
    expect(JSON.stringify(docs.public.toJSON())).not.toContain('pocket');
  });

  it('the GM’s whisper reaches that player’s channel only; a private line stays in the secrets doc', () => {
    const docs = table();
    const channels = channelsOf();
    const toBo = { kind: 'chat', text: 'A trapdoor under you', to: { kind: 'player', channel: BO } };
    expect(say(docs, GM, channels, toBo, 1)).toMatchObject({ ok: true });
    expect(
      say(docs, GM, channels, { kind: 'chat', text: 'reinforcements at round 3', to: { kind: 'gm' } }, 2),
    ).toMatchObject({ ok: true });
    expect(texts(secretRootsOf(docs.secrets).chat)).toEqual([
      'A trapdoor under you',
      'reinforcements at round 3',
    ]);
    expect(lines(secretRootsOf(docs.secrets).chat)[0]!.to).toEqual({
      kind: 'player',
      channel: BO,
      name: 'Bo',
    });
    expect(texts(channelRootsOf(channels.doc(BO)!).chat)).toEqual(['A trapdoor under you']);
    expect([...channels.docs.keys()]).toEqual([BO]);
    expect(texts(publicRootsOf(docs.public).chat)).toEqual([]);
  });

  it('refusals write nothing anywhere', () => {
    const docs = table();
    const channels = channelsOf(ANA);
    const before = Y.encodeStateVector(docs.secrets);
    expect(
      say(docs, PLAYER, channels, { kind: 'chat', text: 'psst', to: { kind: 'player', channel: BO } }, 1),
    ).toEqual({ ok: false, reason: 'players whisper to the GM only' });
    expect(
      say(
        docs,
        GM,
        channelsOf(),
        { kind: 'chat', text: 'psst', to: { kind: 'player', channel: 'cccccccccccc' } },
        1,
      ),
    ).toEqual({
      ok: false,
      reason: 'no such player in this room',
    });
    expect(Y.encodeStateVector(docs.secrets)).toEqual(before);
    expect(channels.docs.size).toBe(0);
  });

  it('each reader’s chat is one list in time order: public + (GM) secrets or (player) own channel', () => {
    const docs = table();
    const ana = channelsOf(ANA);
    say(docs, GM, channelsOf(), { kind: 'chat', text: 'welcome' }, 1);
    say(docs, PLAYER, ana, { kind: 'chat', text: 'psst, GM', to: { kind: 'gm' } }, 2);
    say(docs, GM, channelsOf(), { kind: 'chat', text: 'roll initiative' }, 3);
    const gm = readSnapshot(docs.public, docs.secrets).chat.map((l) => l.text);
    expect(gm).toEqual(['welcome', 'psst, GM', 'roll initiative']);
    const player = readSnapshot(docs.public, undefined, ana.doc(ANA)!).chat.map((l) => l.text);
    expect(player).toEqual(['welcome', 'psst, GM', 'roll initiative']);
    expect(readSnapshot(docs.public).chat.map((l) => l.text)).toEqual(['welcome', 'roll initiative']);
  });

  it('a channel keeps at most the chat bound: its oldest line goes', () => {
    const docs = table();
    const channels = channelsOf(ANA);
    const chat = channelRootsOf(channels.doc(ANA)!).chat;
    chat.push(
      Array.from({ length: MAX_LOG_ENTRIES }, (_, i) => ({
        id: `c${i}`,
        at: 1,
        from: 'Ana',
        text: `old ${i}`,
      })),
    );
    say(docs, PLAYER, channels, { kind: 'chat', text: 'newest', to: { kind: 'gm' } }, 2);
    expect(chat.length).toBe(MAX_LOG_ENTRIES);
    expect((chat.get(0) as ChatMessage).text).toBe('old 1');
    expect((chat.get(chat.length - 1) as ChatMessage).text).toBe('newest');
  });

  it('the GM’s copy of the whispers is full at the chat bound: whispers are then refused, said why', () => {
    const docs = table();
    const chat = secretRootsOf(docs.secrets).chat;
    chat.push(
      Array.from({ length: MAX_LOG_ENTRIES }, (_, i) => ({
        id: `c${i}`,
        at: 1,
        from: 'GM',
        text: `x${i}`,
        to: { kind: 'gm' },
      })),
    );
    expect(
      say(docs, PLAYER, channelsOf(ANA), { kind: 'chat', text: 'one more', to: { kind: 'gm' } }, 2),
    ).toEqual({
      ok: false,
      reason:
        "this room's whisper history is full (at most 100,000 lines): export the log and start a new room for the next session",
    });
  });

  it('the room file keeps the GM’s copy of every whisper', () => {
    const docs = table();
    say(docs, PLAYER, channelsOf(ANA), { kind: 'chat', text: 'psst, GM', to: { kind: 'gm' } }, 2);
    const file = exportRoom(docs.public, docs.secrets, 9);
    expect(file.secrets.chat.map((l) => l.text)).toEqual(['psst, GM']);
    expect(file.public.chat).toEqual([]);
    const copy = { public: new Y.Doc(), secrets: new Y.Doc() };
    importRoom(copy.public, copy.secrets, JSON.parse(JSON.stringify(file)));
    expect(readSnapshot(copy.public, copy.secrets).chat.map((l) => l.text)).toEqual(['psst, GM']);
    expect(readSnapshot(copy.public).chat).toEqual([]);
  });
});

describe('the GM’s direct writes to the secrets chat', () => {
  it('are checked like public chat: a valid line passes, a malformed one is refused in words', () => {
    const server = new Y.Doc();
    const writeOf = (value: unknown) => {
      const client = new Y.Doc();
      Y.applyUpdate(client, Y.encodeStateAsUpdate(server));
      let update: Uint8Array = new Uint8Array();
      client.on('update', (u: Uint8Array) => (update = u));
      secretRootsOf(client).chat.push([value]);
      return update;
    };
    const line = { id: 'c1', at: 1, from: 'GM', text: 'note to self', to: { kind: 'gm' } };
    expect(checkDocWrite(server, 'secrets', writeOf(line))).toBeNull();
    expect(checkDocWrite(server, 'secrets', writeOf({ ...line, text: 'x'.repeat(2001) }))).toMatch(
      /^chat: text: /,
    );
  });
});
