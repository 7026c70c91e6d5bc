import { describe, expect, it } from 'vitest';
import { OutcomeSchema } from '../../src/schema/outcome';
import { readSnapshot } from '../../src/table/snapshot';
import { updateCombatant } from '../../src/table/writers/roomWriters';
import { act, encounter, foe, GM, OPEN_MAP, party, pc, player, room } from './fixtures';

const ANA = player('ana');
const STARFALL = {
  name: 'Starfall',
  cost: '2-actions',
  tags: { limitBreak: 3 },
  effect: { heal: 1, removeBlights: 'all' },
};

function limitRoom() {
  const docs = room({
    map: OPEN_MAP,
    party: party(pc('Ana', { abilities: [STARFALL] } as never)),
    encounter: encounter([{ id: 'orc', statBlock: foe('Orc'), cell: { x: 6, y: 1 } }], [{ x: 0, y: 1 }]),
    revealFoes: true,
  });
  act(docs, GM, { kind: 'start-combat' });
  act(docs, ANA, { kind: 'start-turn', tokenId: 'ana' });
  return docs;
}
const ana = (docs: ReturnType<typeof limitRoom>) => readSnapshot(docs.public).tokensById['ana']!.state!;

describe('Limit Breaks at the table', () => {
  it('refused without enough Resolve, with the cost and what Ana has', () => {
    const docs = limitRoom();
    expect(act(docs, ANA, { kind: 'effect', userId: 'ana', abilityId: 'starfall' })).toEqual({
      ok: false,
      reason: 'Starfall is a Limit Break that costs 3 Resolve; Ana has 0 (Resolve builds up each round)',
    });
    expect(ana(docs).turn.actionsUsed).toBe(0);
  });

  it('with 3 Resolve it heals 1 × Health, clears blights and spends the Resolve', () => {
    const docs = limitRoom();
    updateCombatant(docs, 'ana', (s) => ({ ...s, resolve: 3, hp: 20, blights: ['burning'] }));
    const used = act(docs, ANA, { kind: 'effect', userId: 'ana', abilityId: 'starfall' });
    // The answer parses strictly with the outcome union and keeps the new fields.
    expect(used.ok && OutcomeSchema.parse(used.outcome)).toMatchObject({
      effect: { healed: 10, blightsRemoved: ['burning'], againstBlighted: false, nextAbility: null },
    });
    expect(ana(docs)).toMatchObject({ resolve: 0, hp: 30, blights: [], turn: { actionsUsed: 2 } });
    const line = readSnapshot(docs.public).log.at(-1)!;
    expect(line.details).toEqual(['heals 10 HP', 'loses blight burning']);
  });
});
