import { describe, expect, it } from 'vitest';
import { dangerMap, withoutCharacter } from '../../../src/rules/threat/danger';
import { attackerThreat } from '../../../src/rules/threat/threatMap';
import { field } from '../../grid/helpers';
import { ability, foe, pc, settings } from '../fixtures';

const melee = (name: string, tier: 'light' | 'heavy') =>
  ability({
    name,
    cost: '1-action',
    tags: { attack: true },
    range: 1,
    attack: { kind: 'melee', onHit: { damage: { tier } } },
  });

/** Counted by hand, die by die: P(d20 + 3 ± the highest of |net| d6 ≥ 10), and of reaching 20. */
function odds(net: number): { hit: number; critical: number } {
  let hit = 0;
  let critical = 0;
  let all = 0;
  const d6s = net === 0 ? [0] : [1, 2, 3, 4, 5, 6].map((k) => k);
  for (let d20 = 1; d20 <= 20; d20++) {
    for (const k of d6s) {
      // One die: the highest of one d6 is the die itself.
      const total = d20 + 3 + Math.sign(net) * k;
      all++;
      if (total >= 20) critical++;
      else if (total >= 10) hit++;
    }
  }
  return { hit: hit / all, critical: critical / all };
}

describe('danger: expected damage per square (docs/ui.md "Danger")', () => {
  // Foe: +3 to hit, fray 2, d6; target: Defense 10, Armor 1. Light = 2 + 1d6 (mean 5.5, 4.5 after
  // armor); a critical boosts it to heavy = 2 + 2d6 (mean 9, 8 after armor).
  const bf = field(`
    . . . . .
    . f . 1 .
    . . . 1 .
    . . . . P`);
  const target = pc('P');
  const s = settings();
  const danger = (f: ReturnType<typeof foe>) => {
    const input = { bf: withoutCharacter(bf, 'P'), settings: s, catalog: s.statuses, turn: null };
    return dangerMap(input, target, [attackerThreat(input, f)], bf);
  };

  it('one foe that cannot move: 0.5 × 4.5 + 0.2 × 8 = 3.85 on every square beside it, 0 elsewhere', () => {
    const map = danger(foe('f', {}, { speed: 0, abilities: [melee('Knife', 'light')] }));
    const at = (x: number, y: number) => map.expected[y * map.width + x]!;
    expect(odds(0)).toEqual({ hit: 0.5, critical: 0.2 });
    expect(at(0, 0)).toBeCloseTo(3.85, 12);
    expect(at(2, 2)).toBeCloseTo(3.85, 12);
    expect(at(3, 3)).toBe(0);
    expect(at(1, 1)).toBe(0); // its own square: nobody else can stand there to be attacked
  });

  it('standing one level higher curses the roll: exactly the hand-counted odds times the same damage', () => {
    const map = danger(foe('f', {}, { speed: 1, abilities: [melee('Knife', 'light')] }));
    const { hit, critical } = odds(-1);
    // (3,1) is on height 1; the foe reaches (2,1) beside it (Speed 1 + Run 1) at height 0.
    expect(map.expected[1 * map.width + 3]!).toBeCloseTo(hit * 4.5 + critical * 8, 12);
  });

  it('each foe takes its best attack, once: heavy (8 after armor; critical 3d6 + 2 → 11.5) over light', () => {
    const map = danger(
      foe('f', {}, { speed: 0, abilities: [melee('Knife', 'light'), melee('Maul', 'heavy')] }),
    );
    expect(map.expected[0]!).toBeCloseTo(0.5 * 8 + 0.2 * 11.5, 12);
  });

  it('marks the safest squares the character can reach this turn', () => {
    const map = danger(foe('f', {}, { speed: 0, abilities: [melee('Knife', 'light')] }));
    expect(map.safest).toContainEqual({ x: 4, y: 3 });
    expect(map.safest.some((c) => Math.abs(c.x - 1) <= 1 && Math.abs(c.y - 1) <= 1)).toBe(false);
    expect(map.safest.every((c) => map.expected[c.y * map.width + c.x] === 0)).toBe(true);
  });
});
