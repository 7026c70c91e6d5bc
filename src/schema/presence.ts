import { z } from 'zod';
import { CellSchema } from './cell';

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
  /** `at` = milliseconds since the epoch, so viewers can fade old pings. */
  ping: z.object({ cell: CellSchema, at: z.number() }).nullable().default(null),
});
export type Presence = z.infer<typeof PresenceSchema>;
