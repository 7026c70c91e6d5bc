import { hashToken, newToken, newTokenRow } from './auth';
import type { ServerContext } from './context';
import type { TokenRow } from './storage/Storage';
import { channelOfToken } from './Room';
import type { Room } from './Room';
import { CHANNEL_ID_CHARS } from './storeSchema';
import { atMost, MAX_INVITES } from '../schema/limits';
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
export function listInvites(room: Room): InviteSummary[] {
  return room.invites.map(summaryOf);
}

/**
 * The name on the room's player invite whose id (its channel) is `id`, or undefined when the
 * room has no such invite (a whisper's reader: src/server/channels.ts).
 */
export function inviteName(room: Room, id: string): string | undefined {
  return room.invites.find((row) => channelOfToken(row) === id)?.name;
}

/** Whether a player's token is one of the room's live invites (admission, after a revocation raced it). */
export function isLiveInvite(room: Room, tokenHash: string): boolean {
  return room.invites.some((row) => row.tokenHash === tokenHash);
}

function summaryOf(row: TokenRow): InviteSummary {
  return { id: channelOfToken(row), name: row.name, characterIds: row.characterIds };
}

type Refusal = { ok: false; status: 400 | 404 | 409; reason: string };

/**
 * A new player invite: its token (shown once, in a link) and id, or a refusal past MAX_INVITES.
 * Counted in the room at once, so two requests at the same moment cannot both pass the bound.
 */
export async function createInvite(
  ctx: ServerContext,
  room: Room,
  name: string,
  characterIds: readonly string[],
): Promise<{ ok: true; token: string; id: string } | Refusal> {
  if (room.invites.length >= MAX_INVITES)
    return {
      ok: false,
      status: 409,
      reason: `a room keeps ${atMost(MAX_INVITES, 'player invites')}: revoke one first`,
    };
  const { token, row } = newTokenRow(room.id, 'player', name, characterIds);
  room.invites.push(row);
  try {
    await ctx.storage.insertToken(row);
  } catch (error) {
    room.invites = room.invites.filter((other) => other !== row);
    throw error;
  }
  room.resyncChannels(); // per-player fog: the new player's characters
  return { ok: true, token, id: inviteIdOf(token) };
}

/** The one player invite of the room whose id starts with `idPrefix`, or why there is none. */
function findInvite(room: Room, idPrefix: string): { ok: true; row: TokenRow } | Refusal {
  if (!new RegExp(`^[0-9a-f]{8,${INVITE_ID_CHARS}}$`).test(idPrefix)) {
    return {
      ok: false,
      status: 400,
      reason: `invite id: expected 8 to ${INVITE_ID_CHARS} hex digits, got "${idPrefix}"`,
    };
  }
  const matches = room.invites.filter((row) => channelOfToken(row).startsWith(idPrefix));
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

/** Close every open socket of the token `tokenHash` in the room with `CLOSE_REVOKED`. */
function closeSocketsOf(room: Room, tokenHash: string, reason: string): void {
  for (const shared of room.docs) {
    for (const listener of [...shared.listeners]) {
      if (listener.tokenHash === tokenHash) listener.close(CLOSE_REVOKED, reason);
    }
  }
}

/**
 * Revoke the room's player invite whose id starts with `idPrefix` (8 to 12 hex digits): its
 * token stops working at once and its open sockets are closed with `CLOSE_REVOKED`. Returns the
 * revoked invite, or a reason (no such invite, or a prefix that matches several).
 */
export async function revokeInvite(
  ctx: ServerContext,
  room: Room,
  idPrefix: string,
): Promise<{ ok: true; invite: InviteSummary } | Refusal> {
  const found = findInvite(room, idPrefix);
  if (!found.ok) return found;
  const { row } = found;
  // Out of the room first: a socket or intent admitted while the deletion commits is refused
  // (isLiveInvite, checked once the connection is attached), so one close is enough.
  room.invites = room.invites.filter((other) => other !== row);
  closeSocketsOf(room, row.tokenHash, REVOKED_REASON);
  await ctx.storage.deleteToken(row.tokenHash);
  // Its channel goes with it: the GM keeps every whisper in the secrets doc.
  const invite = summaryOf(row);
  await room.forgetChannel(invite.id);
  room.resyncChannels();
  return { ok: true, invite };
}

/**
 * A new link for the room's player invite whose id starts with `idPrefix`: a new token for the
 * same invite (same name, characters, id and so channel), which replaces the old one in one
 * commit. The old token stops working at once and its open sockets are closed with
 * `CLOSE_REVOKED`; the player's whispers, drawings and colour stay theirs (they name the channel,
 * which does not change). Returns the invite and the new token (shown once), or a reason.
 */
export async function newInviteLink(
  ctx: ServerContext,
  room: Room,
  idPrefix: string,
): Promise<{ ok: true; invite: InviteSummary; token: string } | Refusal> {
  const found = findInvite(room, idPrefix);
  if (!found.ok) return found;
  const { row } = found;
  const token = newToken();
  const renewed: TokenRow = { ...row, tokenHash: hashToken(token), channel: channelOfToken(row) };
  room.invites = room.invites.map((other) => (other === row ? renewed : other));
  closeSocketsOf(room, row.tokenHash, REPLACED_REASON);
  if (!(await ctx.storage.replaceTokenHash(row.tokenHash, renewed.tokenHash))) {
    room.invites = room.invites.filter((other) => other !== renewed);
    return { ok: false, status: 404, reason: `no invite ${idPrefix} in this room` };
  }
  return { ok: true, invite: summaryOf(row), token };
}
