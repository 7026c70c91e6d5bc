import { z } from 'zod';
import { CellSchema } from './cell';
import { FoeSchema } from './statBlock';

/** Bump when the stored encounter shape changes, and teach `migrateEncounter` the step. */
export const ENCOUNTER_SCHEMA_VERSION = 1;

/** One foe placed on the map: `cell` is the north-west square of its footprint. */
export const EncounterFoeSchema = z.object({
  id: z.string().regex(/^[a-z0-9][a-z0-9-]*$/, 'expected an id of lowercase letters, digits and dashes'),
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
    foes: z.array(EncounterFoeSchema),
    partyStarts: z.array(CellSchema).min(1),
  })
  .superRefine(
    (parsed, ctx) => {
      // Runs even when other fields failed (see `when`) so every problem is reported at once.
      const foes: unknown = (parsed as unknown as { foes?: unknown }).foes;
      if (!Array.isArray(foes)) return;
      const seen = new Set<string>();
      foes.forEach((foe: unknown, i) => {
        const id = typeof foe === 'object' && foe !== null ? (foe as { id?: unknown }).id : undefined;
        if (typeof id !== 'string') return;
        if (seen.has(id))
          ctx.addIssue({ code: 'custom', path: ['foes', i, 'id'], message: `'${id}' is used twice` });
        seen.add(id);
      });
    },
    { when: (payload) => typeof payload.value === 'object' && payload.value !== null },
  );
export type Encounter = z.infer<typeof EncounterSchema>;
export type EncounterInput = z.input<typeof EncounterSchema>;

/** Migration hook: brings older stored encounters up to ENCOUNTER_SCHEMA_VERSION (v1 is the first). */
export function migrateEncounter(data: unknown): unknown {
  return data;
}
