import { z } from 'zod';
import { flagDuplicates, WHEN_OBJECT } from './flagDuplicates';
import { CellSchema } from './cell';
import { FoeSchema } from './statBlock';
import { atMost, MAX_ENCOUNTER_FOES, MAX_ID_CHARS, MAX_PARTY_CHARACTERS } from './limits';

/** Bump when the stored encounter shape changes, and teach `migrateEncounter` the step. */
export const ENCOUNTER_SCHEMA_VERSION = 2;

/** One foe placed on the map: `cell` is the north-west square of its footprint. */
export const EncounterFoeSchema = z.object({
  id: z
    .string()
    .max(MAX_ID_CHARS, atMost(MAX_ID_CHARS, 'characters'))
    .regex(/^[a-z0-9][a-z0-9-]*$/, 'expected an id of lowercase letters, digits and dashes'),
  statBlock: FoeSchema,
  cell: CellSchema,
  /**
   * Starts hidden from players (in the secrets doc) until the GM reveals it (v2). Default hidden:
   * what every foe of a version 1 file did. A room created with `revealFoes` shows them all.
   */
  hidden: z.boolean().default(true),
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
    /**
     * Built on a map of the campaign library (v2): that entry's id (src/schema/library.ts ids). The
     * encounter builder looks it up there first; `map` is then the map's name as a file name, so
     * the encounter still exports as a valid file.
     */
    mapEntry: z
      .string()
      .max(MAX_ID_CHARS, atMost(MAX_ID_CHARS, 'characters'))
      .regex(/^[A-Za-z0-9_-]+$/, 'expected a library entry id')
      .optional(),
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

/**
 * Brings older stored encounters up to ENCOUNTER_SCHEMA_VERSION. v1 → v2: each foe gets `hidden:
 * true`, written out (rooms seeded from a v1 file always hid every foe); `mapEntry` is new and
 * optional. Anything it does not recognise is left for the schema to word.
 */
export function migrateEncounter(data: unknown): unknown {
  if (typeof data !== 'object' || data === null) return data;
  const encounter = data as { schemaVersion?: unknown; foes?: unknown };
  if (encounter.schemaVersion !== 1) return data;
  return {
    ...encounter,
    schemaVersion: 2,
    foes: Array.isArray(encounter.foes)
      ? encounter.foes.map((foe: unknown) =>
          typeof foe === 'object' && foe !== null ? { hidden: true, ...foe } : foe,
        )
      : encounter.foes,
  };
}
