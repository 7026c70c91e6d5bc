import { z } from 'zod';
import { ChatRollSchema, ChatTargetSchema, MAX_NOTATION_CHARS } from '../chat';
import { DrawingLayerSchema, DrawingShapeSchema } from '../drawing';
import { boundedText, MAX_TEXT_CHARS } from '../limits';
import { Amount, OutcomeId } from '../rollRecord';
import { Id, Name } from './common';

/**
 * Table talk and marks on the map (issue 15): intents anyone may send that never change the
 * battlefield. Who may send which is each action's `roles` (src/table/intents/actions.ts), with
 * the handlers' finer checks (a whisper to a player and the GM layer are the GM's).
 */

/** A chat line, to everyone or (`to`) whispered: a player to the GM, the GM to one player. */
export const ChatIntentSchema = z.object({
  kind: z.literal('chat'),
  text: z.string().trim().min(1).max(2000),
  to: ChatTargetSchema.optional(),
});

/**
 * A roll in chat (`/r 2d6+3`, `/r save 2 boons`; `/gmr` sends `to: gm`): dice notation of the
 * dice library, or an ICON shorthand. The server rolls with its dice (src/table/dice/).
 */
export const RollIntentSchema = z.object({
  kind: z.literal('roll'),
  notation: z.string().trim().min(1).max(MAX_NOTATION_CHARS),
  /** Words shown with the roll ("Athletics check"). */
  label: z.string().trim().max(200).optional(),
  to: ChatTargetSchema.optional(),
});

/** A drawing or note on the map; `layer: 'gm'` is the GM's own layer (GM only). */
export const DrawIntentSchema = z.object({
  kind: z.literal('draw'),
  shape: DrawingShapeSchema,
  layer: DrawingLayerSchema.default('table'),
});

/** Erase one drawing: players their own, the GM any. */
export const EraseDrawingIntentSchema = z.object({
  kind: z.literal('erase-drawing'),
  drawingId: Id,
});

/** Clear drawings: `mine` (anyone: their own) or `all` (GM only: both layers). */
export const ClearDrawingsIntentSchema = z.object({
  kind: z.literal('clear-drawings'),
  scope: z.enum(['mine', 'all']),
});

/** A chat line as its log outcome. */
export const ChatOutcomeSchema = z.object({
  kind: z.literal('chat'),
  from: Name,
  text: boundedText(MAX_TEXT_CHARS),
});
/** A roll made in chat, as stored on its chat line. */
export const RollOutcomeSchema = z.object({ kind: z.literal('roll'), from: Name, roll: ChatRollSchema });
/** A drawing added (its id) or drawings erased (how many). */
export const DrawOutcomeSchema = z.object({ kind: z.literal('draw'), drawingId: OutcomeId });
export const EraseDrawingsOutcomeSchema = z.object({ kind: z.literal('erase-drawings'), count: Amount });
