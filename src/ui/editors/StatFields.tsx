import { MAX_MAP_SIDE, MAX_STAT } from '../../schema/limits';
import type { DamageDie } from '../../schema/statBlock';
import type { Problems } from './fieldProblems';
import { NumberField, SelectField } from './fields';

/** The combat numbers of a stat block (a foe's, a character's or a job's). Size only when given. */
export interface StatNumbers {
  health: number;
  defense: number;
  armor?: number;
  speed: number;
  attackBonus: number;
  frayDamage: number;
  damageDie: DamageDie;
  size?: number;
}

const DICE: readonly (readonly [DamageDie, string])[] = [4, 6, 8, 10, 12].map(
  (d) => [d as DamageDie, `d${d}`] as const,
);

/**
 * The combat numbers fieldset alone, with the schema's bounds on every box (statBlock.ts) and
 * each field's problem beside it. `problems` is keyed by field name ("health"); the sheet reuses
 * this for a job's stats.
 */
export function StatFields<T extends StatNumbers>(props: {
  value: T;
  onChange: (value: T) => void;
  problems: Problems;
}) {
  const { value, onChange, problems } = props;
  const set = (patch: Partial<StatNumbers>) => onChange({ ...value, ...patch });
  const num = (key: keyof StatNumbers & string, label: string, min: number, max: number) => (
    <NumberField
      label={label}
      field={key}
      problems={problems}
      testid={`stat-${key}`}
      min={min}
      max={max}
      value={value[key] as number | undefined}
      onChange={(n) => set({ [key]: n })}
      hint={
        key === 'health' ? (
          <span class="muted" data-testid="stat-max-hp">
            {Number.isInteger(value.health) && value.health >= 1
              ? `max HP ${4 * value.health}`
              : 'max HP = 4 × Health'}
          </span>
        ) : undefined
      }
    />
  );
  return (
    <fieldset class="ed-grid" data-testid="stat-fields">
      <legend>Combat numbers</legend>
      {num('health', 'Health', 1, MAX_STAT)}
      {num('defense', 'Defense', 0, MAX_STAT)}
      {num('armor', 'Armor', 0, MAX_STAT)}
      {num('speed', 'Speed', 0, MAX_MAP_SIDE)}
      {value.size !== undefined && num('size', 'Size', 1, 10)}
      {num('attackBonus', 'Attack bonus', -MAX_STAT, MAX_STAT)}
      {num('frayDamage', 'Fray damage', 0, MAX_STAT)}
      <SelectField
        label="Damage die"
        field="damageDie"
        problems={problems}
        testid="stat-damageDie"
        value={value.damageDie}
        options={DICE}
        onChange={(damageDie) => set({ damageDie })}
      />
    </fieldset>
  );
}
