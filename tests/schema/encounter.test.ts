import { describe, expect, it } from 'vitest';
import { ENCOUNTER_SCHEMA_VERSION, EncounterSchema } from '../../src/schema/encounter';
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
      schemaVersion: 1,
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

describe('PartySchema', () => {
  it('needs at least one character', () => {
    expect(
      PartySchema.safeParse({ schemaVersion: 1, kind: 'party', name: 'p', characters: [] }).success,
    ).toBe(false);
  });
});
