import * as Y from 'yjs';
import type { MapInput } from '../../src/schema/map';
import type { PlayerCharacter, Foe } from '../../src/schema/statBlock';
import { PlayerCharacterSchema, FoeSchema } from '../../src/schema/statBlock';
import type { TableDocs } from '../../src/table/docLayout';
import { seedRoom } from '../../src/table/seedRoom';

/**
 * A map from rows of "code+height" pairs is hard to read, so tests draw two pictures: `cells`
 * (. ground, ~ difficult, ! dangerous, # impassable, _ edge) and `heights` (digits).
 */
export function mapOf(cells: string[], heights?: string[], name = 'Test map'): MapInput {
  const width = cells[0]!.length;
  return {
    schemaVersion: 1,
    kind: 'map',
    name,
    width,
    height: cells.length,
    cells,
    heights: heights ?? cells.map(() => '0'.repeat(width)),
    destructible: [],
  };
}

export function pc(name: string, overrides: Partial<PlayerCharacter> = {}): PlayerCharacter {
  return PlayerCharacterSchema.parse({
    kind: 'pc',
    name,
    health: 10,
    defense: 8,
    armor: 0,
    speed: 4,
    attackBonus: 2,
    frayDamage: 3,
    damageDie: 6,
    basicAttacks: { melee: { range: 1 }, ranged: { range: 5 } },
    ...overrides,
  });
}

export function foe(name: string, overrides: Partial<Foe> = {}): Foe {
  return FoeSchema.parse({
    kind: 'foe',
    name,
    health: 8,
    defense: 9,
    armor: 0,
    speed: 4,
    attackBonus: 2,
    frayDamage: 2,
    damageDie: 6,
    ...overrides,
  });
}

export function party(...characters: PlayerCharacter[]) {
  return { schemaVersion: 1, kind: 'party', name: 'Test party', characters };
}

export function encounter(
  foes: { id: string; statBlock: Foe; cell: { x: number; y: number } }[],
  partyStarts: { x: number; y: number }[],
  chapter = 1,
) {
  return {
    schemaVersion: 1,
    kind: 'encounter',
    name: 'Test fight',
    map: 'test.json',
    chapter,
    foes,
    partyStarts,
  };
}

/** A fresh room (public + secrets docs) seeded from the given parts. */
export function room(input: Parameters<typeof seedRoom>[2]): TableDocs & { secrets: Y.Doc } {
  const docs = { public: new Y.Doc(), secrets: new Y.Doc() };
  seedRoom(docs.public, docs.secrets, input);
  return docs;
}
