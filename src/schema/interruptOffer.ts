import { z } from 'zod';
import { boundedList, boundedText, MAX_ID_CHARS, MAX_LIST_ITEMS, MAX_NAME_CHARS } from './limits';

/** The triggers an offer may come from: the ones the table detects, or `text` the GM confirmed. */
export const OfferTriggerSchema = z.enum([
  'moves-adjacent',
  'moves-away',
  'targeted',
  'turn-starts',
  'turn-ends',
  'text',
]);
export type OfferTrigger = z.infer<typeof OfferTriggerSchema>;

const Id = boundedText(MAX_ID_CHARS).min(1);

/**
 * An interrupt the table offers its owner because its trigger just happened (docs/table.md
 * "Interrupt offers"): pending only during the turn it happened in (`turnSerial`, the
 * TurnOrder's), used by the owner's next use of that ability or declined.
 */
export const InterruptOfferSchema = z.object({
  /** The ability's name on the owner's stat block. */
  ability: boundedText(MAX_NAME_CHARS).min(1),
  trigger: OfferTriggerSchema,
  /** The character the trigger is about (who moved, was attacked, whose turn); null for `text`. */
  subjectId: Id.nullable(),
  /** Who made it happen (the attacker of a `targeted` trigger, else the subject); null for `text`. */
  byId: Id.nullable(),
  round: z.number().int().min(1),
  /** TurnOrder.turnSerial when it happened: the offer lapses once another turn starts. */
  turnSerial: z.number().int().min(0),
});
export type InterruptOffer = z.infer<typeof InterruptOfferSchema>;

/** One character's pending offers: at most one per ability (a newer one replaces it). */
export const InterruptOffersSchema = boundedList(InterruptOfferSchema, MAX_LIST_ITEMS, 'interrupt offers');
