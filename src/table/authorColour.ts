import type { ChannelId } from '../schema/chat';

/**
 * The colour a drawing is drawn in, from who drew it (issue 15). Pure: the server stamps it on
 * each drawing, so every screen shows the same colour for the same person.
 */

/** The GM's, always: a warm yellow, the ping colour, never in the players' palette. */
export const GM_DRAWING_COLOUR = '#ffd23f';

/**
 * Players' colours: saturated, mid-light tones that read on the pale height ramp, on dark
 * impassable squares and on battlemap art alike (each is drawn with a dark outline too), and far
 * enough apart in hue that a table of six tells them apart. No yellow (the GM's) and no plain
 * red or blue (the foe and party token colours).
 */
export const PLAYER_DRAWING_COLOURS = [
  '#e8590c', // orange
  '#2f9e44', // green
  '#ae3ec9', // purple
  '#1098ad', // teal
  '#d6336c', // pink
  '#74b816', // lime
  '#7048e8', // violet
  '#f08c00', // amber
] as const;

/** The GM's colour, or a player's palette colour picked by their channel (stable per invite). */
export function authorColour(key: 'gm' | ChannelId): string {
  if (key === 'gm') return GM_DRAWING_COLOUR;
  // A channel is 12 hex digits of a SHA-256: its first 8 are already evenly spread.
  const spread = Number.parseInt(key.slice(0, 8), 16);
  return PLAYER_DRAWING_COLOURS[spread % PLAYER_DRAWING_COLOURS.length]!;
}
