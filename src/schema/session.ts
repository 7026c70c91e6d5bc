import { z } from 'zod';
import { ChannelIdSchema } from './chat';

/** Who a token is, as the server tells a client (`GET /api/session`). */
export const SessionSchema = z.object({
  roomId: z.string().min(1),
  role: z.enum(['gm', 'player']),
  /** Player characters this connection commands (empty for the GM, who commands all). */
  characterIds: z.array(z.string()),
  name: z.string(),
  /** A player's channel (their invite id): the doc of their whispers (docs/table.md "Channels"). */
  channel: ChannelIdSchema.optional(),
});
export type Session = z.infer<typeof SessionSchema>;
