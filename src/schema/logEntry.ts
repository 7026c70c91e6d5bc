import { z } from 'zod';

/** What a log line records; the UI picks an icon and a colour by kind. */
export const LOG_KINDS = [
  'move',
  'attack',
  'area',
  'save',
  'damage',
  'status',
  'turn',
  'basic-action',
  'reveal',
  'gm',
  'note',
] as const;
export const LogKindSchema = z.enum(LOG_KINDS);

/**
 * One line of the shared log: every resolution with its dice and modifiers. `outcome` holds the
 * rules engine's plain-data outcome untouched, so any number in `summary`/`details` can be
 * explained and replayed. GM-only entries are stored in the secrets doc, never in the public one.
 */
export const LogEntrySchema = z.object({
  id: z.string().min(1),
  /** Milliseconds since the Unix epoch, as written by the resolver. */
  at: z.number().int().nonnegative(),
  kind: LogKindSchema,
  /** Token or user that caused it ("gm" for the GM's manual edits). */
  actor: z.string().min(1),
  summary: z.string().min(1),
  /** Extra human-readable lines: each die, each boon/curse and its reason, each damage step. */
  details: z.array(z.string()).default([]),
  /** Every die rolled for this entry, in order, as [sides, result] pairs. */
  dice: z.array(z.tuple([z.number().int().positive(), z.number().int().positive()])).default([]),
  outcome: z.unknown().optional(),
  gmOnly: z.boolean().default(false),
});
export type LogEntry = z.infer<typeof LogEntrySchema>;

/** A chat line; chat is free text and never carries game state. */
export const ChatMessageSchema = z.object({
  id: z.string().min(1),
  at: z.number().int().nonnegative(),
  /** Display name of the sender. */
  from: z.string().min(1).max(80),
  text: z.string().min(1).max(2000),
});
export type ChatMessage = z.infer<typeof ChatMessageSchema>;
