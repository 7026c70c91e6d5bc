import { z } from 'zod';
import { flagDuplicates, WHEN_OBJECT } from './flagDuplicates';
import { CellSchema } from './cell';
import { FoeSchema } from './statBlock';
import { atMost, MAX_ENCOUNTER_FOES, MAX_ID_CHARS, MAX_PARTY_CHARACTERS } from './limits';

/** Bump when the stored encounter shape changes, and teach `migrateEncounter` the step. */
export const ENCOUNTER_SCHEMA_VERSION = 1;

/** One foe placed on the map: `cell` is the north-west square of its footprint. */
export const EncounterFoeSchema = z.object({
  id: z
    .string()
    .max(MAX_ID_CHARS, atMost(MAX_ID_CHARS, 'characters'))
    .regex(/^[a-z0-9][a-z0-9-]*$/, 'expected an id of lowercase letters, digits and dashes'),
  statBlock: FoeSchema,
  cell: CellSchema,
});
export type EncounterFoe = z.infer<typeof EncounterFoeSchema>;

/**
 * A prepared fight: which map (a file name inside maps/), the chapter (dangerous spaces deal
 * piercing damage equal to it), the foes and where the party may start. Facts that need the map
 * (foes inside it, on passable squares, not overlapping) are checked by src/tools/validateFiles.
 */
export const EncounterSchema = z
  .object({
    schemaVersion: z.literal(ENCOUNTER_SCHEMA_VERSION),
    kind: z.literal('encounter'),
    name: z.string().min(1).max(120),
    map: z.string().regex(/^[A-Za-z0-9._-]+\.json$/, 'expected a file name in maps/, like "arena.json"'),
    chapter: z.number().int().min(1).max(10),
    foes: z
      .array(EncounterFoeSchema)
      .max(MAX_ENCOUNTER_FOES, atMost(MAX_ENCOUNTER_FOES, 'foes in an encounter')),
    partyStarts: z
      .array(CellSchema)
      .min(1)
      .max(MAX_PARTY_CHARACTERS, atMost(MAX_PARTY_CHARACTERS, 'party starts')),
  })
  .superRefine(flagDuplicates('foes', 'id'), WHEN_OBJECT);
export type Encounter = z.infer<typeof EncounterSchema>;
export type EncounterInput = z.input<typeof EncounterSchema>;

/** Migration hook: brings older stored encounters up to ENCOUNTER_SCHEMA_VERSION (v1 is the first). */
export function migrateEncounter(data: unknown): unknown {
  return data;
}
