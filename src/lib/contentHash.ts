import { digest } from 'lib0/hash/sha256';

/**
 * JSON with object keys sorted at every level, so equal content gives equal text whatever order
 * its keys were written in. Plain JSON values only (what the room's docs hold).
 */
export function canonicalJson(value: unknown): string {
  if (value === null || typeof value !== 'object') return JSON.stringify(value) ?? 'null';
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  const keys = Object.keys(value).sort();
  const parts: string[] = [];
  for (const key of keys) {
    const inner = (value as Record<string, unknown>)[key];
    if (inner === undefined) continue;
    parts.push(`${JSON.stringify(key)}:${canonicalJson(inner)}`);
  }
  return `{${parts.join(',')}}`;
}

const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';
/** Characters of a content hash: 128 bits of SHA-256, base64url without padding. */
export const CONTENT_HASH_CHARS = 22;

/** The first 16 bytes of `bytes` in base64url (22 characters). */
function base64url16(bytes: Uint8Array): string {
  let out = '';
  let bits = 0;
  let buffer = 0;
  for (let i = 0; i < 16; i++) {
    buffer = (buffer << 8) | bytes[i]!;
    bits += 8;
    while (bits >= 6) {
      bits -= 6;
      out += ALPHABET[(buffer >> bits) & 63];
    }
    buffer &= (1 << bits) - 1;
  }
  if (bits > 0) out += ALPHABET[(buffer << (6 - bits)) & 63];
  return out;
}

const encoder = new TextEncoder();

/**
 * A name for a JSON value made from its content: SHA-256 of its canonical JSON, cut to 128 bits
 * (22 characters). Equal content, equal hash: a value stored once can be referred to by it.
 */
export function contentHash(value: unknown): string {
  return base64url16(digest(encoder.encode(canonicalJson(value))));
}
