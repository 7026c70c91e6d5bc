import { z } from 'zod';
import { PlayerCharacterSchema } from './statBlock';

/** Bump when the stored party shape changes, and teach `migrateParty` the step. */
export const PARTY_SCHEMA_VERSION = 1;

/** A group of player characters kept in a file (encounters/parties/); the demo room seats one. */
export const PartySchema = z
  .object({
    schemaVersion: z.literal(PARTY_SCHEMA_VERSION),
    kind: z.literal('party'),
    name: z.string().min(1).max(120),
    characters: z.array(PlayerCharacterSchema).min(1),
  })
  .superRefine(
    (parsed, ctx) => {
      // Runs even when other fields failed (see `when`) so every problem is reported at once.
      const characters: unknown = (parsed as unknown as { characters?: unknown }).characters;
      if (!Array.isArray(characters)) return;
      const seen = new Set<string>();
      characters.forEach((pc: unknown, i) => {
        const name = typeof pc === 'object' && pc !== null ? (pc as { name?: unknown }).name : undefined;
        if (typeof name !== 'string') return;
        if (seen.has(name))
          ctx.addIssue({
            code: 'custom',
            path: ['characters', i, 'name'],
            message: `'${name}' is used twice`,
          });
        seen.add(name);
      });
    },
    { when: (payload) => typeof payload.value === 'object' && payload.value !== null },
  );
export type Party = z.infer<typeof PartySchema>;
export type PartyInput = z.input<typeof PartySchema>;

/** Migration hook: brings older stored parties up to PARTY_SCHEMA_VERSION (v1 is the first). */
export function migrateParty(data: unknown): unknown {
  return data;
}
