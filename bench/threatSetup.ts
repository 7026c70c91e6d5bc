import type { Battlefield } from '../src/grid';
import { makeBattlefield, SPACE, terrainOf } from '../src/grid';
import type { Combatant } from '../src/schema/combatant';
import type { AbilityInput } from '../src/schema/ability';
import { FoeSchema } from '../src/schema/statBlock';
import { DEFAULT_ROOM_SETTINGS } from '../src/schema/settings';
import { createCombatant } from '../src/rules/createCombatant';
import { SAMPLE_FOE } from '../src/rules/samples';
import { stressBattlefield } from './gridSetup';

/** The bench's ten foes: what each is, for the output, and its abilities. */
export const BENCH_FOES: { role: string; speed: number; abilities: AbilityInput[]; high?: boolean }[] = [
  { role: 'melee brute (Speed 4)', speed: 4, abilities: [melee('Cleaver', 'light')] },
  { role: 'melee skirmisher (Speed 6)', speed: 6, abilities: [melee('Spear', 'light')] },
  { role: 'archer on a height-2 ledge (range 6)', speed: 4, high: true, abilities: [ranged('Longbow', 6)] },
  {
    role: 'crossbow on a height-3 tower (range 8)',
    speed: 3,
    high: true,
    abilities: [ranged('Crossbow', 8)],
  },
  { role: 'slinger (range 5, heavy)', speed: 4, abilities: [{ ...ranged('Sling', 5), cost: '2-actions' }] },
  {
    role: 'flamecaller: Blast 1 at range 5',
    speed: 4,
    abilities: [area('Fireball', { primary: { kind: 'blast', size: 1 } }, 5, 'ranged')],
  },
  {
    role: 'breather: Line 4',
    speed: 4,
    abilities: [area('Breath', { primary: { kind: 'line', size: 4 } }, null, 'melee')],
  },
  {
    role: 'shockwave: Close blast 1',
    speed: 4,
    abilities: [area('Shockwave', { primary: { kind: 'close-blast', size: 1 } }, null, 'melee')],
  },
  { role: 'hunter: melee + ranged', speed: 5, abilities: [melee('Claws', 'heavy'), ranged('Spit', 4)] },
  {
    role: 'lurker that Dashes (free Pounce)',
    speed: 5,
    abilities: [{ ...melee('Pounce', 'light'), cost: 'free' }],
  },
];

function melee(name: string, tier: 'light' | 'heavy'): AbilityInput {
  return {
    name,
    cost: '1-action',
    tags: { attack: true },
    range: 1,
    attack: { kind: 'melee', onHit: { damage: { tier } } },
  };
}
function ranged(name: string, range: number): AbilityInput {
  return {
    name,
    cost: '1-action',
    tags: { attack: true },
    range,
    attack: { kind: 'ranged', onHit: { damage: { tier: 'light' } } },
  };
}
function area(
  name: string,
  pattern: AbilityInput['area'],
  range: number | null,
  kind: 'melee' | 'ranged',
): AbilityInput {
  return {
    name,
    cost: '2-actions',
    tags: { attack: true },
    range,
    area: pattern,
    attack: { kind, onHit: { damage: { tier: 'heavy' } } },
  };
}

/** stress-100 with 100 tokens; the first ten foes become BENCH_FOES (ledge users moved to height). */
export function threatBattlefield(): { bf: Battlefield; foes: Combatant[]; party: Combatant[] } {
  const base = stressBattlefield(100);
  const t = terrainOf(base.map);
  const occupants = base.occupants.map((o) => ({ ...o }));
  const taken = new Set(occupants.map((o) => o.cell.y * t.width + o.cell.x));
  const foeTokens = occupants.filter((o) => o.side === 'foes').slice(0, BENCH_FOES.length);
  BENCH_FOES.forEach((spec, i) => {
    if (!spec.high) return;
    const o = foeTokens[i]!;
    // The nearest free square of height ≥ 2 that is not impassable.
    let best = -1;
    let bestD = Infinity;
    for (let k = 0; k < t.level.length; k++) {
      if (t.level[k]! < 2 || t.type[k] === SPACE.impassable || taken.has(k)) continue;
      const d = Math.abs((k % t.width) - o.cell.x) + Math.abs(Math.floor(k / t.width) - o.cell.y);
      if (d < bestD) [best, bestD] = [k, d];
    }
    taken.delete(o.cell.y * t.width + o.cell.x);
    taken.add(best);
    o.cell = { x: best % t.width, y: Math.floor(best / t.width) };
  });
  const bf = makeBattlefield(base.map, occupants, 1);
  const foes = foeTokens.map((o, i) => {
    const spec = BENCH_FOES[i]!;
    const statBlock = FoeSchema.parse({
      ...SAMPLE_FOE,
      name: spec.role,
      speed: spec.speed,
      abilities: spec.abilities,
    });
    return createCombatant(statBlock, { id: o.id });
  });
  const party = occupants
    .filter((o) => o.side === 'party')
    .slice(0, 1)
    .map((o) =>
      createCombatant(FoeSchema.parse({ ...SAMPLE_FOE, name: 'Planner' }), {
        id: o.id,
        side: 'party',
      } as never),
    );
  return { bf, foes, party };
}

export const BENCH_SETTINGS = DEFAULT_ROOM_SETTINGS;
