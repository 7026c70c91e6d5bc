import { parseEntryData, type LibraryData, type LibraryKind } from '../../schema/library';

/**
 * What "New" starts from, per kind: a small, valid, ordinary example a GM edits rather than an
 * empty form that cannot be saved (every kind's schema needs a name and some numbers).
 */
const PC = {
  kind: 'pc',
  name: 'New character',
  health: 8,
  defense: 8,
  armor: 0,
  speed: 4,
  attackBonus: 2,
  frayDamage: 2,
  damageDie: 6,
  basicAttacks: { melee: { range: 1 }, ranged: { range: 5 } },
};

const TEMPLATES: Record<LibraryKind, unknown> = {
  character: PC,
  foe: {
    kind: 'foe',
    name: 'New foe',
    template: 'normal',
    size: 1,
    health: 8,
    defense: 8,
    armor: 0,
    speed: 4,
    attackBonus: 2,
    frayDamage: 2,
    damageDie: 6,
  },
  ability: {
    name: 'New ability',
    cost: '1-action',
    tags: { attack: true },
    range: 1,
    attack: { kind: 'melee', onHit: { damage: { tier: 'light' } } },
    description: '',
  },
  party: {
    schemaVersion: 1,
    kind: 'party',
    name: 'New party',
    characters: [{ ...PC, name: 'First member' }],
  },
  map: {
    schemaVersion: 1,
    kind: 'map',
    name: 'New map',
    width: 12,
    height: 10,
    cells: Array.from({ length: 10 }, () => '.'.repeat(12)),
    heights: Array.from({ length: 10 }, () => '0'.repeat(12)),
  },
  encounter: {
    schemaVersion: 1,
    kind: 'encounter',
    name: 'New encounter',
    map: 'arena.json',
    chapter: 1,
    foes: [],
    partyStarts: [{ x: 0, y: 0 }],
  },
};

/** A fresh, schema-valid entry of `kind` (defaults filled in by the kind's own schema). */
export function newEntryData(kind: LibraryKind): LibraryData {
  const parsed = parseEntryData(kind, TEMPLATES[kind]);
  if (!parsed.ok) throw new Error(`the ${kind} template is invalid: ${parsed.problems.join('; ')}`);
  return parsed.data;
}
