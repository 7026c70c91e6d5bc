import { z } from 'zod';
import { CellSchema } from '../cell';
import { boundedText, MAX_TEXT_CHARS } from '../limits';
import { OutcomeId } from '../rollRecord';

/**
 * Two characters trade spaces (an ability component's `swapPlaces`: docs/rules/movement.md
 * "Swapping places"), inside the ability's outcome beside its forced moves: the user goes to the
 * receiver's space and the receiver to the user's, with no path in between.
 */
export const SwapPlacesOutcomeSchema = z.object({
  kind: z.literal('swap-places'),
  userId: OutcomeId,
  targetId: OutcomeId,
  /** Where each stood before: each now stands where the other did. */
  userFrom: CellSchema,
  targetFrom: CellSchema,
  /** The sentence the log shows ("Ana and Hollow Husk swap places"). */
  text: boundedText(MAX_TEXT_CHARS),
});
export type SwapPlacesOutcome = z.infer<typeof SwapPlacesOutcomeSchema>;
