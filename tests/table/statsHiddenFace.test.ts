import { describe, expect, it } from 'vitest';
import type { FoeHp } from '../../src/schema/settings';
import { readSnapshot, readTableState } from '../../src/table/snapshot';
import { act, encounter, foe, GM, mapOf, party, pc, room } from './fixtures';

/** A drake whose stat block the GM keeps hidden: its abilities' names are the secret. */
const WARD = { name: 'Ember Ward', cost: '1-action', tags: {}, effect: { vigor: 2 } };
const LASH = {
  name: 'Tail Lash',
  cost: 'free',
  tags: { interrupt: 1 },
  trigger: { kind: 'moves-adjacent', who: 'foe' },
  range: 1,
  effect: { damage: { tier: 'fray' } },
};

function drakeRoom(foeHp: FoeHp) {
  const docs = room(
    {
      map: mapOf(['........', '........', '........']),
      party: party(pc('Ana')),
      encounter: encounter(
        [
          {
            id: 'drake',
            statBlock: foe('Ruin Drake', { abilities: [WARD, LASH] } as never),
            cell: { x: 6, y: 1 },
          },
        ],
        [{ x: 0, y: 1 }],
      ),
    },
    foeHp,
  );
  act(docs, GM, { kind: 'reveal', tokenId: 'drake', keepStatsHidden: true });
  act(docs, GM, { kind: 'start-combat' });
  act(docs, GM, { kind: 'start-turn', tokenId: 'drake' });
  // The drake uses an ability on itself: its turn's usage is keyed by the ability's name.
  expect(act(docs, GM, { kind: 'effect', userId: 'drake', abilityId: 'Ember Ward' }).ok).toBe(true);
  return docs;
}

describe('a foe revealed with its stat block hidden (issue 32: hidden stays hidden)', () => {
  for (const foeHp of ['exact', 'bloodied', 'hidden'] as const)
    it(`players receive none of its abilities' names in any root (foeHp ${foeHp})`, () => {
      const docs = drakeRoom(foeHp);
      const gm = readTableState(docs.public, docs.secrets).tokensById['drake']!;
      expect(gm.state?.turn.used).toEqual({ 'Ember Ward': 1 });
      const everything = JSON.stringify(docs.public.toJSON());
      for (const secret of ['Ember Ward', 'ember-ward', 'Tail Lash', 'tail-lash'])
        expect(everything).not.toContain(secret);
      const seen = readSnapshot(docs.public).tokensById['drake']!;
      expect(seen.statBlock).toBeNull();
      expect(seen.state?.turn.actionsUsed).toBe(1);
      // HP as the room shows foes' HP: numbers only under `exact`.
      expect(seen.hpHidden).toBe(foeHp !== 'exact');
      if (foeHp === 'exact')
        expect([seen.state?.hp, seen.state?.vigor]).toEqual([gm.state?.hp, gm.state?.vigor]);
    });
});
