import type { AbilityBonusInput } from '../../schema/abilityBonus';
import type { EffectComponentSchema } from '../../schema/ability';
import { MAX_BOONS, MAX_NAME_CHARS, MAX_STAT } from '../../schema/limits';
import type { z } from 'zod';
import { subProblems, type Problems } from './fieldProblems';
import { CheckField, Fold, NumberField, SelectField, TextField } from './fields';

type NextDraft = NonNullable<z.input<typeof EffectComponentSchema>['nextAbility']>;
type Bonus = AbilityBonusInput & { to?: NextDraft['to'] };

/**
 * A bonus to one use of an ability (src/schema/abilityBonus.ts): boons on its roll, bonus dice,
 * boosts, flat damage and who granted it; with `to` for a next-ability grant (receiver or user).
 * `name` prefixes the test ids and problem keys ("slowTurnBonus-boons").
 */
function BonusFields(props: {
  name: string;
  value: Bonus;
  onChange: (v: Bonus) => void;
  problems: Problems;
}) {
  const { name, value, onChange, problems } = props;
  const num = (key: 'boons' | 'bonus' | 'boost' | 'flat', label: string, max: number) => (
    <NumberField
      label={label}
      field={`${name}.${key}`}
      problems={problems}
      testid={`${name}-${key}`}
      min={0}
      max={max}
      value={value[key] ?? 0}
      onChange={(n) => onChange({ ...value, [key]: n })}
    />
  );
  return (
    <div class="ed-grid">
      {num('boons', 'Boons on its roll', MAX_BOONS)}
      {num('bonus', 'Bonus damage dice', MAX_BOONS)}
      {num('boost', 'Damage boosts', MAX_BOONS)}
      {num('flat', 'Flat damage', MAX_STAT)}
      {value.to !== undefined && (
        <SelectField
          label="Who gains it"
          field={`${name}.to`}
          problems={problems}
          testid={`${name}-to`}
          value={value.to}
          options={
            [
              ['receiver', 'whoever it hits or affects'],
              ['user', 'the user'],
            ] as const
          }
          onChange={(to) => onChange({ ...value, to })}
        />
      )}
      <TextField
        label="Granted by (for the log)"
        field={`${name}.source`}
        problems={problems}
        testid={`${name}-source`}
        maxLength={MAX_NAME_CHARS}
        value={value.source ?? ''}
        onChange={(source) => onChange({ ...value, source })}
      />
    </div>
  );
}

/** "Some abilities get bonuses from being used on a slow turn": the bonus, when used on one. */
export function SlowTurnBonusFields(props: {
  value: AbilityBonusInput | undefined;
  onChange: (v: AbilityBonusInput | undefined) => void;
  problems: Problems;
}) {
  const { value, onChange, problems } = props;
  const bad = [...problems.keys()].some((k) => k.startsWith('slowTurnBonus'));
  return (
    <Fold summary="Bonus on a slow turn" open={!!value || bad} testid="slowTurnBonus-fold">
      <CheckField
        label="It gains a bonus when used on a slow turn"
        testid="slowTurnBonus-on"
        checked={!!value}
        onChange={(on) => onChange(on ? { boons: 0, bonus: 0, boost: 0, flat: 0, source: '' } : undefined)}
      />
      {value && <BonusFields name="slowTurnBonus" value={value} onChange={onChange} problems={problems} />}
    </Fold>
  );
}

/** The parts of an ability that may grant "your next ability gains…", as the editor names them. */
export const GRANTING_PARTS = [
  ['attack.onHit', 'on hit'],
  ['attack.onMiss', 'on a miss'],
  ['attack.onCritical', 'on a critical hit'],
  ['effect', 'its effect'],
  ['areaEffect', 'its area effect'],
] as const;
export type GrantingPart = (typeof GRANTING_PARTS)[number][0];

/**
 * "Your next ability gains…": which part of the ability grants it (only the parts it has) and the
 * bonus. `problems` are the whole ability's; this shows those under the chosen part's grant.
 */
export function NextAbilityFields(props: {
  parts: readonly GrantingPart[];
  part: GrantingPart | undefined;
  value: NextDraft | undefined;
  onChange: (part: GrantingPart, value: NextDraft | undefined) => void;
  problems: Problems;
}) {
  const { parts, part, value, onChange } = props;
  const problems = part ? subProblems(props.problems, part) : new Map<string, string>();
  const offered = GRANTING_PARTS.filter(([p]) => parts.includes(p));
  const chosen = part ?? offered[0]?.[0];
  return (
    <Fold
      summary="Your next ability gains…"
      open={!!value || [...problems.keys()].some((k) => k.startsWith('nextAbility'))}
      testid="nextAbility-fold"
    >
      {offered.length === 0 || !chosen ? (
        <p class="muted">Give the ability an attack roll or an effect first: one of them grants it.</p>
      ) : (
        <>
          <CheckField
            label="Using it grants a bonus to the next ability"
            testid="nextAbility-on"
            checked={!!value}
            onChange={(on) =>
              onChange(
                chosen,
                on ? { boons: 0, bonus: 0, boost: 0, flat: 0, source: '', to: 'receiver' } : undefined,
              )
            }
          />
          {value && (
            <>
              <SelectField
                label="Granted"
                field="nextAbility.part"
                problems={problems}
                testid="nextAbility-part"
                value={chosen}
                options={offered}
                onChange={(next) => {
                  onChange(chosen, undefined);
                  onChange(next, value);
                }}
              />
              <BonusFields
                name="nextAbility"
                value={{ ...value, to: value.to ?? 'receiver' }}
                onChange={(v) => onChange(chosen, v)}
                problems={problems}
              />
            </>
          )}
        </>
      )}
    </Fold>
  );
}
