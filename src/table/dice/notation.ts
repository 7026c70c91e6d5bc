import type * as Library from '@dice-roller/rpg-dice-roller';
import type { Dice } from '../../lib/dice';
import type { ChatRoll, RolledDie, RollPart } from '../../schema/chat';
import {
  ChatRollSchema,
  MAX_DIE_SIDES,
  MAX_NOTATION_CHARS,
  MAX_ROLL_PARTS,
  MAX_ROLLED_DICE,
} from '../../schema/chat';
import { atMost } from '../../schema/limits';
import type { Refusal } from '../intents/IntentContext';
import { refuse } from '../intents/IntentContext';

/**
 * Dice notation in chat (`/r 2d6+3`, `/r 4d6dl1`, `/r {2d6, 3d4}kh1`): the full notation of
 * @dice-roller/rpg-dice-roller, rolled with the server's `Dice` so fixed test dice decide every
 * die and the recording dice see each one. Server only: the library pulls in mathjs.
 *
 * How the server's dice reach the library: its `NumberGenerator.generator` asks random-js for
 * `integer(min, max)`, and just before that sets `engine.range = [min, max]` on our engine.
 * random-js draws the number from `engine.next()`: for a range size n = max − min + 1 it keeps
 * `next() & (n − 1)` when n is a power of two, else `next() % n` after rejecting values at or
 * above the largest multiple of n below 2³² (a loop that never repeats for a value below n). So
 * an engine whose `next()` returns `dice.roll(n) − 1` (always in 0..n−1) gives exactly
 * `min + dice.roll(n) − 1`: d2, d6, d20 and d100 (`d%`) are our die as it fell; a fudge die is
 * the library's `integer(1, 3) − 2`, so our d3 shows 1 → −1, 2 → 0, 3 → +1 (`dF.1` is a d6:
 * 1 → −1, 6 → +1). A one-sided die (range 0) never calls `next()`. tests/table/dice/ pins each.
 */

let library: typeof Library | undefined;
let loading: Promise<void> | undefined;

/**
 * Load the library; `rollNotation` may run once this resolves. The server starts it just after it
 * listens (startServer.ts) and the roll route awaits it: mathjs is two thirds of the server's
 * start-up work (0.8 s of 1.3 s of CPU under tsx), and on a CI machine shared with other jobs a
 * test server that loaded it before listening once printed nothing in 30 s. A failed load is
 * tried again by the next caller.
 */
export function loadDiceNotation(): Promise<void> {
  loading ??= import('@dice-roller/rpg-dice-roller').then(
    (loaded) => {
      library = loaded;
    },
    (error: unknown) => {
      loading = undefined;
      throw error;
    },
  );
  return loading;
}

function loadedLibrary(): typeof Library {
  if (!library) throw new Error('dice notation rolled before loadDiceNotation() resolved');
  return library;
}

/** Words for the refusals (the schema's bounds, said as people read them). */
const TOO_MANY_DICE = atMost(MAX_ROLLED_DICE, 'dice in one roll');
const TRY = 'try 2d6+3';

/** Thrown by our engine to stop the library mid-roll; caught below, never escapes. */
class RollStopped extends Error {}

/** An error of the server's own dice (fixed test dice ran out): not the notation's fault. */
class DiceFailed extends Error {
  constructor(readonly original: unknown) {
    super('the dice failed');
  }
}

/**
 * Rolls `notation` with `dice`: every die and the text between, the total; or a refusal.
 *
 * The time box is structural, not a clock (a clock would refuse honest rolls on a busy server):
 * at most MAX_NOTATION_CHARS of notation for the parser and the math, at most MAX_ROLLED_DICE dice
 * through our engine (explosions, re-rolls and unique re-rolls all draw from it), and the
 * library's own cap of 1,000 tries per die for a one-sided die that never draws. The worst cases
 * measured in tests/table/dice/notation.test.ts take a few milliseconds.
 */
export function rollNotation(notation: string, dice: Dice): ChatRoll | Refusal {
  const { DiceRoll, NumberGenerator, Parser } = loadedLibrary();
  const asked = notation.trim();
  if (asked.length === 0) return refuse(`say what to roll: ${TRY}`);
  if (asked.length > MAX_NOTATION_CHARS)
    return refuse(atMost(MAX_NOTATION_CHARS, 'characters of dice notation'));

  // Parse first: the bounds on dice and sides are checked before a single die is rolled.
  let parsed: unknown[];
  try {
    parsed = Parser.parse(asked);
  } catch (error) {
    return refuse(sentenceFor(error, asked));
  }
  const bounds = checkBounds(parsed);
  if (bounds) return bounds;

  let roll: Library.DiceRoll;
  let total: number;
  const generator = NumberGenerator.generator;
  const previous = generator.engine as unknown;
  let rolledDice = 0;
  const engine = {
    range: [0, 0] as number[],
    next(): number {
      rolledDice += 1;
      if (rolledDice > MAX_ROLLED_DICE)
        throw new RollStopped(`${TOO_MANY_DICE} (explosions and re-rolls count)`);
      const [min = 0, max = 0] = engine.range;
      try {
        return dice.roll(max - min + 1) - 1;
      } catch (error) {
        throw new DiceFailed(error);
      }
    },
  };
  // Node runs this synchronously: no other roll can see our engine before it is put back.
  generator.engine = engine;
  try {
    roll = new DiceRoll(asked);
    total = roll.total;
  } catch (error) {
    if (error instanceof DiceFailed) throw error.original;
    if (error instanceof RollStopped) return refuse(error.message);
    return refuse(sentenceFor(error, asked));
  } finally {
    generator.engine = previous;
  }

  if (!Number.isFinite(total)) return refuse('that roll’s math does not give a finite number');
  const parts = partsOf(parsed, roll.rolls, true);
  if (parts.length > MAX_ROLL_PARTS)
    return refuse(atMost(MAX_ROLL_PARTS, 'groups of dice and math in one roll'));
  const chatRoll: ChatRoll = { notation: asked, parts, total };
  // The last guard: a die the chat line cannot hold (a compounded d1000 past 1,000, a die set
  // below −1 by a `max` modifier) is refused rather than stored half-right.
  if (!ChatRollSchema.safeParse(chatRoll).success) return refuse('that roll’s dice cannot be shown in chat');
  return chatRoll;
}

/** The library's errors, as a person reads them. */
function sentenceFor(error: unknown, asked: string): string {
  const message = error instanceof Error ? error.message : '';
  if (/qty must be/.test(message)) return TOO_MANY_DICE;
  if (/sides must be/.test(message))
    return `a die has at most ${MAX_DIE_SIDES.toLocaleString('en-US')} sides`;
  if (/must have more than 1 possible value/.test(message))
    return 'a die needs more than one face to explode or re-roll';
  return `“${asked}” is not dice notation: ${TRY}`;
}

/** Dice and sides over the bounds, counted on the parsed notation (roll groups included). */
function checkBounds(parsed: readonly unknown[]): Refusal | undefined {
  const { Dice: LibraryDice, RollGroup } = loadedLibrary();
  let count = 0;
  const visit = (items: readonly unknown[]): Refusal | undefined => {
    for (const item of items) {
      if (item instanceof RollGroup) {
        for (const expression of item.expressions) {
          const inner = visit(expression);
          if (inner) return inner;
        }
      } else if (item instanceof LibraryDice.StandardDice) {
        count += item.qty;
        if (typeof item.sides === 'number' && item.sides > MAX_DIE_SIDES)
          return refuse(`a die has at most ${MAX_DIE_SIDES.toLocaleString('en-US')} sides`);
      }
    }
    return undefined;
  };
  return visit(parsed) ?? (count > MAX_ROLLED_DICE ? refuse(TOO_MANY_DICE) : undefined);
}

/**
 * The roll in order: each group of dice with its notation and every die, and the text between,
 * merged ("floor(", " / 2) + max("). `parsed` and `results` line up item for item: the library
 * rolls what it parsed. `kept` is false inside a sub-roll a roll group dropped.
 */
function partsOf(parsed: readonly unknown[], results: readonly unknown[], kept: boolean): RollPart[] {
  const { Dice: LibraryDice, Results, RollGroup } = loadedLibrary();
  const parts: RollPart[] = [];
  const say = (text: string) => {
    const last = parts[parts.length - 1];
    if (last && 'text' in last) parts[parts.length - 1] = { text: last.text + text };
    else if (text) parts.push({ text });
  };
  results.forEach((result, index) => {
    const item = parsed[index];
    if (result instanceof Results.RollResults && item instanceof LibraryDice.StandardDice) {
      parts.push({ notation: item.notation, dice: result.rolls.map((die) => dieOf(die, item, kept)) });
    } else if (result instanceof Results.ResultGroup && item instanceof RollGroup) {
      say('{');
      result.results.forEach((sub, subIndex) => {
        if (subIndex > 0) say(', ');
        const subResults = sub instanceof Results.ResultGroup ? sub : undefined;
        const inner = partsOf(
          item.expressions[subIndex] ?? [],
          subResults?.results ?? [],
          kept && (subResults?.useInTotal ?? true),
        );
        for (const part of inner) {
          if ('text' in part) say(part.text);
          else parts.push(part);
        }
      });
      say('}' + [...(item.modifiers?.values() ?? [])].map((modifier) => modifier.notation).join(''));
    } else if (typeof result === 'number') {
      say(String(result));
    } else if (typeof result === 'string') {
      say(OPERATORS.has(result) ? ` ${result} ` : result === ',' ? ', ' : result);
    }
  });
  return parts;
}

const OPERATORS = new Set(['+', '-', '*', '/', '^', '**', '%']);

function dieOf(
  die: InstanceType<typeof Library.Results.RollResult>,
  dice: Library.Dice.StandardDice,
  kept: boolean,
): RolledDie {
  const sides = typeof dice.sides === 'number' ? dice.sides : dice.sides === '%' ? 100 : 'F';
  return { sides, value: die.value, kept: kept && die.useInTotal, marks: die.modifierFlags.slice(0, 8) };
}
