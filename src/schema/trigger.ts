import { z } from 'zod';
import { boundedText, MAX_TEXT_CHARS } from './limits';

/**
 * Whom a trigger watches, seen from the interrupt's owner: `you` (the owner), `ally` (another
 * character on the owner's side), `foe` (a character of another side) or `any` character.
 */
export const TriggerSubjectSchema = z.enum(['you', 'ally', 'foe', 'any']);
export type TriggerSubject = z.infer<typeof TriggerSubjectSchema>;

/**
 * When an Interrupt may be used ("Interrupt X ... when their trigger is satisfied"), as data the
 * table can detect, or free text the GM confirms (docs/rules.md "Interrupts"):
 * - `moves-adjacent`: `who` moves to a square next to the owner (it was not next to it before);
 * - `moves-away`: `who` leaves the squares next to the owner;
 * - `targeted`: `who` is made the target of an attack;
 * - `turn-starts` / `turn-ends`: `who`'s turn starts or ends;
 * - `text`: anything else, written out; the GM decides when it happens.
 */
export const InterruptTriggerSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('moves-adjacent'), who: TriggerSubjectSchema.default('foe') }),
  z.object({ kind: z.literal('moves-away'), who: TriggerSubjectSchema.default('foe') }),
  z.object({ kind: z.literal('targeted'), who: TriggerSubjectSchema.default('you') }),
  z.object({ kind: z.literal('turn-starts'), who: TriggerSubjectSchema.default('any') }),
  z.object({ kind: z.literal('turn-ends'), who: TriggerSubjectSchema.default('any') }),
  z.object({ kind: z.literal('text'), text: boundedText(MAX_TEXT_CHARS) }),
]);
export type InterruptTrigger = z.infer<typeof InterruptTriggerSchema>;

/**
 * Reads a stored trigger: abilities written before triggers were data hold a plain sentence, which
 * is kept word for word as a free-text trigger (migration, no schema version needed).
 */
export const StoredTriggerSchema = z.preprocess(
  (value) => (typeof value === 'string' ? { kind: 'text', text: value } : value),
  InterruptTriggerSchema,
);
