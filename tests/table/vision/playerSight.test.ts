import * as Y from 'yjs';
import { describe, expect, it } from 'vitest';
import { channelRootsOf, publicRootsOf, secretRootsOf } from '../../../src/table/docLayout';
import { applyIntent } from '../../../src/table/applyIntent';
import { fixedDice } from '../../../src/lib/dice';
import { readSettings } from '../../../src/table/readDoc';
import { readSnapshot } from '../../../src/table/snapshot';
import { setRoomSettings } from '../../../src/table/writers/roomWriters';
import { moveToken, setTokenHidden } from '../../../src/table/writers/tokenWriters';
import { followPlayerSight } from '../../../src/table/vision/followPlayerSight';
import { decodeSquares } from '../../../src/table/vision/squareSet';
import { encounter, foe, mapOf, move, party, pc, player, room } from '../fixtures';

/**
 * Per-player fog (room setting `vision: 'per-player'`, docs/table/fog-of-war.md): each player is
 * sent what their own characters see. Ana (0,1) and Bo (8,1) stand on either side of a wall down
 * column 4; the ogre (6,0) is on Bo's side.
 */
function perPlayerRoom() {
  const docs = room({
    map: mapOf(['....#....', '....#....', '....#....', '.........']),
    party: party(pc('Ana'), pc('Bo')),
    encounter: encounter(
      [{ id: 'ogre', statBlock: foe('Ogre'), cell: { x: 6, y: 0 } }],
      [
        { x: 0, y: 1 },
        { x: 8, y: 1 },
      ],
    ),
  });
  setTokenHidden(docs, 'ogre', false);
  const channels: Record<string, Y.Doc> = { anas: new Y.Doc(), bos: new Y.Doc() };
  const players = [
    { channel: 'anas', characterIds: ['ana'] },
    { channel: 'bos', characterIds: ['bo'] },
  ];
  // As the server runs it: every change followed, each player's channel written in the same tick.
  followPlayerSight(
    docs,
    () => players,
    (c) => channels[c],
  );
  setRoomSettings(docs, { ...readSettings(docs.public, []), vision: 'per-player' });
  const channelsFor = (own: string) => ({
    own,
    nameOf: (c: string) => (c in channels ? c : undefined),
    doc: (c: string) => channels[c],
  });
  return { docs, channels, channelsFor };
}

const ids = (doc: Y.Doc) => [...channelRootsOf(doc).tokens.keys()].sort();
const playerSees = (docs: { public: Y.Doc }, channel: Y.Doc) =>
  readSnapshot(docs.public, undefined, channel)
    .tokens.filter((t) => !t.hidden)
    .map((t) => t.id)
    .sort();

describe('per-player fog of war', () => {
  it('each player is sent only what their own characters see: the public doc holds what all see', () => {
    const { docs, channels } = perPlayerRoom();
    expect([...publicRootsOf(docs.public).tokens.keys()]).toEqual([]);
    expect(ids(channels.anas!)).toEqual(['ana']);
    expect(ids(channels.bos!)).toEqual(['bo', 'ogre']);
    expect(playerSees(docs, channels.anas!)).toEqual(['ana']);
    expect(playerSees(docs, channels.bos!)).toEqual(['bo', 'ogre']);
    // The copies carry what the public doc would: Bo's own state and stat block, the ogre's stats.
    expect(channelRootsOf(channels.bos!).statBlocks.has('ogre')).toBe(true);
    expect(channelRootsOf(channels.bos!).combatants.has('bo')).toBe(true);
    // The GM reads everyone, each kept from players marked for its return.
    expect(secretRootsOf(docs.secrets).tokens.get('ogre')).toMatchObject({ outOfSight: 'stats-shown' });
    expect(secretRootsOf(docs.secrets).tokens.get('ana')).toMatchObject({ outOfSight: 'stats-shown' });
  });

  it('Ana stepping past the wall’s end sees Bo and the ogre: all three in the public doc, the copies gone', () => {
    const { docs, channels, channelsFor } = perPlayerRoom();
    const result = applyIntent(
      docs,
      player('ana'),
      move('ana', '0,2 0,3 1,3 2,3 3,3 4,3', 'run'),
      fixedDice([]),
      {
        channels: channelsFor('anas'),
      },
    );
    expect(result).toMatchObject({ ok: true });
    expect([...publicRootsOf(docs.public).tokens.keys()].sort()).toEqual(['ana', 'bo', 'ogre']);
    expect(ids(channels.anas!)).toEqual([]);
    expect(ids(channels.bos!)).toEqual([]);
    // Her answer tells her own move (it is not redacted): she always sees her character.
    expect(result.ok && result.outcome).toMatchObject({ kind: 'move' });
  });

  it('a player may act on a character only their channel carries; the other player may not', () => {
    const { docs, channelsFor } = perPlayerRoom();
    const attack = { kind: 'attack', attackerId: 'bo', targetId: 'ogre', abilityId: 'basic-ranged' };
    const ana = applyIntent(
      docs,
      player('ana'),
      { kind: 'attack', attackerId: 'ana', targetId: 'ogre', abilityId: 'basic-ranged' },
      fixedDice([]),
      { channels: channelsFor('anas') },
    );
    expect(ana).toEqual({ ok: false, reason: 'that character is not on the table' });
    const bo = applyIntent(docs, player('bo'), attack, fixedDice([10, 4, 4, 4, 4]), {
      channels: channelsFor('bos'),
    });
    expect(bo.ok).toBe(true);
  });

  it('the GM moving the ogre behind the wall: Bo loses it, Ana never gets it; Ana’s explored squares grow with her', async () => {
    const { docs, channels } = perPlayerRoom();
    moveToken(docs, 'ogre', { x: 1, y: 0 });
    // The copies follow at once; what she explored, in a task of its own.
    await new Promise((resolve) => setImmediate(resolve));
    expect(ids(channels.bos!)).toEqual(['bo']);
    expect(ids(channels.anas!)).toEqual(['ana', 'ogre']);
    const explored = channelRootsOf(channels.anas!).explored.get('room');
    expect(typeof explored).toBe('string');
    const bits = decodeSquares(explored as string, 9, 4)!;
    expect(bits[0 * 9 + 0]).toBe(1); // her own side
    expect(bits[0 * 9 + 6]).toBe(0); // the ogre's old square, behind the wall
    expect(secretRootsOf(docs.secrets).playerExplored.get('anas:room')).toBe(explored);
  });

  it('turning it off gives everyone back to the public doc and empties the channels', () => {
    const { docs, channels } = perPlayerRoom();
    setRoomSettings(docs, { ...readSettings(docs.public, []), vision: 'off' });
    expect([...publicRootsOf(docs.public).tokens.keys()].sort()).toEqual(['ana', 'bo', 'ogre']);
    expect(ids(channels.anas!)).toEqual([]);
    expect(ids(channels.bos!)).toEqual([]);
  });
});
