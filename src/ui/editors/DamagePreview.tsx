import { useState } from 'preact/hooks';
import { damageRanges } from '../../rules/damageRange';
import type { DamageTier } from '../../schema/ability';

/** Whose damage numbers the preview uses (a stat block's die and fray damage). */
export interface DamageSource {
  name: string;
  damageDie: number;
  frayDamage: number;
}

/** When there is no stat block to read: a middling foe. */
const SAMPLE: DamageSource = { name: 'a d6, fray 2 user', damageDie: 6, frayDamage: 2 };
const TIERS: readonly DamageTier[] = ['fray', 'light', 'heavy', 'critical'];

/**
 * The damage range per tier for a chosen stat block ("light 3–8, heavy 4–14"), from the rules'
 * `damageRanges`, with this component's bonus, boost and flat damage; before armor and resistance.
 */
export function DamagePreview(props: {
  sources: readonly DamageSource[];
  bonus: number;
  boost: number;
  flat: number;
  frayAddsToDice: boolean;
}) {
  const sources = props.sources.length ? props.sources : [SAMPLE];
  const [pick, setPick] = useState(0);
  const src = sources[Math.min(pick, sources.length - 1)]!;
  const clean = (n: number) => (Number.isFinite(n) && n >= 0 ? n : 0);
  const ranges = damageRanges(
    {
      damageDie: src.damageDie,
      fray: src.frayDamage,
      bonus: clean(props.bonus),
      boost: clean(props.boost),
      flat: clean(props.flat),
    },
    { frayAddsToDice: props.frayAddsToDice },
  );
  const text = TIERS.map((t) => `${t} ${ranges[t].min}–${ranges[t].max}`).join(', ');
  return (
    <div class="ed-damage-preview">
      {sources.length > 1 ? (
        <label>
          Damage for{' '}
          <select
            data-testid="damage-preview-source"
            value={String(pick)}
            onChange={(e) => setPick(Number(e.currentTarget.value))}
          >
            {sources.map((s, i) => (
              <option key={i} value={String(i)}>
                {s.name}
              </option>
            ))}
          </select>
        </label>
      ) : (
        <span>{`Damage for ${src.name}: `}</span>
      )}{' '}
      <output data-testid="damage-preview">{text}</output>
      <span class="muted"> (before armor and resistance)</span>
    </div>
  );
}
