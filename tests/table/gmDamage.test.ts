import { describe, expect, it } from 'vitest';
import { readSnapshot } from '../../src/table/snapshot';
import type { TableDocs } from '../../src/table/docLayout';
import { updateCombatant } from '../../src/table/writers/roomWriters';
import { act, encounter, foe, GM, OPEN_MAP, party, pc, room } from './fixtures';

/** The Orc (armor 2, 32 HP: Health 8 × 4) with 5 vigor, resisting magic, next to nothing. */
function seeded(): TableDocs {
  const docs = room({
    map: OPEN_MAP,
    party: party(pc('Ana')),
    encounter: encounter(
      [
        {
          id: 'orc',
          statBlock: foe('Orc', { armor: 2, resistances: ['magical'] } as never),
          cell: { x: 6, y: 1 },
        },
      ],
      [{ x: 0, y: 1 }],
    ),
    revealFoes: true,
  });
  updateCombatant(docs, 'orc', (s) => ({ ...s, vigor: 5 }));
  return docs;
}
const snap = (docs: TableDocs) => readSnapshot(docs.public, docs.secrets);
const state = (docs: TableDocs, id: string) => snap(docs).tokensById[id]!.state!;

// Issue 12 item 13: the GM deals N damage or heals N through the rules, no arithmetic by hand.
describe("the GM's damage box goes through the rules", () => {
  it('10 physical damage: armor 2 → 8, vigor 5 soaks 5, 3 off HP (32 → 29); the log shows each step', () => {
    const docs = seeded();
    const answer = act(docs, GM, { kind: 'adjust-hp', tokenId: 'orc', amount: 10, damageType: 'physical' });
    expect(answer).toMatchObject({ ok: true, outcome: { kind: 'adjust-hp', hpBefore: 32, hpAfter: 29 } });
    expect(state(docs, 'orc')).toMatchObject({ hp: 29, vigor: 0 });
    const line = snap(docs).log.at(-1)!;
    expect(line.summary).toBe('GM: Orc takes 10 physical damage (GM adjustment): 32 → 29 HP');
    expect(line.details.join('\n')).toContain('armor 2: 10 → 8');
  });

  it('magical damage is halved by the resistance; pierce skips armor; godly skips everything', () => {
    const docs = seeded();
    act(docs, GM, { kind: 'adjust-hp', tokenId: 'orc', amount: 10, damageType: 'magical' });
    // armor 2: 10 → 8, resisted: 8 → 4, vigor 5 soaks 4: HP stays 32, vigor 1.
    expect(state(docs, 'orc')).toMatchObject({ hp: 32, vigor: 1 });
    act(docs, GM, { kind: 'adjust-hp', tokenId: 'orc', amount: 3, damageType: 'physical', pierce: true });
    // no armor: 3, vigor 1 soaks 1: 32 → 30.
    expect(state(docs, 'orc')).toMatchObject({ hp: 30, vigor: 0 });
    act(docs, GM, { kind: 'adjust-hp', tokenId: 'orc', amount: 30, damageType: 'godly' });
    expect(state(docs, 'orc')).toMatchObject({ hp: 0, defeated: true });
  });

  it('without a damage type the number comes straight off HP, as before (a correction)', () => {
    const docs = seeded();
    act(docs, GM, { kind: 'adjust-hp', tokenId: 'orc', amount: 10 });
    expect(state(docs, 'orc')).toMatchObject({ hp: 22, vigor: 5 });
  });
});
