import { z } from 'zod';
import { boundedRecord, MAX_INVITES, MAX_MAP_SIDE } from './limits';
import { MAX_SCENES } from './scene';

/**
 * A set of map squares as text: a bitset, row-major (square y × width + x is bit k), packed
 * little-endian into bytes and written as base64 (src/table/vision/squareSet.ts). A 200×200
 * map's set is 6,668 characters.
 */
export const SquareSetSchema = z
  .string()
  .max(
    Math.ceil((MAX_MAP_SIDE * MAX_MAP_SIDE) / 8 / 3) * 4,
    'a square set is at most one bit per square of the largest map',
  )
  .regex(/^[A-Za-z0-9+/]*={0,2}$/, 'expected base64');

/**
 * What the party has seen under fog of war, per scene (its id; `room` in a room with one scene):
 * the squares players see dimmed where no one looks now (docs/table/fog-of-war.md).
 */
export const ExploredSchema = boundedRecord(SquareSetSchema, MAX_SCENES + 1, 'scenes explored');
export type Explored = z.infer<typeof ExploredSchema>;

/**
 * What each player has seen under per-player fog, by `<channel>:<scene id or 'room'>` (the
 * secrets doc's `playerExplored`; each player's channel holds a copy of theirs).
 */
export const PlayerExploredSchema = boundedRecord(
  SquareSetSchema,
  MAX_INVITES * (MAX_SCENES + 1),
  "players' explored scenes",
);
