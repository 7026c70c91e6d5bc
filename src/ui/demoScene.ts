import { seededDice } from '../lib/dice';
import type { MapData } from '../schema/map';
import type { SceneToken } from './Scene';

/**
 * Tokens for the offline demo and the render benchmark: `count` tokens on free, passable,
 * non-overlapping squares, alternating sides, with varied HP, statuses, blights and wounds so
 * every badge gets drawn. Seeded, so every run draws the same picture.
 */
export function demoTokens(map: MapData, count: number, seed = 7): SceneToken[] {
  const dice = seededDice(seed);
  const taken = new Set<string>();
  const out: SceneToken[] = [];
  const names = ['Ash Warden', 'Kite', 'Morrow', 'Bell', 'Goblin', 'Husk', 'Thorn Knight', 'Wisp', 'Ogre'];
  for (let i = 0, tries = 0; out.length < count && tries < count * 50; tries++) {
    const size = i % 17 === 5 ? 2 : 1;
    const x = dice.roll(map.width - size + 1) - 1;
    const y = dice.roll(map.height - size + 1) - 1;
    let free = true;
    for (let dy = 0; dy < size; dy++) {
      for (let dx = 0; dx < size; dx++) {
        const c = map.cells[y + dy]?.[x + dx];
        if (taken.has(`${x + dx},${y + dy}`) || c === '#' || c === '_') free = false;
      }
    }
    if (!free) continue;
    for (let dy = 0; dy < size; dy++) for (let dx = 0; dx < size; dx++) taken.add(`${x + dx},${y + dy}`);
    const maxHp = 16 + 4 * (i % 5);
    const hp = i % 7 === 3 ? 0 : Math.max(1, maxHp - ((i * 7) % maxHp));
    out.push({
      id: `t${i + 1}`,
      name: `${names[i % names.length]} ${Math.floor(i / names.length) + 1}`,
      cell: { x, y },
      size,
      side: i % 2 === 0 ? 'party' : 'foes',
      ownerIds: [],
      hp,
      maxHp,
      vigor: i % 4 === 0 ? 4 : 0,
      wounds: i % 6 === 1 ? 2 : 0,
      speed: 4 + (i % 3),
      movementUsed: 0,
      statuses: i % 5 === 2 ? ['dazed', 'slow'] : [],
      blights: i % 8 === 4 ? ['burning', 'toxic'] : [],
      incapacitated: hp === 0,
      hidden: false,
    });
    i++;
  }
  return out;
}

/** A small built-in battlefield for the demo when no map file is reachable. */
export function builtInDemoMap(): MapData {
  const rows = [
    '....................',
    '....~~~.............',
    '....~~~......##.....',
    '.............##.....',
    '.......!!...........',
    '.......!!...........',
    '....................',
    '..........~~........',
    '..........~~........',
    '____................',
    '____................',
    '....................',
  ];
  const heights = [
    '00000000000000000000',
    '00000000000000000000',
    '00000000000000000000',
    '00011000000000003300',
    '00011000000000003300',
    '00000000000000002200',
    '00000000022200000000',
    '00000000022200000000',
    '00000000000000111000',
    '00000000000000111000',
    '00000000000000000000',
    '00000000000000000000',
  ];
  return {
    schemaVersion: 1,
    kind: 'map',
    name: 'Demo',
    width: 20,
    height: 12,
    cells: rows,
    heights,
    destructible: [{ x: 16, y: 3 }],
  };
}
