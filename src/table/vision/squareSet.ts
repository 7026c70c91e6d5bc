import { SquareSetSchema } from '../../schema/explored';

const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';
const INDEX = new Int8Array(128).fill(-1);
for (let i = 0; i < ALPHABET.length; i++) INDEX[ALPHABET.charCodeAt(i)] = i;

/** `bits` (1 = in the set) as text. Works the same in the browser and in Node (no Buffer, no btoa). */
export function encodeSquares(bits: Uint8Array): string {
  const bytes = new Uint8Array(Math.ceil(bits.length / 8));
  for (let k = 0; k < bits.length; k++) if (bits[k]) bytes[k >> 3]! |= 1 << (k & 7);
  let out = '';
  for (let i = 0; i < bytes.length; i += 3) {
    const n = (bytes[i]! << 16) | ((bytes[i + 1] ?? 0) << 8) | (bytes[i + 2] ?? 0);
    out += ALPHABET[(n >> 18) & 63]! + ALPHABET[(n >> 12) & 63]!;
    out += i + 1 < bytes.length ? ALPHABET[(n >> 6) & 63]! : '=';
    out += i + 2 < bytes.length ? ALPHABET[n & 63]! : '=';
  }
  return out;
}

/**
 * The set `text` names on a `width` × `height` map, as one byte per square (1 = in it); null when
 * the text is not such a set (not base64, or not exactly this map's number of bytes).
 */
export function decodeSquares(text: string, width: number, height: number): Uint8Array | null {
  const count = width * height;
  const byteCount = Math.ceil(count / 8);
  if (!SquareSetSchema.safeParse(text).success || text.length !== Math.ceil(byteCount / 3) * 4) return null;
  const bytes = new Uint8Array(Math.ceil(text.length / 4) * 3);
  let b = 0;
  for (let i = 0; i < text.length; i += 4) {
    const c = [0, 1, 2, 3].map((j) => (text[i + j] === '=' ? 0 : INDEX[text.charCodeAt(i + j)]!));
    if (c.some((v) => v < 0)) return null;
    const n = (c[0]! << 18) | (c[1]! << 12) | (c[2]! << 6) | c[3]!;
    bytes[b++] = (n >> 16) & 255;
    bytes[b++] = (n >> 8) & 255;
    bytes[b++] = n & 255;
  }
  const bits = new Uint8Array(count);
  for (let k = 0; k < count; k++) bits[k] = (bytes[k >> 3]! >> (k & 7)) & 1;
  return bits;
}

/** Adds `seen` to `explored` in place; true when anything was new. */
export function addSquares(explored: Uint8Array, seen: Uint8Array): boolean {
  let grew = false;
  for (let k = 0; k < explored.length; k++) {
    if (seen[k] && !explored[k]) {
      explored[k] = 1;
      grew = true;
    }
  }
  return grew;
}
