import { z } from 'zod';
import { CellSchema, SideSchema } from './cell';
import { boundedList, boundedText, MAX_ID_CHARS, MAX_PARTY_CHARACTERS } from './limits';

/** Longest token name; the UI's name inputs carry it as `maxlength`. */
export const MAX_TOKEN_NAME_CHARS = 80;

/**
 * A piece on the battlefield. `cell` is the top-left (north-west) square of its footprint; a
 * Size N token covers N×N squares. Tokens of hidden/unrevealed characters live in the secrets doc
 * only (hiding = not sending), so there is no "hidden" flag here.
 */
export const TokenSchema = z.object({
  id: boundedText(MAX_ID_CHARS).min(1),
  name: z.string().min(1).max(MAX_TOKEN_NAME_CHARS),
  cell: CellSchema,
  size: z.number().int().min(1).max(5),
  side: SideSchema,
  /** Player-character ids whose players may command this token (a PC token lists its own id). */
  ownerIds: boundedList(boundedText(MAX_ID_CHARS).min(1), MAX_PARTY_CHARACTERS, 'owners').default([]),
  /** Key of this token's stat block in the `statBlocks` map (public or secrets doc); none for props. */
  statBlockId: boundedText(MAX_ID_CHARS).min(1).optional(),
  /** False for props and markers, which have no combatant state and take no turns. */
  combatant: z.boolean().default(true),
  /**
   * Only on a foe in the secrets doc: revealed, but out of the party's sight under fog of war
   * (setting `vision`), so players are not sent it; `stats-hidden` when the GM kept its stat block
   * from players while it was in sight (src/table/vision/partySight.ts).
   */
  outOfSight: z.enum(['stats-shown', 'stats-hidden']).optional(),
});
export type Token = z.infer<typeof TokenSchema>;
