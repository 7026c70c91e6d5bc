import { signal } from '@preact/signals';

type Square = { readonly x: number; readonly y: number };

/**
 * What a player's page knows of the map under fog of war (docs/ui/vision.md): the squares the
 * party sees now or has explored. Published by the player's fog (publishKnown.ts, in the lazy
 * fog chunk) from the sight it draws; null on the GM's page and with fog off (every square known).
 */
export interface KnownSquares {
  readonly width: number;
  /** 1 for a known square, else 0. */
  readonly known: Uint8Array;
  has(c: Square): boolean;
  /** The last known square on the line from `from` towards `to`: `to` itself when all are known. */
  towards<T extends Square>(from: Square, to: T): Square | T;
}

/** The ruler ends, and the threat map draws, only on known squares. */
export const knownSquares = signal<KnownSquares | null>(null);
