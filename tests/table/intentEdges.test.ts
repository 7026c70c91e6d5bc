import { describe, expect, it } from 'vitest';
import { readSnapshot } from '../../src/table/snapshot';
import { moveToken } from '../../src/table/writers/tokenWriters';
import { act, encounter, foe, GM, mapOf, move, party, pc, player, room } from './fixtures';

const ANA = player('ana');

// cells: an edge strip in columns 3-4 (rows 0-1)
// 0123456
// ...__..  y0   Ana starts at (2,0)
// ...__..  y1
// .......  y2   Orc at (0,2)
const EDGE_MAP = mapOf(['...__..', '...__..', '.......']);

function edgeRoom() {
  const docs = room({
    map: EDGE_MAP,
    party: party(pc('Ana')),
    encounter: encounter([{ id: 'orc', statBlock: foe('Orc'), cell: { x: 0, y: 2 } }], [{ x: 2, y: 0 }]),
    revealFoes: true,
  });
  act(docs, GM, { kind: 'start-combat' });
  return docs;
}

const cellOf = (docs: ReturnType<typeof edgeRoom>, id: string) =>
  readSnapshot(docs.public).tokensById[id]!.cell;

describe('edges at the end of any turn', () => {
  it('everyone on an edge saves when a turn ends, the ending character first; statuses curse saves', () => {
    const docs = edgeRoom();
    // Ana is stunned (saves take a curse) and walks onto the edge; the orc is shoved onto it.
    expect(act(docs, GM, { kind: 'add-status', tokenId: 'ana', statusId: 'stunned' }).ok).toBe(true);
    act(docs, ANA, { kind: 'start-turn', tokenId: 'ana' });
    expect(act(docs, ANA, move('ana', '3,0')).ok).toBe(true);
    moveToken(docs, 'orc', { x: 3, y: 1 });
    // Dice: Ana's save vs stunned d20 5 − curse d6 1 = 4 (stays); Ana's edge save d20 12 − curse
    // d6 3 = 9 (fails: removed); the orc's edge save d20 10 (no status) succeeds.
    const ended = act(docs, ANA, { kind: 'end-turn', tokenId: 'ana' }, [5, 1, 12, 3, 10]);
    expect(ended).toMatchObject({
      ok: true,
      outcome: {
        edge: { tokenId: 'ana', removed: true, roll: { total: 9 } },
        edges: [
          { tokenId: 'ana', removed: true, to: null, returns: 'start-of-next-turn', roll: { total: 9 } },
          { tokenId: 'orc', removed: false, returns: 'gm-discretion', roll: { total: 10 } },
        ],
      },
    });
    // The orc steps to the closest free non-edge square: (2,1) (one square west; north before south).
    expect(cellOf(docs, 'orc')).toEqual({ x: 2, y: 1 });
    expect(cellOf(docs, 'ana')).toEqual({ x: 3, y: 0 });
    const entry = readSnapshot(docs.public).log.find((e) => e.summary === 'Ana ends their turn')!;
    expect(entry.details).toEqual([
      'save vs stunned: 4 — stays',
      'ends on an edge: save 9 — removed from play (comes back at the start of its next turn)',
      'Orc is on an edge: save 10 — steps back to (2,1)',
    ]);
  });

  it("the foe's turn ending checks the PC left on an edge after being shoved there", () => {
    const docs = edgeRoom();
    act(docs, ANA, { kind: 'start-turn', tokenId: 'ana' });
    act(docs, ANA, { kind: 'end-turn', tokenId: 'ana' });
    act(docs, GM, { kind: 'start-turn', tokenId: 'orc' });
    moveToken(docs, 'ana', { x: 4, y: 1 });
    // The orc is nowhere near an edge; Ana saves 14 and steps east to (5,1).
    expect(act(docs, GM, { kind: 'end-turn', tokenId: 'orc' }, [14])).toMatchObject({
      ok: true,
      outcome: { edge: null, edges: [{ tokenId: 'ana', to: { x: 5, y: 1 }, removed: false }] },
    });
    expect(cellOf(docs, 'ana')).toEqual({ x: 5, y: 1 });
  });
});
