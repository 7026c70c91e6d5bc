import { hashToken } from './auth';
import type { ServerContext } from './context';
import type { TokenRow } from './store';
import { CLOSE_REVOKED } from '../table/wireCodes';

/**
 * Player invites, as the GM manages them. An invite's id is the start of its token's SHA-256
 * (the store keeps only hashes): enough to tell invites apart, useless for joining.
 */
export const INVITE_ID_CHARS = 12;

/** Close code for sockets whose invite the GM revoked (reconnecting then gets 401). */
export { CLOSE_REVOKED };

export interface InviteSummary {
  readonly id: string;
  readonly name: string;
  readonly characterIds: readonly string[];
}

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
  return playerTokens(ctx, roomId).find((row) => row.tokenHash.slice(0, INVITE_ID_CHARS) === id)?.name;
}

function summaryOf(row: TokenRow): InviteSummary {
  return { id: row.tokenHash.slice(0, INVITE_ID_CHARS), name: row.name, characterIds: row.characterIds };
}

/**
 * Revoke the player invite of `roomId` whose id starts with `idPrefix` (8 or more hex digits): its
 * token stops working at once and its open sockets are closed with `CLOSE_REVOKED`. Returns the
 * revoked invite, or a reason (no such invite, or a prefix that matches several).
 */
export function revokeInvite(
  ctx: ServerContext,
  roomId: string,
  idPrefix: string,
): { ok: true; invite: InviteSummary } | { ok: false; status: 400 | 404 | 409; reason: string } {
  if (!/^[0-9a-f]{8,64}$/.test(idPrefix)) {
    return { ok: false, status: 400, reason: `invite id: expected 8 to 64 hex digits, got "${idPrefix}"` };
  }
  const matches = playerTokens(ctx, roomId).filter((row) => row.tokenHash.startsWith(idPrefix));
  if (matches.length === 0) return { ok: false, status: 404, reason: `no invite ${idPrefix} in this room` };
  if (matches.length > 1) {
    return {
      ok: false,
      status: 409,
      reason: `invite id ${idPrefix} matches ${matches.length} invites; give more digits`,
    };
  }
  const row = matches[0]!;
  ctx.store.deleteToken(row.tokenHash);
  const room = ctx.rooms.loaded(roomId);
  for (const shared of room ? room.docs : []) {
    for (const listener of [...shared.listeners]) {
      if (listener.tokenHash === row.tokenHash) listener.close(CLOSE_REVOKED, 'invite revoked');
    }
  }
  // Its channel goes with it: the GM keeps every whisper in the secrets doc.
  const invite = summaryOf(row);
  ctx.rooms.forgetChannel(roomId, invite.id);
  return { ok: true, invite };
}
