import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import type { Storage, TokenRow } from './storage/Storage';

/**
 * Access tokens. A token is 256 random bits (base64url); the store keeps only its SHA-256, so a
 * leaked database does not leak working links. Lookup is by hash, then a constant-time compare.
 */

/** Who is on the other end of a request or socket, as proved by their token. */
export interface Session {
  readonly roomId: string;
  readonly role: 'gm' | 'player';
  readonly name: string;
  readonly characterIds: readonly string[];
  /** Stable per token: two sockets of one person share it (used for awareness ownership). */
  readonly tokenHash: string;
  /**
   * A player's channel, their invite's id (docs/table/chat.md "Channels"): it stays when the GM
   * gives the invite a new link, while `tokenHash` changes. None for the GM.
   */
  readonly channel?: string;
}

export const TOKEN_BYTES = 32;
export const ROOM_ID_BYTES = 16;

export function newToken(): string {
  return randomBytes(TOKEN_BYTES).toString('base64url');
}

/** 128-bit room ids: not secret (the token is), but not enumerable either. */
export function newRoomId(): string {
  return randomBytes(ROOM_ID_BYTES).toString('base64url');
}

export function hashToken(token: string): string {
  return createHash('sha256').update(token, 'utf8').digest('hex');
}

/** Tokens are base64url; anything else is refused before touching the store. */
const TOKEN_SHAPE = /^[A-Za-z0-9_-]{16,128}$/;

/** The session a token grants, or undefined for a missing/unknown/malformed token. */
export async function authenticate(
  storage: Storage,
  token: string | null | undefined,
): Promise<Session | undefined> {
  if (!token || !TOKEN_SHAPE.test(token)) return undefined;
  const hash = hashToken(token);
  const row = await storage.getToken(hash);
  if (!row) return undefined;
  // The index lookup already matched; compare again in constant time so no timing path
  // depends on how many leading characters of a guess were right.
  if (!timingSafeEqual(Buffer.from(row.tokenHash, 'hex'), Buffer.from(hash, 'hex'))) return undefined;
  return {
    roomId: row.roomId,
    role: row.role,
    name: row.name,
    characterIds: row.characterIds,
    tokenHash: row.tokenHash,
    ...(row.role === 'player' && row.channel ? { channel: row.channel } : {}),
  };
}

/**
 * A new token for a room: its plaintext (shown once, in a link) and the row to store, which the
 * caller writes in the commit it belongs to (a new room's, or alone for an invite).
 */
export function newTokenRow(
  roomId: string,
  role: 'gm' | 'player',
  name: string,
  characterIds: readonly string[] = [],
): { token: string; row: TokenRow } {
  const token = newToken();
  return { token, row: { tokenHash: hashToken(token), roomId, role, name, characterIds: [...characterIds] } };
}

/** `Authorization: Bearer <token>` → token, or undefined. */
export function bearerToken(header: string | undefined): string | undefined {
  const match = /^Bearer\s+(\S+)\s*$/i.exec(header ?? '');
  return match?.[1];
}
