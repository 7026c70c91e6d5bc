import { z } from 'zod';
import { atMost, boundedText, MAX_BOONS } from './limits';

/**
 * Where a boon or curse came from. The battlefield adds the first three (grid/attackContext),
 * statuses and abilities add theirs, and the GM can always add a manual one.
 */
export const BOON_CURSE_SOURCES = [
  'height-advantage',
  'height-disadvantage',
  'ranged-adjacent-foe',
  'status',
  'ability',
  'gm',
] as const;
export const BoonCurseSourceSchema = z.enum(BOON_CURSE_SOURCES);
export type BoonCurseSource = z.infer<typeof BoonCurseSourceSchema>;

/** How a source reads in the result and the log ("Height: Brannoc stands 1 level above"). */
export const BOON_CURSE_SOURCE_LABEL: Record<BoonCurseSource, string> = {
  'height-advantage': 'Height',
  'height-disadvantage': 'Height',
  'ranged-adjacent-foe': 'Foe adjacent',
  status: 'Status',
  ability: 'Ability',
  gm: 'GM',
};

/** A boon or curse on a roll, with the reason the log shows ("target stands 2 levels higher"). */
export const RollModifierSchema = z.object({
  kind: z.enum(['boon', 'curse']),
  count: z.number().int().positive().max(MAX_BOONS, atMost(MAX_BOONS, 'boons or curses on one modifier')),
  source: BoonCurseSourceSchema,
  reason: boundedText(200).min(1),
});
export type RollModifier = z.infer<typeof RollModifierSchema>;
