import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fixedDice } from '../lib/dice';
import type { Dice } from '../lib/dice';

/** The dice one room rolls with (the server's own, unless a test server fixes that room's). */
export type RoomDice = (roomId: string) => Dice;

/** Every room rolls `dice`. */
export const sameDiceForEveryRoom =
  (dice: Dice): RoomDice =>
  () =>
    dice;

/** A comma list of positive integers (`--fixed-dice=12,2,5,4`, or a file of `--fixed-dice-rooms`). */
export function parseFixedResults(text: string, source: string): number[] {
  const results = text
    .trim()
    .split(',')
    .map((part) => Number(part.trim()));
  if (!text.trim() || results.some((value) => !Number.isInteger(value) || value < 1)) {
    throw new Error(`${source}: expected a comma list of positive integers, got "${text.trim()}"`);
  }
  return results;
}

/** Room ids are base64url (src/server/auth.ts); anything else never names a file. */
const FILE_NAME = /^[A-Za-z0-9_-]{1,64}$/;

/**
 * `--fixed-dice-rooms=DIR`, for a test server that many tests share (one per Playwright worker,
 * a fresh room per test): a room whose id names a file in DIR rolls that file's comma list from
 * its first result, whatever other rooms rolled; every other room rolls `fallback`. The file is
 * read at the room's first roll and kept. The folder is on the server's own disk and named only on
 * its command line, so no request and no environment variable can make a room's dice predictable.
 */
export function fixedDiceByRoom(dir: string, fallback: Dice): RoomDice {
  const fixed = new Map<string, Dice>();
  return (roomId) => {
    const known = fixed.get(roomId);
    if (known) return known;
    if (!FILE_NAME.test(roomId)) return fallback;
    let text: string;
    try {
      text = readFileSync(join(dir, roomId), 'utf8');
    } catch {
      return fallback; // no file: an ordinary room
    }
    const dice = fixedDice(parseFixedResults(text, `--fixed-dice-rooms file ${roomId}`));
    fixed.set(roomId, dice);
    return dice;
  };
}
