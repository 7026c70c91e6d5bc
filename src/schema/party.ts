import { z } from 'zod';
import { flagDuplicates, WHEN_OBJECT } from './flagDuplicates';
import { PlayerCharacterSchema } from './statBlock';
import { atMost, MAX_PARTY_CHARACTERS } from './limits';

/** Bump when the stored party shape changes, and teach `migrateParty` the step. */
export const PARTY_SCHEMA_VERSION = 1;

/** A group of player characters kept in a file (encounters/parties/); the demo room seats one. */
export const PartySchema = z
  .object({
    schemaVersion: z.literal(PARTY_SCHEMA_VERSION),
    kind: z.literal('party'),
    name: z.string().min(1).max(120),
    characters: z
      .array(PlayerCharacterSchema)
      .min(1)
      .max(MAX_PARTY_CHARACTERS, atMost(MAX_PARTY_CHARACTERS, 'characters in a party')),
  })
  .superRefine(flagDuplicates('characters', 'name'), WHEN_OBJECT);
export type Party = z.infer<typeof PartySchema>;
export type PartyInput = z.input<typeof PartySchema>;

/** Migration hook: brings older stored parties up to PARTY_SCHEMA_VERSION (v1 is the first). */
export function migrateParty(data: unknown): unknown {
  return data;
}
