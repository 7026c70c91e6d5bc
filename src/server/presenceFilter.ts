import type { Presence } from '../schema/presence';
import { PresenceSchema } from '../schema/presence';
import { presenceColor } from '../table/presence';

/** The most bytes one presence state may take as JSON after validation (docs/server.md, limits). */
export const MAX_PRESENCE_STATE_BYTES = 2048;

const isRecord = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

/**
 * The presence state the server relays for one awareness entry, or undefined to drop the entry.
 * Hidden means never sent, so the server does not trust the sender's page:
 * - only fields of the presence schema pass (unknown ones are dropped: a `hover` naming a secret);
 * - `user.name` and `user.role` come from the sender's token, so nobody shows up as someone else;
 * - a drag of a token players may not see (`isVisibleToken` false) is removed together with the
 *   cursor, which would show where the hidden token is being carried;
 * - a ruler from a token players may not see is removed (issue 15; the cursor stays: it is where
 *   the GM points, not where the hidden token is);
 * - a state that still exceeds MAX_PRESENCE_STATE_BYTES, or fails the schema, is dropped.
 */
export function sanitizePresence(
  state: unknown,
  clientID: number,
  session: { readonly name: string; readonly role: 'gm' | 'player' },
  isVisibleToken: (tokenId: string) => boolean,
): Presence | undefined {
  if (!isRecord(state)) return undefined;
  const user = isRecord(state['user']) ? state['user'] : {};
  const color = typeof user['color'] === 'string' ? user['color'] : presenceColor(clientID);
  const parsed = PresenceSchema.safeParse({
    ...state,
    user: { color, name: session.name.slice(0, 80), role: session.role },
  });
  if (!parsed.success) return undefined;
  let presence = parsed.data;
  if (presence.drag && !isVisibleToken(presence.drag.tokenId))
    presence = { ...presence, drag: null, cursor: null };
  if (presence.ruler?.tokenId !== undefined && !isVisibleToken(presence.ruler.tokenId))
    presence = { ...presence, ruler: null };
  if (JSON.stringify(presence).length > MAX_PRESENCE_STATE_BYTES) return undefined;
  return presence;
}
