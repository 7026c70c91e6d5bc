import { z } from 'zod';
import { Id, Name, tokenOutcome } from './common';

/**
 * Interrupt offers (docs/table.md "Interrupt offers"): the GM `offer`s an interrupt whose trigger
 * happened (a free-text trigger, or one the table cannot see); its owner or the GM `decline`s one.
 */
export const InterruptOfferIntentSchema = z.object({
  kind: z.literal('interrupt-offer'),
  tokenId: Id,
  /** The ability's name or slug. */
  abilityId: Id,
  action: z.enum(['offer', 'decline']),
});

export const InterruptOfferOutcomeSchema = tokenOutcome('interrupt-offer').extend({
  ability: Name,
  action: z.enum(['offer', 'decline']),
});
