import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import * as Y from 'yjs';
import type { Dice } from '../../src/lib/dice';
import type { MapInput } from '../../src/schema/map';
import type { RoomFile } from '../../src/schema/room';
import { ROOM_FILE_SCHEMA_VERSION } from '../../src/schema/room';
import { SchemaError } from '../../src/schema/formatIssues';
import type { Actor } from '../../src/table/applyIntent';
import { applyIntent } from '../../src/table/applyIntent';
import { DOC_ROOTS, type RootName } from '../../src/table/docRoots';
import type { TableDocs } from '../../src/table/docLayout';
import { secretRootsOf } from '../../src/table/docLayout';
import { encodeSquares } from '../../src/table/vision/squareSet';
import type { ChannelDocs } from '../../src/table/intents/chatChannels';
import { readMapContent } from '../../src/table/mapContent';
import { readSettings } from '../../src/table/readDoc';
import { readSnapshot } from '../../src/table/snapshot';
import { exportRoom, importRoom, ROOM_FILE_ROOTS } from '../../src/table/roomFile';
import { setDoor } from '../../src/table/writers/doorWriters';
import { paintCells, setDestructibleHp } from '../../src/table/writers/mapWriters';
import { postLogNote, setNote, setRoomName, setRoomSettings } from '../../src/table/writers/roomWriters';
import { createScene } from '../../src/table/scenes/sceneWriters';
import { sceneFromEncounter } from '../../src/table/scenes/sceneSources';
import type { GmDocs } from '../../src/table/scenes/sceneContent';
import { encounter, foe, GM, mapOf, PARRY, party, pc, player, room } from './fixtures';

/** A 1×1 PNG: the bytes a room file carries for its battlemap (the server checks real ones). */
const PICTURE =
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==';
const PICTURE_HASH = createHash('sha256').update(Buffer.from(PICTURE, 'base64')).digest('hex');
/** What the server adds to an export (src/server/assets/roomFileImages.ts): the room's images. */
const ASSETS = [{ hash: PICTURE_HASH, data: PICTURE }];

/** The drake's interrupt: a foe stepping next to it (a secret of the GM's: its stats are hidden). */
const TAIL_LASH = {
  name: 'Tail Lash',
  cost: 'free',
  tags: { interrupt: 1 },
  trigger: { kind: 'moves-adjacent', who: 'foe' },
  range: 1,
  effect: { damage: { tier: 'fray' } },
};

// 01234567
// A..D...d  y0   Ana (0,0), Ruin Drake (3,0), a closed door (7,0)
// .......d  y1   a door (7,1), opened in play
// ........  y2
// .T...S#.  y3   destructible terrain of height 2 (1,3), the hidden spy (5,3)
const MAP: MapInput = {
  ...mapOf(
    ['........', '........', '........', '......#.'],
    ['00000000', '00000000', '00000000', '02000000'],
  ),
  destructible: [{ x: 1, y: 3 }],
  doors: [
    { x: 7, y: 0, closed: true },
    { x: 7, y: 1, closed: true },
  ],
  background: {
    asset: PICTURE_HASH,
    imageWidth: 256,
    imageHeight: 128,
    pixelsPerSquare: 32,
    offsetX: 0,
    offsetY: 0,
    terrainOpacity: 0.5,
  },
};

const ANA = player('ana');
/** Ana's player's invite (channel id), for her whisper. */
const ANA_CHANNEL = 'aaaaaaaaaaaa';

/** Every die shows 3, every d20 `d20`. */
const dice = (d20: number): Dice => ({ roll: (sides) => (sides === 20 ? d20 : Math.min(sides, 3)) });

/** One intent, as the server would send it (its channels give whispers their copies); throws when refused. */
function send(docs: TableDocs, actor: Actor, intent: Record<string, unknown>, d20 = 10) {
  const channelDocs = new Map<string, Y.Doc>();
  const channels: ChannelDocs = {
    ...(actor.role === 'player' ? { own: ANA_CHANNEL } : {}),
    nameOf: (channel) => (channel === ANA_CHANNEL ? 'Ana' : undefined),
    doc: (channel) => {
      if (!channelDocs.has(channel)) channelDocs.set(channel, new Y.Doc());
      return channelDocs.get(channel);
    },
  };
  const result = applyIntent(docs, actor, intent, dice(d20), {
    now: 1_700_000_000_000,
    senderName: actor.role === 'gm' ? 'GM' : 'Ana',
    channels,
    // The room's one image: its battlemap, also shown as a handout.
    assetLinked: (hash) => hash === PICTURE_HASH,
  });
  if (!result.ok) throw new Error(`${String(intent['kind'])} refused: ${result.reason}`);
  return result;
}

/**
 * A room in play, built through the app's own writers and intents, with content in every root
 * of both docs: a battlemap with a closed and an opened door, painted and damaged terrain, a
 * visible PC, a visible foe with hidden stats and a hidden one, combat under way with offers
 * pending on both sides, log lines and chat (a whisper too) in both docs, drawings on both
 * layers, notes, changed settings (fog of war on: what the party explored), replay records and
 * handouts (to everyone, to one player).
 */
function playedRoom(): TableDocs & { secrets: Y.Doc } {
  const docs = room(
    {
      map: MAP,
      party: party(pc('Ana', { abilities: [PARRY] } as never)),
      encounter: encounter(
        [
          {
            id: 'drake',
            statBlock: foe('Ruin Drake', { abilities: [TAIL_LASH] } as never),
            cell: { x: 3, y: 0 },
          },
          { id: 'spy', statBlock: foe('Spy'), cell: { x: 5, y: 3 } },
        ],
        [{ x: 0, y: 0 }],
      ),
    },
    'bloodied',
  );
  setRoomName(docs, 'Round trip');
  setRoomSettings(docs, { ...readSettings(docs.public, []), resistanceStacks: true, vision: 'party' });
  paintCells(docs, [{ x: 4, y: 2 }], { code: '~' });
  setDestructibleHp(docs, { x: 1, y: 3 }, 13);
  setDoor(docs, { x: 7, y: 1 }, false);
  // What one player explored under per-player fog (the server writes it; the file carries it).
  docs.secrets!.transact(() =>
    secretRootsOf(docs.secrets!).playerExplored.set(
      'a1b2c3d4e5f6:room',
      encodeSquares(new Uint8Array([1, 0, 1])),
    ),
  );
  send(docs, GM, { kind: 'reveal', tokenId: 'drake', keepStatsHidden: true });
  setNote(docs, 'spy', 'Waits for the door');
  setNote(docs, 'room', 'Session 3');
  postLogNote(docs, 'The spy slips behind the pillar', true);
  // A scene prepared for later (kept whole in the secrets doc), on a map of its own.
  createScene(
    docs as GmDocs,
    'The crypt',
    sceneFromEncounter(
      encounter([{ id: 'ghoul', statBlock: foe('Ghoul'), cell: { x: 2, y: 1 } }], [{ x: 0, y: 1 }]) as never,
      readMapContent(docs.public)!,
      new Set(['ana']),
    ),
  );
  send(docs, GM, { kind: 'draw', shape: { kind: 'line', from: [0, 2], to: [3, 2] } });
  send(docs, GM, { kind: 'draw', shape: { kind: 'text', at: [5, 3], text: 'ambush' }, layer: 'gm' });
  // A handout for everyone (public doc) and one for Ana (the GM's copy in the secrets doc).
  send(docs, GM, { kind: 'show-handout', title: 'The map of the vault', image: PICTURE_HASH });
  send(docs, GM, {
    kind: 'show-handout',
    title: 'A note in your pocket',
    text: 'Meet me at the well.',
    to: { kind: 'player', channel: ANA_CHANNEL },
  });
  send(docs, ANA, { kind: 'chat', text: 'I ready my shield' });
  send(docs, ANA, { kind: 'chat', text: 'I pocket the key', to: { kind: 'gm' } });
  send(docs, GM, { kind: 'start-combat' });
  send(docs, ANA, { kind: 'start-turn', tokenId: 'ana' });
  // Ana steps next to the drake: its Tail Lash is offered (GM-only, the secrets doc)…
  send(docs, ANA, {
    kind: 'move',
    tokenId: 'ana',
    path: [
      { x: 1, y: 0 },
      { x: 2, y: 0 },
    ],
    mode: 'move',
  });
  send(docs, ANA, { kind: 'attack', attackerId: 'ana', targetId: 'drake', abilityId: 'basic-melee' }, 15);
  // …and the GM offers Ana her Parry by hand (the public doc): both pending in this turn.
  send(docs, GM, { kind: 'interrupt-offer', tokenId: 'ana', abilityId: 'parry', action: 'offer' });
  return docs;
}

/** A doc's root, by its type in DOC_ROOTS. */
const rootOf = (doc: Y.Doc, name: RootName) =>
  DOC_ROOTS[name].type === 'map' ? doc.getMap<unknown>(name) : doc.getArray<unknown>(name);
const sizeOf = (root: Y.Map<unknown> | Y.Array<unknown>) => (root instanceof Y.Map ? root.size : root.length);

/** Every root of the public and secrets docs, walked from DOC_ROOTS (channel docs are not in files). */
const roots = (docs: TableDocs & { secrets: Y.Doc }) =>
  (Object.keys(DOC_ROOTS) as RootName[]).flatMap((name) =>
    (['public', 'secrets'] as const)
      .filter((which) => (DOC_ROOTS[name].in as readonly string[]).includes(which))
      .map((which) => ({ name, which, root: rootOf(docs[which], name) })),
  );

/**
 * Roots the file does not hold as they are (ROOM_FILE_ROOTS): the import rebuilds them, so an
 * imported room may have them empty. Painted squares are folded into the map's rows; players'
 * faces of foes' HP are recomputed (and compared below all the same).
 */
const FOLDED_INTO_ROWS: readonly RootName[] = ['mapPaint'];
/**
 * Roots that hold something only while fog of war keeps a combatant of the turn order from
 * players (the secrets doc's whole order): the file carries the whole order as `public.turn`,
 * and its round trip under fog is tests/table/vision/turnSight.test.ts's.
 */
const FOG_ONLY: readonly string[] = ['secrets.turn'];

/** The file as the server exports it: with the room's images. */
const exported = (docs: TableDocs & { secrets: Y.Doc }): RoomFile => ({
  ...exportRoom(docs.public, docs.secrets, 42),
  assets: ASSETS,
});

const imported = (file: unknown) => {
  const copy = { public: new Y.Doc(), secrets: new Y.Doc() };
  importRoom(copy.public, copy.secrets, JSON.parse(JSON.stringify(file)));
  return copy;
};

describe('room files come back whole (issue 32)', () => {
  it('every root of DOC_ROOTS is decided: in the file, or derived on import', () => {
    for (const name of Object.keys(DOC_ROOTS) as RootName[])
      expect(['file', 'derived'], name).toContain(ROOM_FILE_ROOTS[name]);
    expect(Object.keys(ROOM_FILE_ROOTS).sort()).toEqual(Object.keys(DOC_ROOTS).sort());
  });

  it('a played room with content in every root: export → import → export is the same file, and every root the same', () => {
    const docs = playedRoom();
    for (const { name, which, root } of roots(docs))
      if (!FOG_ONLY.includes(`${which}.${name}`))
        expect(
          sizeOf(root),
          `${which} doc's '${name}' is empty: the room under test must fill it`,
        ).toBeGreaterThan(0);

    const file = exported(docs);
    const copy = imported(file);
    for (const { name, which, root } of roots(copy)) {
      if (FOLDED_INTO_ROWS.includes(name) || FOG_ONLY.includes(`${which}.${name}`)) continue;
      expect(sizeOf(root), `${which} doc's '${name}' is empty after import`).toBeGreaterThan(0);
    }
    expect(exported(copy)).toEqual(file);

    // Root by root: what the import wrote is what the room had (rows and paint as one map).
    for (const { name, which, root } of roots(docs)) {
      if (name === 'mapRows' || FOLDED_INTO_ROWS.includes(name)) continue;
      expect(rootOf(copy[which], name).toJSON(), `${which} doc's '${name}'`).toEqual(root.toJSON());
    }
    expect(readMapContent(copy.public)).toEqual(readMapContent(docs.public));
    expect(rootOf(copy.public, 'mapPaint').toJSON()).toEqual({});

    // What the issue saw lost: the battlemap and the closed door.
    expect(file.public.map.background?.asset).toBe(PICTURE_HASH);
    expect(file.public.map.doors).toEqual([
      { x: 7, y: 0, closed: true },
      { x: 7, y: 1, closed: false },
    ]);
    expect(readMapContent(copy.public)?.background).toEqual(MAP.background);
  });

  it('what cannot be imported is refused, naming its path; nothing is written', () => {
    const file = exported(playedRoom());
    const refusal = (change: (file: RoomFile) => void): string[] => {
      const broken = structuredClone(file);
      change(broken);
      const copy = { public: new Y.Doc(), secrets: new Y.Doc() };
      try {
        importRoom(copy.public, copy.secrets, broken);
      } catch (error) {
        expect(error).toBeInstanceOf(SchemaError);
        expect(Y.encodeStateAsUpdate(copy.public)).toEqual(Y.encodeStateAsUpdate(new Y.Doc()));
        return [...(error as SchemaError).issues];
      }
      throw new Error('imported');
    };
    expect(refusal((f) => (f.public.map.doors![1]!.x = 8))).toEqual([
      'public.map.doors.1: (8,1) is outside the 8×4 map',
    ]);
    expect(refusal((f) => (f.public.map.doors![0] = { x: 6, y: 3, closed: true }))).toEqual([
      'public.map.doors.0: (6,3) is impassable (a door stands on a square one can walk through)',
    ]);
    expect(refusal((f) => delete f.assets)).toEqual([
      `public.map.background.asset: the battlemap's image ${PICTURE_HASH} is not among the file's images (assets)`,
      `public.handouts.${Object.keys(file.public.handouts)[0]}.image: the handout's picture ${PICTURE_HASH} is not among the file's images (assets)`,
    ]);
    expect(refusal((f) => (f.public.destructibleHp['2,3'] = 5))).toEqual([
      'public.destructibleHp.2,3: (2,3) is not a destructible square of the map (public.map.destructible)',
    ]);
  });
});

describe('a room file written by an earlier build still opens', () => {
  /** An export of ROOM_FILE_SCHEMA_VERSION 1 (two foes, one hidden, a PC, a battlemap, a closed door, a turn). */
  const FIXTURE = `../fixtures/room-file-v${ROOM_FILE_SCHEMA_VERSION}.json`;
  const fixture = JSON.parse(readFileSync(new URL(FIXTURE, import.meta.url), 'utf8')) as RoomFile;

  it('imports, with its battlemap, its closed door, its tokens and its log', () => {
    const copy = imported(fixture);
    const map = readMapContent(copy.public)!;
    expect(map.background).toEqual(fixture.public.map.background);
    expect(fixture.assets?.map((a) => a.hash)).toContain(map.background?.asset);
    expect(map.doors).toEqual([{ x: 3, y: 2, closed: true }]);
    const view = readSnapshot(copy.public, copy.secrets);
    expect(view.tokens.map((t) => `${t.name}${t.hidden ? ' (hidden)' : ''}`).sort()).toEqual([
      'Ana',
      'Orc',
      'Spy (hidden)',
    ]);
    expect(view.log.length).toBeGreaterThan(2);
    expect(view.turn?.currentId).toBe('ana');
  });
});
