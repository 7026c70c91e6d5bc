import { z } from 'zod';
import { CellSchema } from './cell';

/** Waypoints one ruler may hold. */
export const MAX_RULER_WAYPOINTS = 16;

/**
 * What one connection shares through Yjs awareness (presence, never document state): who it is,
 * the square under its pointer, the token it is dragging and where, and its last ping. The server
 * relays only states that pass this schema, with unknown fields dropped (src/server/presenceFilter.ts).
 */
export const PresenceSchema = z.object({
  user: z.object({
    name: z.string().max(80),
    role: z.enum(['gm', 'player']),
    /** CSS colour for the cursor. */
    color: z.string().max(32),
  }),
  cursor: CellSchema.nullable().default(null),
  drag: z
    .object({ tokenId: z.string().min(1).max(64), cell: CellSchema })
    .nullable()
    .default(null),
  /**
   * The ruler while it is held (issue 15): from a square (or a token's square, `tokenId`) through
   * the waypoints to the square under the pointer. Viewers measure it themselves with the rules;
   * a ruler from a hidden token is never relayed (src/server/presenceFilter.ts).
   */
  ruler: z
    .object({
      from: CellSchema,
      waypoints: z.array(CellSchema).max(MAX_RULER_WAYPOINTS),
      to: CellSchema,
      tokenId: z.string().min(1).max(64).optional(),
    })
    .nullable()
    .default(null),
  /** `at` = milliseconds since the epoch, so viewers can fade old pings. */
  ping: z.object({ cell: CellSchema, at: z.number() }).nullable().default(null),
});
export type Presence = z.infer<typeof PresenceSchema>;
