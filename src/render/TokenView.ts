/**
 * What the token layer needs to draw one token: plain data built from a room snapshot by
 * `src/ui/snapshotToScene.ts`. `x`, `y` are the top-left square of the size×size footprint.
 */
export interface TokenView {
  readonly id: string;
  readonly name: string;
  readonly x: number;
  readonly y: number;
  readonly size: number;
  readonly side: 'party' | 'foes';
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
  /** The viewer may drag this token (GM: all; player: their own characters). */
  readonly mine: boolean;
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

/** Fractions of the HP bar: hp and vigor of max HP, each clamped to 0..1. */
export function hpBar(
  t: Pick<TokenView, 'hp' | 'maxHp' | 'vigor'>,
): { hp: number; vigor: number } | undefined {
  if (t.hp === undefined || !t.maxHp || t.maxHp <= 0) return undefined;
  const clamp = (v: number): number => Math.max(0, Math.min(1, v));
  return { hp: clamp(t.hp / t.maxHp), vigor: clamp((t.vigor ?? 0) / t.maxHp) };
}

/** The label under a token: the first word ("Maren (Stalwart)" → "Maren"), at most 12 characters. */
export function shortName(name: string): string {
  const first = name.trim().split(/\s+/)[0] ?? name;
  return first.length > 12 ? `${first.slice(0, 11)}…` : first;
}
