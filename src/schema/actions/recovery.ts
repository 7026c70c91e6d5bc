import { z } from 'zod';
import { Amount } from '../rollRecord';
import { Id, tokenOutcome } from './common';

/** Drink an elixir (out of combat: heals half of max HP) or surrender (defeated, no wound). */
export const RecoveryIntentSchema = z.object({
  kind: z.enum(['drink-elixir', 'surrender']),
  tokenId: Id,
});

export const DrinkElixirOutcomeSchema = tokenOutcome('drink-elixir').extend({
  healed: Amount,
  hp: Amount,
  /** Elixirs the character has left after this one, for the log's "(1 left)"; absent in older logs. */
  elixirsLeft: Amount.optional(),
});
export const SurrenderOutcomeSchema = tokenOutcome('surrender');
