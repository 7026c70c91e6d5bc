import type { Token } from '../schema/token';

/**
 * What the token layer needs to draw one token: plain data built from a room snapshot by
 * `src/ui/snapshotToScene.ts`. `x`, `y` are the top-left square of the size×size footprint.
 */
export interface DrawnToken extends Readonly<Pick<Token, 'id' | 'name' | 'size' | 'side'>> {
  readonly x: number;
  readonly y: number;
  /** Height level the token stands at (0 = floor). */
  readonly elevation: number;
  readonly hp?: number;
  readonly maxHp?: number;
  readonly vigor?: number;
  readonly wounds?: number;
  /** Resolve held (player characters): a gold badge when above 0. */
  readonly resolve?: number;
  readonly statuses: readonly string[];
  readonly blights: readonly string[];
  /** Below 50% HP (ICON "bloodied"). */
  readonly bloodied: boolean;
  readonly incapacitated: boolean;
  /** GM view only: the token lives in the secrets doc and players do not receive it. */
  readonly hidden: boolean;
  /** Hidden only by fog of war (revealed, out of the party's sight): labelled so. */
  readonly outOfSight?: boolean;
  /** The viewer may drag this token (GM: all; player: their own characters). */
  readonly mine: boolean;
  /** Asset hash of its portrait, drawn inside the ring; none = initials on the side colour. */
  readonly portrait?: string;
}

/** "Ash Warden" → "AW", "Maren (Stalwart)" → "MS", "goblin" → "GO": two letters on the token. */
export function initials(name: string): string {
  const words = name
    .replace(/[^\p{L}\p{N}\s]/gu, ' ')
    .trim()
    .split(/\s+/)
    .filter(Boolean);
  if (words.length >= 2) return ((words[0]?.[0] ?? '') + (words[1]?.[0] ?? '')).toUpperCase();
  return (words[0] ?? '?').slice(0, 2).toUpperCase();
}

/**
 * What a token shows when its name is too small to read: initials plus a duplicate's number, so
 * "Pit Gladiator 1" and "… 2" stay apart ("PG1", "PG2").
 */
export function shortLabel(name: string): string {
  const number = /\s(\d{1,3})$/.exec(name.trim())?.[1];
  return number ? initials(name.trim().slice(0, -number.length)) + number : initials(name);
}

/** Fractions of the HP bar: hp and vigor of max HP, each clamped to 0..1. */
export function hpBar(
  t: Pick<DrawnToken, 'hp' | 'maxHp' | 'vigor'>,
): { hp: number; vigor: number } | undefined {
  if (t.hp === undefined || !t.maxHp || t.maxHp <= 0) return undefined;
  const clamp = (v: number): number => Math.max(0, Math.min(1, v));
  return { hp: clamp(t.hp / t.maxHp), vigor: clamp((t.vigor ?? 0) / t.maxHp) };
}

/**
 * The label under a token: the full name on at most `maxLines` lines of `perLine` characters,
 * broken between words ("Temple Sentry 1" → "Temple" / "Sentry 1"). A name that still does not
 * fit is shortened with "…" inside the last line, keeping a trailing number, so "Hollow Husk 1"
 * and "Hollow Husk 2" never shorten to the same label.
 */
export function labelLines(name: string, perLine: number, maxLines = 2): string[] {
  const width = Math.max(4, Math.floor(perLine));
  const words = name.trim().split(/\s+/).filter(Boolean);
  const lines: string[] = [];
  let i = 0;
  while (i < words.length && lines.length < maxLines) {
    let line = words[i++]!;
    while (i < words.length && line.length + 1 + words[i]!.length <= width) line += ` ${words[i++]}`;
    lines.push(line);
  }
  const rest = words.slice(i).join(' ');
  const last = lines.length - 1;
  const tail = rest ? `${lines[last]} ${rest}` : lines[last];
  if (tail !== undefined && (rest || tail.length > width)) lines[last] = shorten(tail, width);
  for (let k = 0; k < last; k++) if (lines[k]!.length > width) lines[k] = shorten(lines[k]!, width);
  return lines.length ? lines : ['?'];
}

/** `text` in at most `width` characters, "…" before a kept trailing number ("Bartholo… 2"). */
function shorten(text: string, width: number): string {
  if (text.length <= width) return text;
  const number = /\s\d+$/.exec(text)?.[0] ?? '';
  const keep = Math.max(1, width - number.length - 1);
  return `${text
    .slice(0, text.length - number.length)
    .slice(0, keep)
    .trimEnd()}…${number}`;
}
