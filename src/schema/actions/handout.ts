import { z } from 'zod';
import { AssetHashSchema } from '../asset';
import { ChannelIdSchema } from '../chat';
import { atMost, boundedText, MAX_ID_CHARS, MAX_NAME_CHARS } from '../limits';
import { Name } from './common';

/**
 * Handouts (issue 32; docs/table/handouts.md): a picture or a text the GM shows to everyone or to
 * one player. Shown through the server (`show-handout`), kept in the `handouts` root: the public
 * doc's for everyone, the secrets doc's (the GM's copy) and one channel doc's for one player.
 */

/** Longest handout title, in characters. */
export const MAX_HANDOUT_TITLE_CHARS = 120;
/** Longest handout text, in characters. */
export const MAX_HANDOUT_TEXT_CHARS = 20_000;
/**
 * Handouts a room keeps at most (everyone's and one player's together). 100 of the longest
 * (20,000 characters of three-byte UTF-8 each) are 6 MB of JSON: a room file holding all of them
 * still fits the import's 8 MB of documents (tests/table/handouts.test.ts).
 */
export const MAX_HANDOUTS = 100;

/** One player, as whispers address them: their channel (the invite id the GM's invite list shows). */
export const HandoutTargetSchema = z.object({ kind: z.literal('player'), channel: ChannelIdSchema });

/** Show a handout (GM only): a title, and a text, a picture of the room (its hash) or both. */
export const ShowHandoutIntentSchema = z.object({
  kind: z.literal('show-handout'),
  title: z
    .string()
    .trim()
    .min(1, 'a handout needs a title')
    .max(MAX_HANDOUT_TITLE_CHARS, atMost(MAX_HANDOUT_TITLE_CHARS, 'characters')),
  text: z
    .string()
    .trim()
    .max(MAX_HANDOUT_TEXT_CHARS, atMost(MAX_HANDOUT_TEXT_CHARS, 'characters'))
    .optional(),
  image: AssetHashSchema.optional(),
  /** Absent: everyone at the table. */
  to: HandoutTargetSchema.optional(),
});

/** One handout as a doc keeps it (`handouts` root, keyed by its id). */
export const HandoutSchema = z.object({
  id: boundedText(MAX_ID_CHARS).min(1),
  /** When the server showed it (ms since the epoch). */
  at: z.number().int().nonnegative(),
  title: boundedText(MAX_HANDOUT_TITLE_CHARS).min(1),
  text: boundedText(MAX_HANDOUT_TEXT_CHARS).optional(),
  image: AssetHashSchema.optional(),
  /** Absent: everyone. One player: their channel and the name on their invite. */
  to: HandoutTargetSchema.extend({ name: boundedText(MAX_NAME_CHARS).min(1) }).optional(),
});
export type Handout = z.infer<typeof HandoutSchema>;

/** What the answer says: its title, and the player it went to (absent: everyone). */
export const ShowHandoutOutcomeSchema = z.object({
  kind: z.literal('show-handout'),
  title: boundedText(MAX_HANDOUT_TITLE_CHARS),
  to: Name.optional(),
});
