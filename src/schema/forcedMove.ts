import { z } from 'zod';
import { atMost } from './limits';

/**
 * Forced movement as ability data ("push 1", "pull 2", "shove 3"): which kind and how many
 * squares. The grid moves the character (src/grid/forcedMove.ts); docs/rules.md "Forced movement".
 */

/** The eight straight directions a shove may take (same names as src/grid/forcedMove.ts). */
export const DIRECTION_8_NAMES = [
  'north',
  'north-east',
  'east',
  'south-east',
  'south',
  'south-west',
  'west',
  'north-west',
] as const;
export const Direction8Schema = z.enum(DIRECTION_8_NAMES, {
  error: `expected a direction: ${DIRECTION_8_NAMES.join(', ')}`,
});
export type Direction8Name = z.infer<typeof Direction8Schema>;

/** No ability in the rules moves anyone farther than a few squares; 20 is far above that. */
export const MAX_FORCED_SQUARES = 20;

export const ForcedMoveKindSchema = z.enum(['push', 'pull', 'shove']);
export type ForcedMoveKindName = z.infer<typeof ForcedMoveKindSchema>;

/** "push N" / "pull N" / "shove N" in an ability component. */
export const ForcedMoveSpecSchema = z.object({
  kind: ForcedMoveKindSchema,
  squares: z
    .number()
    .int()
    .min(1, 'a forced move is at least 1 square')
    .max(MAX_FORCED_SQUARES, atMost(MAX_FORCED_SQUARES, 'squares for a forced move')),
});
export type ForcedMoveSpec = z.infer<typeof ForcedMoveSpecSchema>;
