import type { RollModifier } from '../../schema/modifier';
import type { HitChance } from '../../rules/hitChance';
import type { DamagePreview } from './targeting';

/** "62.5%" from a probability value. */
export const percent = (value: number): string => `${(value * 100).toFixed(1)}%`;

/** "hit 62.5% (critical 10.0%)": any hit, then criticals alone; exact fraction in brackets. */
export function formatHitChance(c: HitChance): string {
  const any = c.hit.numerator + c.critical.numerator;
  const den = c.hit.denominator;
  return `hit ${percent(any / den)} (critical ${percent(c.critical.value)}) — ${any}/${den}`;
}

/** "+1 boon", "−2 curses", "no boons or curses". */
export function formatNet(net: number): string {
  if (net === 0) return 'no net boons or curses';
  const n = Math.abs(net);
  return net > 0 ? `+${n} boon${n === 1 ? '' : 's'}` : `−${n} curse${n === 1 ? '' : 's'}`;
}

/** "1 boon (height-advantage): attacker stands 2 levels higher…". */
export function formatModifier(m: RollModifier): string {
  return `${m.count} ${m.kind}${m.count === 1 ? '' : 's'} (${m.source}): ${m.reason}`;
}

/** "on hit: heavy 5–15, after armor 1 & cover 2–7". */
export function formatDamage(p: DamagePreview): string {
  const tier = p.tier ? `${p.tier}${p.range?.godly ? ' godly' : ''}` : 'flat';
  const raw = p.min === p.max ? `${p.min}` : `${p.min}–${p.max}`;
  const reduced =
    p.reducedMin === null || p.reducedMax === null
      ? ''
      : p.reducedMin === p.min && p.reducedMax === p.max
        ? ''
        : `, after ${p.reductions.join(' & ')}: ${p.reducedMin === p.reducedMax ? p.reducedMin : `${p.reducedMin}–${p.reducedMax}`}`;
  return `${p.label}: ${tier} ${raw}${reduced}`;
}
