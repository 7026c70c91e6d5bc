import { z } from 'zod';
import { boundedList, boundedText, MAX_BOONS, MAX_ID_CHARS, MAX_NAME_CHARS, MAX_TEXT_CHARS } from './limits';

/**
 * Table talk (issue 15): chat lines, rolls made in chat, and who a line is for. Lines for
 * everyone live in the public doc; a whisper or a private roll is never in it: the GM's copy is
 * in the secrets doc and the player's in that player's channel doc (docs/table.md "Channels").
 */

const Id = boundedText(MAX_ID_CHARS).min(1);

/** Longest dice notation a roll accepts (characters). */
export const MAX_NOTATION_CHARS = 200;
/** Dice one roll may throw in all, re-rolls and explosions included. */
export const MAX_ROLLED_DICE = 200;
/** Most sides one die may have. */
export const MAX_DIE_SIDES = 1_000;
/** Groups of dice and the text between them in one roll's expression. */
export const MAX_ROLL_PARTS = 100;

/**
 * A player's channel: their invite's id, the first 12 hex digits of the SHA-256 of the invite's
 * first token, kept when the GM gives the invite a new link (src/server/invites.ts). Not a
 * secret; the token is.
 */
export const ChannelIdSchema = z.string().regex(/^[0-9a-f]{12}$/, 'a channel is 12 hex digits');
export type ChannelId = z.infer<typeof ChannelIdSchema>;

/** Who an intent asks a line to go to. Absent = everyone in the room. */
export const ChatTargetSchema = z.discriminatedUnion('kind', [
  /** The GM only: a player's whisper to the GM, or the GM's private roll (/gmr). */
  z.object({ kind: z.literal('gm') }),
  /** One player (GM only): the GM whispers to the player whose invite this channel is. */
  z.object({ kind: z.literal('player'), channel: ChannelIdSchema }),
]);
export type ChatTarget = z.infer<typeof ChatTargetSchema>;

/** Who a stored line is for, with the name people read (the server fills it from the invite). */
export const ChatAudienceSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('gm') }),
  z.object({
    kind: z.literal('player'),
    channel: ChannelIdSchema,
    name: boundedText(MAX_NAME_CHARS).min(1),
  }),
]);
export type ChatAudience = z.infer<typeof ChatAudienceSchema>;

/** One die as it fell. `kept: false` for a die the notation dropped or re-rolled. */
export const RolledDieSchema = z.object({
  /** Faces (fudge dice: 'F', showing −1, 0 or +1). */
  sides: z.union([z.number().int().min(1).max(MAX_DIE_SIDES), z.literal('F')]),
  value: z.number().int().min(-1).max(MAX_DIE_SIDES),
  kept: z.boolean(),
  /** The dice library's marks as shown after the value ("!" exploded, "r" re-rolled, "d" dropped…). */
  marks: boundedText(8).default(''),
});
export type RolledDie = z.infer<typeof RolledDieSchema>;

/** A roll's expression in order: groups of dice, and the text between them (" + 3"). */
export const RollPartSchema = z.union([
  z.object({
    notation: boundedText(MAX_NOTATION_CHARS).min(1),
    dice: boundedList(RolledDieSchema, MAX_ROLLED_DICE, 'dice'),
  }),
  z.object({ text: boundedText(MAX_NOTATION_CHARS).min(1) }),
]);
export type RollPart = z.infer<typeof RollPartSchema>;

/**
 * An ICON roll (`/r save`, `/r 2 boons`): 1d20, ± the highest d6 of the net boons or curses,
 * + a flat bonus. A save succeeds on 10 or more.
 */
export const IconRollSchema = z.object({
  save: z.boolean(),
  /** Boons minus curses. */
  net: z.number().int().min(-MAX_BOONS).max(MAX_BOONS),
  d20: z.number().int().min(1).max(20),
  d6: boundedList(z.number().int().min(1).max(6), MAX_BOONS, 'boon or curse dice'),
  bonus: z.number().int().min(-99).max(99),
  total: z.number().int(),
  /** Saves only. */
  success: z.boolean().optional(),
});
export type IconRoll = z.infer<typeof IconRollSchema>;

/** A roll made in chat, rolled by the server with its dice; every die is kept for display. */
export const ChatRollSchema = z.object({
  /** What was asked, as typed after /r ("2d6+3", "save 1 curse"). */
  notation: boundedText(MAX_NOTATION_CHARS).min(1),
  parts: boundedList(RollPartSchema, MAX_ROLL_PARTS, 'parts'),
  total: z.number().finite(),
  /** Set for the ICON shorthands. */
  icon: IconRollSchema.optional(),
});
export type ChatRoll = z.infer<typeof ChatRollSchema>;

/** One chat line. Chat is free text: it never carries game state and is never HTML. */
export const ChatMessageSchema = z
  .object({
    id: Id,
    at: z.number().int().nonnegative(),
    /** Display name of the sender (the server stamps it from the link). */
    from: z.string().min(1).max(80),
    /** The character the sender speaks as, when a player commands one (server-stamped). */
    character: boundedText(MAX_NAME_CHARS).min(1).optional(),
    /** The words; empty only on a roll without a label. */
    text: boundedText(MAX_TEXT_CHARS),
    roll: ChatRollSchema.optional(),
    /** Absent = everyone. */
    to: ChatAudienceSchema.optional(),
  })
  .refine((line) => line.text.length > 0 || line.roll !== undefined, 'a chat line has words or a roll');
export type ChatMessage = z.infer<typeof ChatMessageSchema>;
