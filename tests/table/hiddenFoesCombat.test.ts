import { describe, expect, it } from 'vitest';
import { turnState } from '../../src/rules/turnOrder';
import { DEFAULT_STATUS_CATALOG } from '../../src/schema/status';
import { readSnapshot } from '../../src/table/snapshot';
import { combatantOf } from '../../src/table/snapshot';
import { act, encounter, foe, GM, mapOf, party, pc, player, room } from './fixtures';

const ANA = player('ana');
const BO = player('bo');

/** Ana and Bo in the open; the ambusher and the lurker still hidden in the secrets doc. */
function seeded() {
  return room({
    map: mapOf(['........', '........', '........']),
    party: party(pc('Ana'), pc('Bo')),
    encounter: encounter(
      [
        { id: 'ambusher', statBlock: foe('Ambusher'), cell: { x: 7, y: 0 } },
        { id: 'lurker', statBlock: foe('Lurker'), cell: { x: 7, y: 2 } },
      ],
      [
        { x: 0, y: 0 },
        { x: 0, y: 2 },
      ],
    ),
  });
}

const order = (docs: ReturnType<typeof seeded>) => readSnapshot(docs.public).turn!;

describe('starting combat before the foes appear', () => {
  it('combat runs with every foe hidden; a revealed foe joins the current round', () => {
    const docs = seeded();
    expect(act(docs, GM, { kind: 'start-combat' }).ok).toBe(true);
    expect(act(docs, ANA, { kind: 'start-turn', tokenId: 'ana' })).toMatchObject({
      ok: true,
      outcome: { kind: 'start-turn', round: 1 },
    });
    act(docs, ANA, { kind: 'end-turn', tokenId: 'ana' });
    // The ambusher appears mid-round: the foes' side is up and it acts this round, before Bo.
    expect(act(docs, GM, { kind: 'reveal', tokenId: 'ambusher' }).ok).toBe(true);
    expect(act(docs, BO, { kind: 'start-turn', tokenId: 'bo' })).toEqual({
      ok: false,
      reason: "it is the foes side's turn",
    });
    expect(act(docs, GM, { kind: 'start-turn', tokenId: 'ambusher' })).toMatchObject({
      ok: true,
      outcome: { round: 1 },
    });
    act(docs, GM, { kind: 'end-turn', tokenId: 'ambusher' });
    act(docs, BO, { kind: 'start-turn', tokenId: 'bo' });
    expect(act(docs, BO, { kind: 'end-turn', tokenId: 'bo' })).toMatchObject({
      ok: true,
      outcome: { nextRound: 2 },
    });
    expect(order(docs)).toMatchObject({ round: 2, roundStartSide: 'foes', acted: [] });
  });

  it('a whole round of party turns passes while the foes stay hidden', () => {
    const docs = seeded();
    act(docs, GM, { kind: 'start-combat' });
    act(docs, ANA, { kind: 'start-turn', tokenId: 'ana' });
    act(docs, ANA, { kind: 'end-turn', tokenId: 'ana' });
    act(docs, BO, { kind: 'start-turn', tokenId: 'bo' });
    expect(act(docs, BO, { kind: 'end-turn', tokenId: 'bo' })).toMatchObject({ outcome: { nextRound: 2 } });
    expect(act(docs, ANA, { kind: 'start-turn', tokenId: 'ana' })).toMatchObject({
      ok: true,
      outcome: { round: 2 },
    });
  });

  it('the rules engine: an empty side has not lost; a side whose characters are all down has', () => {
    const docs = seeded();
    act(docs, GM, { kind: 'start-combat' });
    const snapshot = readSnapshot(docs.public);
    const party = snapshot.tokens.map(combatantOf).filter((c) => c !== null);
    expect(turnState(snapshot.turn!, party, DEFAULT_STATUS_CATALOG)).toMatchObject({
      kind: 'choose',
      side: 'party',
      candidates: ['ana', 'bo'],
    });
    const down = party.map((c) => ({ ...c, hp: 0, defeated: true, incapacitated: true }));
    expect(turnState(snapshot.turn!, down, DEFAULT_STATUS_CATALOG)).toEqual({
      kind: 'combat-over',
      round: 1,
      winner: null,
    });
  });
});
