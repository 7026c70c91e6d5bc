import type { AbilityInput } from '../../schema/ability';
import type { StatBlockInput } from '../../schema/statBlock';

/**
 * What the editors hold while a person types: the schema's input shape (defaults may be left
 * out, a cleared number box is NaN so the schema names it). Saving parses it with the real
 * schema; these helpers build new entries and edit lists.
 */

/** A new stat block of a kind: numbers a GM would start from, valid as they are. */
export function newStatBlock(kind: 'foe' | 'character', name: string): StatBlockInput {
  const shared = {
    name,
    health: 8,
    defense: 10,
    armor: 0,
    speed: 4,
    attackBonus: 2,
    frayDamage: 2,
    damageDie: 6 as const,
    resistances: [],
    abilities: [],
    traits: [],
  };
  return kind === 'foe'
    ? { kind: 'foe', ...shared, size: 1, template: 'normal' }
    : {
        kind: 'pc',
        ...shared,
        size: 1,
        basicAttacks: {
          melee: { range: 1, damageType: 'physical' },
          ranged: { range: 5, damageType: 'physical' },
        },
        elixirs: 2,
      };
}

/** The most common ability: 1 action, attack, melee, range 1, light damage on a hit. */
export function newAbility(name: string): AbilityInput & {
  attack: { kind: 'melee' | 'ranged'; onHit: { damage: { tier: 'light'; bonus: number } } };
} {
  return {
    name,
    cost: '1-action',
    tags: { attack: true, pierce: false, interrupt: null, limited: null, limitBreak: null, keywords: [] },
    range: 1,
    self: false,
    damageType: 'physical',
    attack: { kind: 'melee', onHit: { damage: { tier: 'light', bonus: 0 } } },
    description: '',
  };
}

/** "mark, delay" → ["mark", "delay"]: one line of comma-separated words, blanks dropped. */
export function keywordsFromText(text: string): string[] {
  return text
    .split(',')
    .map((word) => word.trim())
    .filter(Boolean);
}

export function textFromKeywords(words: readonly string[]): string {
  return words.join(', ');
}

/** The list with item `i` swapped with its neighbour `by` (−1 up, +1 down); unchanged past an end. */
export function moveItem<T>(list: readonly T[], i: number, by: -1 | 1): T[] {
  const j = i + by;
  const out = [...list];
  if (i < 0 || j < 0 || i >= list.length || j >= list.length) return out;
  [out[i], out[j]] = [out[j]!, out[i]!];
  return out;
}

/** `list` with `item` present (on) or absent (off); order otherwise kept. */
export function toggled<T>(list: readonly T[], item: T, on: boolean): T[] {
  const without = list.filter((x) => x !== item);
  return on ? [...without, item] : without;
}

/** A number box's text → a number; empty or not a number → NaN (the schema then names the field). */
export function numberOf(text: string): number {
  return text.trim() === '' ? Number.NaN : Number(text);
}
