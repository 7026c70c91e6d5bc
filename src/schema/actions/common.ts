import { z } from 'zod';
import { CellSchema } from '../cell';
import { Direction8Schema } from '../forcedMove';
import { boundedList, boundedText, MAX_NAME_CHARS, MAX_TOKENS } from '../limits';
import { OutcomeId } from '../rollRecord';

/** Building blocks the actions' intent and outcome schemas share. */

/** A token, ability, status or log entry id in an intent. */
export const Id = z.string().min(1).max(64);

/** The way a shove goes, when the ability shoves (the user picks it; push and pull need none). */
export const ShoveDirection = { direction: Direction8Schema.optional() };

/** A name in an outcome (an ability's, a pattern's). */
export const Name = boundedText(MAX_NAME_CHARS);

/** Squares an outcome lists (an area's). */
export const Cells = (what: string) => boundedList(CellSchema, MAX_TOKENS * 8, what);

/** An outcome about one token. */
export const tokenOutcome = <K extends string>(kind: K) =>
  z.object({ kind: z.literal(kind), tokenId: OutcomeId });
