import { describe, expect, it } from 'vitest';
import { readSnapshot } from '../../src/table/snapshot';
import { duplicateToken, placeFoes } from '../../src/table/writers/foeWriters';
import { act, encounter, foe, GM, mapOf, party, pc, player, room } from './fixtures';

const ANA = player('ana');
const BO = player('bo');
const HUSK = foe('Hollow Husk');

/** Ana and Bo against one visible husk. */
function seeded() {
  return room({
    map: mapOf(['........', '........', '........']),
    party: party(pc('Ana'), pc('Bo')),
    encounter: encounter(
      [{ id: 'husk', statBlock: HUSK, cell: { x: 7, y: 0 } }],
      [
        { x: 0, y: 0 },
        { x: 0, y: 2 },
      ],
    ),
    revealFoes: true,
  });
}

const turn = (docs: ReturnType<typeof seeded>) => readSnapshot(docs.public).turn!;

describe('foes placed or duplicated during combat join the current round', () => {
  it('placed mid-round, they have not acted: each takes a turn when the foes are up, this round', () => {
    const docs = seeded();
    act(docs, GM, { kind: 'start-combat' });
    act(docs, ANA, { kind: 'start-turn', tokenId: 'ana' });
    act(docs, ANA, { kind: 'end-turn', tokenId: 'ana' });
    act(docs, GM, { kind: 'start-turn', tokenId: 'husk' });
    act(docs, GM, { kind: 'end-turn', tokenId: 'husk' });
    // Reinforcements arrive during Bo's side's turn: two more husks.
    const [a, b] = placeFoes(docs, {
      foe: HUSK,
      cells: [
        { x: 7, y: 1 },
        { x: 7, y: 2 },
      ],
      hidden: false,
    }).map((p) => p.id);
    act(docs, BO, { kind: 'start-turn', tokenId: 'bo' });
    // Bo was the party's last: the round does not end, the new husks still act in round 1.
    expect(act(docs, BO, { kind: 'end-turn', tokenId: 'bo' })).toMatchObject({ ok: true });
    expect(turn(docs)).toMatchObject({ round: 1 });
    expect(act(docs, GM, { kind: 'start-turn', tokenId: a! })).toMatchObject({
      ok: true,
      outcome: { round: 1 },
    });
    act(docs, GM, { kind: 'end-turn', tokenId: a! });
    act(docs, GM, { kind: 'start-turn', tokenId: b! });
    expect(act(docs, GM, { kind: 'end-turn', tokenId: b! })).toMatchObject({
      ok: true,
      outcome: { nextRound: 2 },
    });
  });

  it('a duplicate is fresh: it acts this round even when its original already has', () => {
    const docs = seeded();
    act(docs, GM, { kind: 'start-combat' });
    act(docs, ANA, { kind: 'start-turn', tokenId: 'ana' });
    act(docs, ANA, { kind: 'end-turn', tokenId: 'ana' });
    act(docs, GM, { kind: 'start-turn', tokenId: 'husk' });
    act(docs, GM, { kind: 'end-turn', tokenId: 'husk' });
    const copy = duplicateToken(docs, 'husk').id;
    act(docs, BO, { kind: 'start-turn', tokenId: 'bo' });
    act(docs, BO, { kind: 'end-turn', tokenId: 'bo' });
    expect(act(docs, GM, { kind: 'start-turn', tokenId: copy })).toMatchObject({
      ok: true,
      outcome: { round: 1 },
    });
    expect(act(docs, GM, { kind: 'start-turn', tokenId: 'husk' })).toMatchObject({ ok: false });
  });

  it('a foe placed hidden waits: it joins the round when the GM reveals it', () => {
    const docs = seeded();
    act(docs, GM, { kind: 'start-combat' });
    act(docs, ANA, { kind: 'start-turn', tokenId: 'ana' });
    act(docs, ANA, { kind: 'end-turn', tokenId: 'ana' });
    act(docs, GM, { kind: 'start-turn', tokenId: 'husk' });
    act(docs, GM, { kind: 'end-turn', tokenId: 'husk' });
    const [lurker] = placeFoes(docs, { foe: HUSK, cells: [{ x: 6, y: 2 }], hidden: true }).map((p) => p.id);
    act(docs, BO, { kind: 'start-turn', tokenId: 'bo' });
    expect(act(docs, BO, { kind: 'end-turn', tokenId: 'bo' })).toMatchObject({
      ok: true,
      outcome: { nextRound: 2 },
    });
    expect(act(docs, GM, { kind: 'reveal', tokenId: lurker! }).ok).toBe(true);
  });
});
