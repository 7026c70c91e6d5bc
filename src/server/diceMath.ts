import {
  absDependencies,
  addDependencies,
  ceilDependencies,
  cosDependencies,
  create,
  divideDependencies,
  evaluateDependencies,
  expDependencies,
  floorDependencies,
  logDependencies,
  maxDependencies,
  minDependencies,
  modDependencies,
  multiplyDependencies,
  powDependencies,
  roundDependencies,
  signDependencies,
  sinDependencies,
  sqrtDependencies,
  subtractDependencies,
  tanDependencies,
  unaryMinusDependencies,
  unaryPlusDependencies,
} from 'mathjs';
import type { FactoryFunctionMap } from 'mathjs';

/**
 * The `evaluate` the dice-notation library gets in the server bundle (vite.server.config.ts sends
 * the library's `import { evaluate } from 'mathjs'` here): a mathjs instance made of only the
 * functions dice notation can name, instead of mathjs's default instance, which builds every
 * function of every type as it is imported. Bundled, mathjs's other modules are left out (its
 * package declares no side effects): about 86 MiB resident and 0.6 s of start-up less
 * (docs/server/performance.md, "Memory").
 *
 * The library evaluates arithmetic only: numbers, + − × ÷ % ^ (and `50%`), parentheses and abs,
 * ceil, cos, exp, floor, log, max, min, pow, round, sign, sin, sqrt, tan. These are the default
 * instance's own functions (the same factories, the same default configuration), so both answer
 * alike; a name outside the list fails here as unknown, where the library's grammar never sends one.
 * tests/server/diceMath.test.ts compares the two. Unbundled (tests, tsx) this module imports the
 * whole of mathjs, as the library itself does there.
 */
// mathjs's types declare each `…Dependencies` as possibly undefined; all of these exist.
const dependencies: Record<string, FactoryFunctionMap | undefined> = {
  evaluateDependencies,
  addDependencies,
  subtractDependencies,
  multiplyDependencies,
  divideDependencies,
  modDependencies,
  powDependencies,
  unaryMinusDependencies,
  unaryPlusDependencies,
  absDependencies,
  ceilDependencies,
  cosDependencies,
  expDependencies,
  floorDependencies,
  logDependencies,
  maxDependencies,
  minDependencies,
  roundDependencies,
  signDependencies,
  sinDependencies,
  sqrtDependencies,
  tanDependencies,
};
const math = create(dependencies as FactoryFunctionMap, {});

export function evaluate(expression: string): unknown {
  return math.evaluate(expression);
}
