import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { arcNextSquares, enumerateAreaPlacements, makeBattlefield, parseAsciiMap } from '../../src/grid';
import { seededDice } from '../../src/lib/dice';
import { applyEffect } from '../../src/rules/applyEffect';
import { areaOptionsOf } from '../../src/rules/areaOptions';
import { createCombatant } from '../../src/rules/createCombatant';
import { resolveAttack } from '../../src/rules/resolveAttack';
import type { Ability } from '../../src/schema/ability';
import { AREA_KINDS } from '../../src/schema/area';
import { parseLibraryFile } from '../../src/schema/library';
import { DEFAULT_ROOM_SETTINGS } from '../../src/schema/settings';
import { FoeSchema, PlayerCharacterSchema } from '../../src/schema/statBlock';

/**
 * The starter set (encounters/starter-library.json) is written by the project: every ability in
 * it, alone or inside a foe or character, must resolve through the rules engine and its area
 * must have somewhere to go on an open field.
 */
const parsed = parseLibraryFile(JSON.parse(readFileSync('encounters/starter-library.json', 'utf8')));
if (!parsed.ok) throw new Error(parsed.problems.join('\n'));
const entries = parsed.file.entries;

const abilities: [string, Ability][] = entries.flatMap((entry): [string, Ability][] => {
  if (entry.kind === 'ability') return [[entry.data.name, entry.data as Ability]];
  if (entry.kind === 'foe' || entry.kind === 'character')
    return (entry.data as { abilities: Ability[] }).abilities.map((a) => [
      `${entry.data.name}: ${a.name}`,
      a,
    ]);
  return [];
});

const user = createCombatant(
  PlayerCharacterSchema.parse({
    kind: 'pc',
    name: 'User',
    health: 8,
    defense: 8,
    speed: 4,
    attackBonus: 3,
    frayDamage: 2,
    damageDie: 6,
    basicAttacks: { melee: { range: 1 }, ranged: { range: 5 } },
  }),
  { id: 'A' },
);
const target = createCombatant(
  FoeSchema.parse({
    kind: 'foe',
    name: 'Dummy',
    health: 20,
    defense: 0,
    speed: 4,
    attackBonus: 0,
    frayDamage: 1,
    damageDie: 6,
  }),
  { id: 'b' },
);

const row = '. '.repeat(15);
const picture = Array.from({ length: 15 }, (_, y) =>
  y === 7 ? '. '.repeat(7) + 'A . b ' + '. '.repeat(5) : row,
).join('\n');
const { map, marks } = parseAsciiMap(picture);
const at = (id: string) => marks.get(id)![0]!;
const bf = makeBattlefield(map, [
  { id: 'A', cell: at('A'), size: 1, side: 'party' },
  { id: 'b', cell: at('b'), size: 1, side: 'foes' },
]);

describe('the starter set', () => {
  it('has foes of every template and abilities of every pattern, combined ones too', () => {
    const templates = new Set(
      entries.filter((e) => e.kind === 'foe').map((e) => (e.data as { template: string }).template),
    );
    expect([...templates].sort()).toEqual(['elite', 'legend', 'mob', 'normal']);
    const patterns = new Set(abilities.flatMap(([, a]) => (a.area ? [a.area.primary.kind] : [])));
    expect([...patterns].sort()).toEqual([...AREA_KINDS].sort());
    expect(abilities.some(([, a]) => a.area?.secondary)).toBe(true);
    expect(entries.some((e) => e.kind === 'party')).toBe(true);
  });

  it.each(abilities)('%s resolves', (_name, ability) => {
    if (ability.area?.primary.kind === 'arc') {
      expect(
        arcNextSquares(bf, 'A', ability.area.primary.size, [], areaOptionsOf(ability, DEFAULT_ROOM_SETTINGS))
          .length,
      ).toBeGreaterThan(0);
    } else if (ability.area) {
      const placements = enumerateAreaPlacements(
        bf,
        'A',
        ability.area,
        areaOptionsOf(ability, DEFAULT_ROOM_SETTINGS),
      );
      expect(placements.some(({ result }) => result.affected.some((a) => a.id === 'b'))).toBe(true);
    }
    if (ability.attack) {
      // Defense 0: the first seed that does not roll a natural 1 hits.
      let outcome = resolveAttack(
        { attacker: user, target, ability, modifiers: [], cover: false, settings: DEFAULT_ROOM_SETTINGS },
        seededDice(1),
      );
      for (let seed = 2; outcome.result === 'miss' && seed < 20; seed += 1)
        outcome = resolveAttack(
          { attacker: user, target, ability, modifiers: [], cover: false, settings: DEFAULT_ROOM_SETTINGS },
          seededDice(seed),
        );
      expect(outcome.result).not.toBe('miss');
      if (ability.attack.onHit.damage) expect(outcome.target.hp).toBeLessThan(target.hp);
    } else {
      expect(ability.effect).toBeDefined();
      const hurt = { ...user, hp: user.hp - 10 };
      const applied = applyEffect(
        user,
        hurt,
        'effect',
        ability.effect!,
        { damageType: ability.damageType, pierce: false, ranged: false, cover: false, critical: false },
        seededDice(1),
        DEFAULT_ROOM_SETTINGS,
      );
      expect(applied.target.hp).toBeGreaterThan(hurt.hp);
    }
  });
});
