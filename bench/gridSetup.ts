import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Battlefield, Occupant } from '../src/grid';
import { makeBattlefield, SPACE, terrainOf } from '../src/grid';
import { MapSchema } from '../src/schema/map';
import { seededDice } from '../src/lib/dice';

/** The 100×100 stress map with `count` Size 1 tokens on distinct standable squares (seeded). */
export function stressBattlefield(count: number, seed = 42): Battlefield {
  const file = path.resolve(import.meta.dirname, '../maps/stress-100.json');
  const map = MapSchema.parse(JSON.parse(readFileSync(file, 'utf8')));
  const t = terrainOf(map);
  const dice = seededDice(seed);
  const taken = new Set<number>();
  const occupants: Occupant[] = [];
  while (occupants.length < count) {
    const x = dice.roll(t.width) - 1;
    const y = dice.roll(t.height) - 1;
    const i = y * t.width + x;
    if (taken.has(i) || t.type[i] === SPACE.impassable || t.type[i] === SPACE.edge) continue;
    taken.add(i);
    const n = occupants.length;
    occupants.push({
      id: `t${n}`,
      cell: { x, y },
      size: 1,
      side: n % 2 ? 'foes' : 'party',
      incapacitated: false,
    });
  }
  return makeBattlefield(map, occupants, 1);
}
