import type { Outcome } from '../../schema/outcome';
import { canonicalJson } from '../../lib/contentHash';

/** Every object inside a JSON value (the value itself included), depth first. */
function objectsIn(value: unknown, out: Record<string, unknown>[] = []): Record<string, unknown>[] {
  if (Array.isArray(value)) for (const item of value) objectsIn(item, out);
  else if (typeof value === 'object' && value !== null) {
    out.push(value as Record<string, unknown>);
    for (const inner of Object.values(value)) objectsIn(inner, out);
  }
  return out;
}

const sum = (outcome: Outcome, has: string, take: string): number | null => {
  const found = objectsIn(outcome).filter((o) => has in o && typeof o[take] === 'number');
  return found.length ? found.reduce((total, o) => total + (o[take] as number), 0) : null;
};
const list = (outcome: Outcome, has: string, take: string): string =>
  objectsIn(outcome)
    .filter((o) => has in o && take in o)
    .map((o) => String(o[take]))
    .join(', ');

/**
 * What differs between a stored outcome and the re-derived one, as people read it: "stored 7
 * damage, re-derived 9", "stored a hit, re-derived a miss"… (the first that applies), or a
 * general sentence when only something else differs.
 */
export function describeDifference(stored: Outcome, rederived: Outcome): string {
  if (stored.kind !== rederived.kind) return 'the stored outcome is of another kind than the rules give';
  const result = (o: Outcome) => ('result' in o && typeof o.result === 'string' ? o.result : null);
  const a = result(stored);
  const b = result(rederived);
  if (a !== b && a && b && HITS[a] && HITS[b]) return `stored ${HITS[a]}, re-derived ${HITS[b]}`;
  const damage = [sum(stored, 'kept', 'total'), sum(rederived, 'kept', 'total')];
  if (damage[0] !== damage[1]) return `stored ${damage[0] ?? 0} damage, re-derived ${damage[1] ?? 0}`;
  const hp = [sum(stored, 'hpLost', 'hpLost'), sum(rederived, 'hpLost', 'hpLost')];
  if (hp[0] !== hp[1]) return `stored ${hp[0] ?? 0} HP lost, re-derived ${hp[1] ?? 0}`;
  const rolls = [list(stored, 'd20', 'total'), list(rederived, 'd20', 'total')];
  if (rolls[0] !== rolls[1])
    return `stored a roll of ${rolls[0] || 'none'}, re-derived ${rolls[1] || 'none'}`;
  const saves = [list(stored, 'd20', 'success'), list(rederived, 'd20', 'success')];
  if (saves[0] !== saves[1])
    return 'a save that succeeded in the log fails when re-derived, or the other way';
  const faces = [list(stored, 'kept', 'dice'), list(rederived, 'kept', 'dice')];
  if (faces[0] !== faces[1]) return `stored damage dice ${faces[0]}, re-derived ${faces[1]}`;
  if (canonicalJson(stored) !== canonicalJson(rederived))
    return 'the stored outcome is not the one its facts and dice give';
  return 'the outcomes are the same';
}

const HITS: Readonly<Record<string, string>> = { hit: 'a hit', miss: 'a miss', critical: 'a critical hit' };
