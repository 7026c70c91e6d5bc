import { hashToken, newToken } from './auth';
import type { ServerContext } from './context';
import type { TokenRow } from './store';
import { CHANNEL_ID_CHARS } from './storeSchema';
import { CLOSE_REVOKED, REPLACED_REASON, REVOKED_REASON } from '../table/wireCodes';

/**
 * Player invites, as the GM manages them. An invite's id is its channel (the doc of its whispers,
 * docs/table/chat.md "Channels"): the start of its first token's SHA-256 (the store keeps only
 * hashes), fixed when the invite is made and kept when the GM gives it a new link. Enough to tell
 * invites apart, useless for joining.
 */
export const INVITE_ID_CHARS = CHANNEL_ID_CHARS;

/** Close code for sockets whose invite the GM revoked or replaced (reconnecting then gets 401). */
export { CLOSE_REVOKED };

export interface InviteSummary {
  readonly id: string;
  readonly name: string;
  readonly characterIds: readonly string[];
}

/** The id of a new invite whose (first) token is `token`. */
export function inviteIdOf(token: string): string {
  return hashToken(token).slice(0, INVITE_ID_CHARS);
}

/** The room's player invites, oldest first (the GM's own token is not an invite). */
export function listInvites(ctx: ServerContext, roomId: string): InviteSummary[] {
  return playerTokens(ctx, roomId).map(summaryOf);
}

function playerTokens(ctx: ServerContext, roomId: string): TokenRow[] {
  return ctx.store.roomTokens(roomId).filter((row) => row.role === 'player');
}

/**
 * The name on the player invite of `roomId` whose id (its channel) is `id`, or undefined when
 * the room has no such invite (a whisper's reader: src/server/channels.ts).
 */
export function inviteName(ctx: ServerContext, roomId: string, id: string): string | undefined {
  return playerTokens(ctx, roomId).find((row) => idOf(row) === id)?.name;
}

function idOf(row: TokenRow): string {
  return row.channel ?? row.tokenHash.slice(0, INVITE_ID_CHARS);
}

function summaryOf(row: TokenRow): InviteSummary {
  return { id: idOf(row), name: row.name, characterIds: row.characterIds };
}

type Refusal = { ok: false; status: 400 | 404 | 409; reason: string };

/** The one player invite of `roomId` whose id starts with `idPrefix`, or why there is none. */
function findInvite(
  ctx: ServerContext,
  roomId: string,
  idPrefix: string,
): { ok: true; row: TokenRow } | Refusal {
  if (!new RegExp(`^[0-9a-f]{8,${INVITE_ID_CHARS}}$`).test(idPrefix)) {
    return {
      ok: false,
      status: 400,
      reason: `invite id: expected 8 to ${INVITE_ID_CHARS} hex digits, got "${idPrefix}"`,
    };
  }
  const matches = playerTokens(ctx, roomId).filter((row) => idOf(row).startsWith(idPrefix));
  if (matches.length === 0) return { ok: false, status: 404, reason: `no invite ${idPrefix} in this room` };
  if (matches.length > 1) {
    return {
      ok: false,
      status: 409,
      reason: `invite id ${idPrefix} matches ${matches.length} invites; give more digits`,
    };
  }
  return { ok: true, row: matches[0]! };
}

/** Close every open socket of the token `tokenHash` in `roomId` with `CLOSE_REVOKED`. */
function closeSocketsOf(ctx: ServerContext, roomId: string, tokenHash: string, reason: string): void {
  const room = ctx.rooms.loaded(roomId);
  for (const shared of room ? room.docs : []) {
    for (const listener of [...shared.listeners]) {
      if (listener.tokenHash === tokenHash) listener.close(CLOSE_REVOKED, reason);
    }
  }
}

/**
 * Revoke the player invite of `roomId` whose id starts with `idPrefix` (8 to 12 hex digits): its
 * token stops working at once and its open sockets are closed with `CLOSE_REVOKED`. Returns the
 * revoked invite, or a reason (no such invite, or a prefix that matches several).
 */
export function revokeInvite(
  ctx: ServerContext,
  roomId: string,
  idPrefix: string,
): { ok: true; invite: InviteSummary } | Refusal {
  const found = findInvite(ctx, roomId, idPrefix);
  if (!found.ok) return found;
  const { row } = found;
  ctx.store.deleteToken(row.tokenHash);
  closeSocketsOf(ctx, roomId, row.tokenHash, REVOKED_REASON);
  // Its channel goes with it: the GM keeps every whisper in the secrets doc.
  const invite = summaryOf(row);
  ctx.rooms.forgetChannel(roomId, invite.id);
  return { ok: true, invite };
}

/**
 * A new link for the player invite of `roomId` whose id starts with `idPrefix`: a new token for
 * the same invite (same name, characters, id and so channel), which replaces the old one in one
 * commit. The old token stops working at once and its open sockets are closed with
 * `CLOSE_REVOKED`; the player's whispers, drawings and colour stay theirs (they name the channel,
 * which does not change). Returns the invite and the new token (shown once), or a reason.
 */
export function newInviteLink(
  ctx: ServerContext,
  roomId: string,
  idPrefix: string,
): { ok: true; invite: InviteSummary; token: string } | Refusal {
  const found = findInvite(ctx, roomId, idPrefix);
  if (!found.ok) return found;
  const { row } = found;
  const token = newToken();
  if (!ctx.store.replaceTokenHash(row.tokenHash, hashToken(token)))
    return { ok: false, status: 404, reason: `no invite ${idPrefix} in this room` };
  closeSocketsOf(ctx, roomId, row.tokenHash, REPLACED_REASON);
  return { ok: true, invite: summaryOf(row), token };
}
