import { describe, expect, it } from 'vitest';
import { ENCOUNTER_SCHEMA_VERSION, EncounterSchema, migrateEncounter } from '../../src/schema/encounter';
import { PartySchema } from '../../src/schema/party';

const foe = {
  kind: 'foe',
  name: 'Husk',
  health: 2,
  defense: 6,
  speed: 4,
  attackBonus: 1,
  frayDamage: 2,
  damageDie: 4,
};

describe('EncounterSchema', () => {
  it('accepts an encounter naming its map file and places foes by north-west square', () => {
    const parsed = EncounterSchema.parse({
      schemaVersion: ENCOUNTER_SCHEMA_VERSION,
      kind: 'encounter',
      name: 'e',
      map: 'arena.json',
      chapter: 2,
      foes: [{ id: 'husk-1', statBlock: foe, cell: { x: 1, y: 2 } }],
      partyStarts: [{ x: 0, y: 0 }],
    });
    expect(parsed.foes[0]!.statBlock.size).toBe(1);
    expect(parsed.chapter).toBe(2);
  });

  it('rejects duplicate foe ids and path-like map names', () => {
    const result = EncounterSchema.safeParse({
      schemaVersion: ENCOUNTER_SCHEMA_VERSION,
      kind: 'encounter',
      name: 'e',
      map: '../secret.json',
      chapter: 1,
      foes: [
        { id: 'a', statBlock: foe, cell: { x: 0, y: 0 } },
        { id: 'a', statBlock: foe, cell: { x: 1, y: 0 } },
      ],
      partyStarts: [{ x: 3, y: 3 }],
    });
    expect(result.error!.issues.map((i) => [i.path.join('.'), i.message])).toEqual([
      ['map', 'expected a file name in maps/, like "arena.json"'],
      ['foes.1.id', "'a' is used twice"],
    ]);
  });
});

describe('migrateEncounter', () => {
  const v1 = {
    schemaVersion: 1,
    kind: 'encounter',
    name: 'Old',
    map: 'arena.json',
    chapter: 1,
    foes: [{ id: 'husk', statBlock: foe, cell: { x: 1, y: 1 } }],
    partyStarts: [{ x: 0, y: 0 }],
  };

  it('reads a version 1 file: every foe starts hidden, as rooms seeded from it always did', () => {
    const parsed = EncounterSchema.parse(migrateEncounter(v1));
    expect(parsed.schemaVersion).toBe(2);
    expect(parsed.foes[0]!.hidden).toBe(true);
    expect(parsed.mapEntry).toBeUndefined();
  });

  it('keeps a foe marked visible, and a library map by its entry id', () => {
    const v2 = {
      ...v1,
      schemaVersion: 2,
      mapEntry: 'abc_123',
      foes: [{ ...v1.foes[0], hidden: false }],
    };
    const parsed = EncounterSchema.parse(migrateEncounter(v2));
    expect(parsed.foes[0]!.hidden).toBe(false);
    expect(parsed.mapEntry).toBe('abc_123');
  });

  it('leaves what it does not know alone (the schema then says what is wrong)', () => {
    expect(migrateEncounter('nope')).toBe('nope');
    expect(migrateEncounter({ schemaVersion: 9 })).toEqual({ schemaVersion: 9 });
  });
});

describe('PartySchema', () => {
  it('needs at least one character', () => {
    expect(
      PartySchema.safeParse({ schemaVersion: 1, kind: 'party', name: 'p', characters: [] }).success,
    ).toBe(false);
  });
});
