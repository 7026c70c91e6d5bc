import { describe, expect, it } from 'vitest';
import { fixedDice } from '../../src/lib/dice';
import { applyIntent } from '../../src/table/applyIntent';
import { readSnapshot } from '../../src/table/snapshot';
import { act, encounter, foe, GM, mapOf, move, party, pc, player, room } from './fixtures';

// cells                heights
// 0123456              0123456
// .......  y0          0000000
// .~.....  y1          0000000
// .......  y2          0002000
// .!.....  y3          0000000
const MAP = mapOf(['.......', '.~.....', '.......', '.!.....'], ['0000000', '0000000', '0002000', '0000000']);

const ANA = player('ana');

function seeded(chapter = 1) {
  const docs = room({
    map: MAP,
    party: party(pc('Ana', { armor: 2 }), pc('Bo')),
    encounter: encounter(
      [{ id: 'orc', statBlock: foe('Orc'), cell: { x: 6, y: 0 } }],
      [
        { x: 0, y: 0 },
        { x: 0, y: 2 },
      ],
      chapter,
    ),
    revealFoes: true,
  });
  return docs;
}

function inCombatOnAnasTurn(chapter = 1) {
  const docs = seeded(chapter);
  expect(act(docs, GM, { kind: 'start-combat' }).ok).toBe(true);
  expect(act(docs, ANA, { kind: 'start-turn', tokenId: 'ana' }).ok).toBe(true);
  return docs;
}

describe('move intent', () => {
  it('out of combat a legal path is taken whatever its length, and logged', () => {
    const docs = seeded();
    const result = applyIntent(docs, ANA, move('ana', '1,0 2,0 3,0 4,0 4,1 3,1'), fixedDice([]), {
      now: 1000,
    });
    expect(result).toMatchObject({
      ok: true,
      outcome: { kind: 'move', cost: 6, budget: null, to: { x: 3, y: 1 } },
    });
    const snap = readSnapshot(docs.public);
    expect(snap.tokensById['ana']!.cell).toEqual({ x: 3, y: 1 });
    expect(snap.log.at(-1)).toMatchObject({
      kind: 'move',
      actor: 'ana',
      at: 1000,
      summary: 'Ana moves to (3,1), cost 6',
    });
  });

  it('refuses a path dearer than the movement left: difficult terrain costs +1 to leave', () => {
    const docs = inCombatOnAnasTurn();
    // (0,1) 1, (1,1) 1, leaving difficult (1,1) into (2,1) 1+1, (3,1) 1 = 5 > Speed 4
    const result = act(docs, ANA, move('ana', '0,1 1,1 2,1 3,1'));
    expect(result).toEqual({ ok: false, reason: 'path costs 5, you have 4' });
    expect(readSnapshot(docs.public).tokensById['ana']!.cell).toEqual({ x: 0, y: 0 });
  });

  it('a standard move can be split; the rest of Speed stays for later', () => {
    const docs = inCombatOnAnasTurn();
    expect(act(docs, ANA, move('ana', '1,0 2,0'))).toMatchObject({
      ok: true,
      outcome: { cost: 2, budget: 4 },
    });
    // Stepping next to the orc is free; only leaving its side would cost the +1 of engagement.
    expect(act(docs, ANA, move('ana', '3,0 4,0 5,0'))).toEqual({
      ok: false,
      reason: 'path costs 3, you have 2',
    });
    expect(act(docs, ANA, move('ana', '2,1 3,1'))).toMatchObject({
      ok: true,
      outcome: { cost: 2, budget: 2 },
    });
    expect(readSnapshot(docs.public).tokensById['ana']!.state!.turn.movementUsed).toBe(4);
  });

  it('climbing costs +1 per level: onto the height-2 square from the ground costs 3', () => {
    const docs = seeded();
    const result = act(docs, GM, move('bo', '1,2 2,2 3,2'));
    expect(result).toMatchObject({ ok: true, outcome: { cost: 5 } });
    // Coming down 2 levels in one step is a fall: 2 physical damage.
    const down = act(docs, GM, move('bo', '4,2'));
    expect(down).toMatchObject({ ok: true, outcome: { cost: 1, events: [{ kind: 'fall', levels: 2 }] } });
    expect(readSnapshot(docs.public).tokensById['bo']!.state!.hp).toBe(38);
  });

  it('Run costs 1 action for half Speed (rounded up); Dash costs 2 actions for full Speed', () => {
    const docs = inCombatOnAnasTurn();
    expect(act(docs, ANA, move('ana', '1,0 2,0 3,0', 'run'))).toEqual({
      ok: false,
      reason: 'path costs 3, you have 2',
    });
    expect(act(docs, ANA, move('ana', '1,0 2,0', 'run')).ok).toBe(true);
    const state = readSnapshot(docs.public).tokensById['ana']!.state!;
    expect([state.turn.actionsUsed, state.turn.movementUsed]).toEqual([1, 0]);
    expect(act(docs, ANA, move('ana', '3,0', 'run'))).toEqual({
      ok: false,
      reason: 'already used run this turn',
    });
    expect(act(docs, ANA, move('ana', '3,0', 'dash'))).toEqual({
      ok: false,
      reason: 'dash needs 2 actions, 1 left',
    });
  });

  it('entering a dangerous square deals piercing damage equal to the chapter (armor does not help)', () => {
    const docs = inCombatOnAnasTurn(2);
    const result = act(docs, ANA, move('ana', '0,1 0,2 1,2 1,3'));
    // Bo stands on (0,2): allies can be moved through.
    expect(result).toMatchObject({
      ok: true,
      outcome: { cost: 4, events: [{ kind: 'dangerous', damage: 2 }] },
    });
    expect(readSnapshot(docs.public).tokensById['ana']!.state!.hp).toBe(38);
  });

  it('permissions: only your own character, only on its turn; the GM may move anyone', () => {
    const docs = inCombatOnAnasTurn();
    expect(act(docs, ANA, move('bo', '1,2'))).toEqual({
      ok: false,
      reason: 'Bo is not your character',
    });
    expect(act(docs, ANA, move('orc', '5,0'))).toEqual({
      ok: false,
      reason: 'Orc is not your character',
    });
    const bo = { role: 'player', characterIds: ['bo'] } as const;
    expect(act(docs, bo, move('bo', '1,2'))).toEqual({
      ok: false,
      reason: "not your turn: it is Ana's turn",
    });
    expect(act(docs, GM, move('orc', '5,0')).ok).toBe(true);
  });

  it('obstacles: walls and foes block; out of combat a move cannot stop on an ally', () => {
    const docs = seeded();
    expect(act(docs, ANA, move('ana', '0,1 0,2'))).toEqual({
      ok: false,
      reason: "Ana cannot stop in Bo's space at (0,2): it can only pass through",
    });
    expect(act(docs, GM, move('orc', '6,1 6,2 6,4'))).toMatchObject({ ok: false });
    expect(act(docs, ANA, move('ana', '2,0'))).toEqual({
      ok: false,
      reason: 'step 1 to (2,0) is not one orthogonal square from (0,0)',
    });
  });

  it('a malformed intent is refused with the field and the limit, in words', () => {
    const docs = seeded();
    expect(act(docs, ANA, { kind: 'move', tokenId: 'ana', path: [] })).toEqual({
      ok: false,
      reason: 'Path: at least 1 item',
    });
    expect(act(docs, ANA, { kind: 'teleport' })).toMatchObject({ ok: false });
  });
});

describe('edges', () => {
  // cells: an edge strip in column 3
  const EDGE_MAP = mapOf(['...__..', '...__..', '.......']);
  const edgeRoom = () => {
    const far = [{ id: 'orc', statBlock: foe('Orc'), cell: { x: 0, y: 2 } }];
    const docs = room({
      map: EDGE_MAP,
      party: party(pc('Ana')),
      encounter: encounter(far, [{ x: 2, y: 0 }]),
      revealFoes: true,
    });
    act(docs, GM, { kind: 'start-combat' });
    act(docs, ANA, { kind: 'start-turn', tokenId: 'ana' });
    // Rulebook (Edges): only fliers cross an edge area; a walker's move ends on the first edge.
    expect(act(docs, ANA, move('ana', '3,0 4,0 5,0'))).toMatchObject({
      ok: false,
      reason: expect.stringContaining(
        'leaves the edge space (3,0): only a flying character can cross an edge',
      ),
    });
    expect(act(docs, ANA, move('ana', '3,0'))).toMatchObject({
      ok: true,
      outcome: { events: [{ kind: 'edge' }] },
    });
    return docs;
  };

  it('ending the turn on an edge: a save of 10+ steps back to the closest non-edge square', () => {
    const docs = edgeRoom();
    const ended = act(docs, ANA, { kind: 'end-turn', tokenId: 'ana' }, [10]);
    expect(ended).toMatchObject({ ok: true, outcome: { edge: { removed: false, to: { x: 2, y: 0 } } } });
    expect(readSnapshot(docs.public).tokensById['ana']!.cell).toEqual({ x: 2, y: 0 });
  });

  it('a failed edge save takes the character out of play until it comes back, and says so', () => {
    const docs = edgeRoom();
    act(docs, ANA, { kind: 'end-turn', tokenId: 'ana' }, [9]);
    const entry = readSnapshot(docs.public).log.find((e) => e.summary === 'Ana ends their turn')!;
    expect(entry.details).toContain(
      'ends on an edge: save 9 — removed from play (comes back at the start of its next turn)',
    );
    expect(readSnapshot(docs.public).tokensById['ana']!.state!.removedFromPlay).toEqual({
      cell: { x: 3, y: 0 },
      returns: 'start-of-next-turn',
    });
  });
});

describe('move intent for a token the battlefield does not model', () => {
  it('refuses a prop (non-combatant token) move with the reason instead of failing the server', async () => {
    const { placeToken } = await import('../../src/table/writers/tokenWriters');
    const docs = seeded();
    placeToken(docs, {
      id: 'crate',
      name: 'Crate',
      cell: { x: 3, y: 0 },
      size: 1,
      side: 'party',
      ownerIds: [],
      combatant: false,
    });
    const result = act(docs, GM, move('crate', '4,0'));
    expect(result).toEqual({ ok: false, reason: expect.stringContaining("'crate'") });
  });
});
