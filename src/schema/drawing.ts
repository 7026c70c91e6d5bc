import { z } from 'zod';
import { ChannelIdSchema } from './chat';
import { boundedList, boundedText, MAX_ID_CHARS, MAX_MAP_SIDE, MAX_NAME_CHARS } from './limits';

/**
 * Drawings and notes on the map (issue 15). They are not terrain: no rule ever reads them.
 * Positions are in squares (fractions allowed: 0,0 is the map's north-west corner).
 */

/** Drawings on one layer of a room (table layer in the public doc, GM layer in the secrets doc). */
export const MAX_DRAWINGS = 500;
/** Points of one freehand stroke (the client simplifies before sending). */
export const MAX_STROKE_POINTS = 1_000;
/** Characters of one text note on the map. */
export const MAX_DRAWING_TEXT_CHARS = 200;

const Coordinate = z
  .number()
  .finite()
  .min(-1)
  .max(MAX_MAP_SIDE + 1);
/** [x, y] in squares. */
export const DrawingPointSchema = z.tuple([Coordinate, Coordinate]);
export type DrawingPoint = z.infer<typeof DrawingPointSchema>;

export const DrawingShapeSchema = z.discriminatedUnion('kind', [
  z.object({
    kind: z.literal('free'),
    points: boundedList(DrawingPointSchema, MAX_STROKE_POINTS, 'points in a stroke').min(2),
  }),
  z.object({ kind: z.literal('line'), from: DrawingPointSchema, to: DrawingPointSchema }),
  /** Two opposite corners. */
  z.object({ kind: z.literal('rect'), from: DrawingPointSchema, to: DrawingPointSchema }),
  z.object({
    kind: z.literal('circle'),
    center: DrawingPointSchema,
    radius: z.number().finite().positive().max(MAX_MAP_SIDE),
  }),
  z.object({
    kind: z.literal('text'),
    at: DrawingPointSchema,
    text: boundedText(MAX_DRAWING_TEXT_CHARS).min(1),
  }),
]);
export type DrawingShape = z.infer<typeof DrawingShapeSchema>;

/** `table`: everyone sees it (public doc). `gm`: the GM's own layer (secrets doc), never sent to players. */
export const DrawingLayerSchema = z.enum(['table', 'gm']);
export type DrawingLayer = z.infer<typeof DrawingLayerSchema>;

/** Who drew it: 'gm', or the player's channel (invite id); the server stamps it. */
export const DrawingAuthorSchema = z.object({
  key: z.union([z.literal('gm'), ChannelIdSchema]),
  name: boundedText(MAX_NAME_CHARS).min(1),
});

/** A stored drawing (doc root `drawings`: id → Drawing). */
export const DrawingSchema = z.object({
  id: boundedText(MAX_ID_CHARS).min(1),
  author: DrawingAuthorSchema,
  /** '#rrggbb', the author's colour (src/table/authorColour.ts). */
  color: z.string().regex(/^#[0-9a-f]{6}$/i),
  layer: DrawingLayerSchema,
  shape: DrawingShapeSchema,
  at: z.number().int().nonnegative(),
});
export type Drawing = z.infer<typeof DrawingSchema>;
