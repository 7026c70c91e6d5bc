/**
 * The few numbers the server and the table client must agree on beyond the stock y-websocket
 * protocol. One definition, imported by both sides.
 */

/** Custom y-websocket message: the server refused a write from this connection (varString JSON {reason}). */
export const MESSAGE_REFUSED = 20;
/** Close code after a refused write or forged awareness: the client discards its doc and resyncs. */
export const CLOSE_REFUSED = 4403;
/** Close code of a socket whose invite the GM revoked: the client does not reconnect. */
export const CLOSE_REVOKED = 4401;
/** `CLOSE_REVOKED`'s reasons: the invite is gone, or it has a new link (the page says which). */
export const REVOKED_REASON = 'invite revoked';
export const REPLACED_REASON = 'invite link replaced';
/**
 * Close code of a socket to a room the server cannot open (its stored data is unreadable or from a
 * newer build); the reason says why. Reconnecting does not help until the server is fixed.
 */
export const CLOSE_ROOM_UNAVAILABLE = 4500;
/**
 * Close code of a socket that sent more than a limit allows (sync requests, presence floods):
 * the reason says which limit and its value; the client shows it and reconnects after a pause.
 */
export const CLOSE_RATE_LIMITED = 4429;
/**
 * Close code of a socket to a room another server process serves now (several processes behind
 * a proxy, docs/scaling.md: the room's owner changed, or this process lost its database
 * connection). The client reconnects, and the proxy brings it to the room's process. Unlike
 * CLOSE_ROOM_UNAVAILABLE, reconnecting is the remedy.
 */
export const CLOSE_ROOM_MOVED = 4503;
