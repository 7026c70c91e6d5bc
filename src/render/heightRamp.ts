import type { SpaceKind } from './TerrainGrid';

/**
 * Colours for terrain height 0..3 (ICON terrain is 1–3 levels tall). A light-to-dark earthy ramp:
 * higher is darker and warmer so a glance separates levels even without the printed number.
 */
export const HEIGHT_COLOURS: readonly number[] = [0xe9e4d4, 0xc9b98f, 0xa88a5c, 0x7a5a3a];

/** Fill colour for a space of the given height; heights outside 0..3 clamp to the ends. */
export function heightColour(height: number): number {
  const h = Math.max(0, Math.min(HEIGHT_COLOURS.length - 1, Math.round(height)));
  return HEIGHT_COLOURS[h] ?? 0xe9e4d4;
}

/** Colour for the height number printed on terrain: dark on light levels, light on dark ones. */
export function heightLabelColour(height: number): number {
  return height >= 3 ? 0xf6efe0 : 0x3b2a18;
}

/**
 * Edge line width in pixels where two heights meet: thicker for bigger drops, so a 3-level
 * cliff reads as more than a 1-level step.
 */
export function heightEdgeWidth(drop: number): number {
  return drop <= 0 ? 0 : 1 + drop;
}

export type PatternKind = 'none' | 'dots' | 'hatch' | 'cross-hatch' | 'waves';

/** How each space type is marked on top of its height colour (distinct pattern + tint). */
export interface SpaceStyle {
  readonly pattern: PatternKind;
  readonly colour: number;
  /** Tint laid over the whole space, 0 = none. */
  readonly tintAlpha: number;
  readonly label: string;
  readonly description: string;
}

export const SPACE_STYLES: Readonly<Record<SpaceKind, SpaceStyle>> = {
  ground: { pattern: 'none', colour: 0x000000, tintAlpha: 0, label: 'Ground', description: 'No effect' },
  difficult: {
    pattern: 'dots',
    colour: 0x4f6b2a,
    tintAlpha: 0.12,
    label: 'Difficult',
    description: '+1 to move out of',
  },
  dangerous: {
    pattern: 'hatch',
    colour: 0xc0392b,
    tintAlpha: 0.18,
    label: 'Dangerous',
    description: 'Piercing damage on entry',
  },
  impassable: {
    pattern: 'cross-hatch',
    colour: 0x1e1e24,
    tintAlpha: 0.7,
    label: 'Impassable',
    description: 'Blocks movement and sight',
  },
  edge: {
    pattern: 'waves',
    colour: 0x2e6f9e,
    tintAlpha: 0.35,
    label: 'Edge',
    description: 'Ending a turn here removes you',
  },
};

/** Colour for a side's tokens. */
export const SIDE_COLOURS: Readonly<Record<'party' | 'foes', number>> = {
  party: 0x2f6fd6,
  foes: 0xc7372f,
};

/** Format a colour number as a CSS hex string (for DOM legends). */
export function cssColour(colour: number): string {
  return `#${colour.toString(16).padStart(6, '0')}`;
}
