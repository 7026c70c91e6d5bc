import { z } from 'zod';
import { boundedList, MAX_TOKENS } from '../limits';
import { Amount, OutcomeId } from '../rollRecord';

/** Between fights (GM only): an interlude heals wounds; a new expedition refills elixirs. */
export const BetweenFightsIntentSchema = z.object({
  kind: z.enum(['interlude', 'new-expedition']),
});

/** Wounds each PC recovered. */
export const InterludeOutcomeSchema = z.object({
  kind: z.literal('interlude'),
  healed: boundedList(z.object({ tokenId: OutcomeId, wounds: Amount }), MAX_TOKENS, 'characters'),
});

/** Elixirs every PC now has. */
export const NewExpeditionOutcomeSchema = z.object({ kind: z.literal('new-expedition'), elixirs: Amount });
