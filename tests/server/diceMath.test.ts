import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import fc from 'fast-check';
import { evaluate as fullEvaluate } from 'mathjs';
import { build } from 'vite';
import { afterAll, describe, expect, it } from 'vitest';
import { evaluate } from '../../src/server/diceMath';

/**
 * The server bundle gives the dice-notation library a mathjs instance of only the functions dice
 * notation names (src/server/diceMath.ts) instead of mathjs's default instance, which tests and
 * tsx runs use: these tests keep the two answering alike on what the library evaluates, and the
 * bundle using it.
 */

const ONE_ARGUMENT = ['abs', 'ceil', 'cos', 'exp', 'floor', 'log', 'round', 'sign', 'sin', 'sqrt', 'tan'];
const TWO_ARGUMENTS = ['pow', 'max', 'min'];
const OPERATORS = ['+', '-', '*', '/', '%', '^'];

/** Arithmetic as the library hands it to mathjs: numbers, operators, parentheses, its functions. */
const expression: fc.Arbitrary<string> = fc.letrec<{ expr: string }>((tie) => ({
  expr: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    fc.oneof(fc.integer({ min: 0, max: 1000 }).map(String), fc.constantFrom('0.5', '2.25', '1e3', '0')),
    fc.tuple(tie('expr'), fc.constantFrom(...OPERATORS), tie('expr')).map(([a, op, b]) => `${a} ${op} ${b}`),
    tie('expr').map((a) => `-(${a})`),
    tie('expr').map((a) => `(${a})`),
    fc.tuple(fc.constantFrom(...ONE_ARGUMENT), tie('expr')).map(([f, a]) => `${f}(${a})`),
    fc
      .tuple(fc.constantFrom(...TWO_ARGUMENTS), tie('expr'), tie('expr'))
      .map(([f, a, b]) => `${f}(${a}, ${b})`),
  ),
})).expr;

/** What an evaluation gave, comparably: a number as it is, a complex number as its text. */
function outcome(run: () => unknown): unknown {
  try {
    const value = run();
    return typeof value === 'number' ? value : `${typeof value}: ${String(value)}`;
  } catch (error) {
    return `error: ${(error as Error).message}`;
  }
}

function expectSameNumber(text: string): void {
  expect(
    outcome(() => evaluate(text)),
    text,
  ).toEqual(outcome(() => fullEvaluate(text)));
}

describe('dice math (a mathjs instance of the functions dice notation names)', () => {
  it('answers what the default instance answers, on the arithmetic dice notation holds', () => {
    for (const text of [
      '2 + 3 * 4',
      '7 / 2',
      '-7 % 3',
      '2 ^ 10',
      '2 ^ 0.5',
      'floor(7 / 2) + max(1, 2) * 2 ^ 3 % 5 - -3',
      'round(2.5) + round(-2.5) + sign(-4) + abs(-3)',
      'sqrt(-1)',
      'abs(sqrt(-4))',
      'log(-1)',
      'pow(-8, 1 / 3)',
      '1 / 0',
      '0 / 0',
      '10 + 50%',
      '(((1)))',
      '5 %',
    ])
      expectSameNumber(text);
    fc.assert(
      fc.property(expression, (text) => expectSameNumber(text)),
      { numRuns: 2000 },
    );
  });

  describe('the server bundle', () => {
    // Inside the repository, so the bundle finds node_modules as dist-server/ does.
    const cache = resolve(import.meta.dirname, '../../node_modules/.cache');
    mkdirSync(cache, { recursive: true });
    const outDir = mkdtempSync(join(cache, 'icon-vtt-server-bundle-'));
    afterAll(() => rmSync(outDir, { recursive: true, force: true }));

    it('gives the dice-notation library this build, and rolls with it', async () => {
      await build({
        configFile: resolve(import.meta.dirname, '../../vite.server.config.ts'),
        logLevel: 'silent',
        build: { outDir },
      });
      const chunks = readdirSync(outDir).filter((file) => file.endsWith('.js') && file !== 'main.js');
      expect(chunks).toHaveLength(1);
      const source = readFileSync(join(outDir, chunks[0]!), 'utf8');
      expect(source).not.toMatch(/^import .* from ["']mathjs["'];?$/m);
      expect(source).toContain('src/server/diceMath.ts');
      const library = (await import(pathToFileURL(join(outDir, chunks[0]!)).href)) as {
        DiceRoll: new (notation: string) => { total: number };
      };
      expect(new library.DiceRoll('floor(7 / 2) + max(1, 2) * 2 ^ 3 % 5').total).toBe(4);
      expect(new library.DiceRoll('1d1 + 2').total).toBe(3);
    }, 60_000);
  });
});
