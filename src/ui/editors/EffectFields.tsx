import type { z } from 'zod';
import type { DamageTier, DamageType, EffectComponentSchema } from '../../schema/ability';
import { DAMAGE_TYPES } from '../../schema/ability';
import { ForcedMoveKindSchema, MAX_FORCED_SQUARES } from '../../schema/forcedMove';
import { MAX_BOONS, MAX_STAT, MAX_TEXT_CHARS } from '../../schema/limits';
import { BLIGHT_IDS, type BlightId } from '../../schema/status';
import { toggled } from './drafts';
import type { Problems } from './fieldProblems';
import { CheckField, Fold, NumberField, SelectField, TextField } from './fields';

export type EffectDraft = z.input<typeof EffectComponentSchema>;
type DamageDraft = NonNullable<EffectDraft['damage']>;

/** A status the editor offers: the room's catalog when there is one, else the built-in list. */
export interface StatusChoice {
  id: string;
  name: string;
}

const TIERS: readonly (readonly ['' | DamageTier, string])[] = [
  ['', 'no rolled damage'],
  ['fray', 'fray'],
  ['light', 'light'],
  ['heavy', 'heavy'],
  ['critical', 'critical'],
];
const TYPES: readonly (readonly ['' | DamageType, string])[] = [
  ['', 'the ability’s'],
  ...DAMAGE_TYPES.map((t) => [t, t] as const),
];
const capital = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);

/** Is anything beyond the damage tier set (then the fold opens by itself)? */
function hasMore(e: EffectDraft): boolean {
  const d = e.damage;
  return !!(
    d?.bonus ||
    d?.boost ||
    d?.flat ||
    d?.type ||
    e.statuses?.length ||
    e.blights?.length ||
    e.vigor ||
    e.heal ||
    (e.removeBlights && e.removeBlights !== 'all' ? e.removeBlights.length : e.removeBlights) ||
    e.forcedMove ||
    e.swapPlaces ||
    e.againstBlighted ||
    e.text
  );
}

/**
 * One part of an ability ("On hit", "On miss", "Effect", "Area effect"): the damage tier in
 * sight (the common case), everything else the rules engine applies folded under "More".
 * `name` prefixes the test ids ("onHit-tier"); `problems` are this part's, keyed from it.
 */
export function EffectFields(props: {
  name: string;
  value: EffectDraft;
  onChange: (value: EffectDraft) => void;
  problems: Problems;
  statuses: readonly StatusChoice[];
}) {
  const { name, value, onChange, problems, statuses } = props;
  const set = (patch: Partial<EffectDraft>) => onChange({ ...value, ...patch });
  const damage: DamageDraft = value.damage ?? { tier: null };
  const setDamage = (patch: Partial<DamageDraft>) => {
    const next = { ...damage, ...patch };
    const empty = !next.tier && !next.bonus && !next.boost && !next.flat && !next.type;
    const { damage: _, ...rest } = value;
    onChange(empty ? rest : { ...value, damage: next });
  };
  const more = hasMore(value) || [...problems.keys()].some((k) => !k.endsWith('tier'));
  const removeAll = value.removeBlights === 'all';
  const removed: string[] =
    value.removeBlights === undefined || value.removeBlights === 'all' ? [] : value.removeBlights;
  const ab = value.againstBlighted;
  return (
    <div class="ed-effect" data-testid={`${name}-fields`}>
      <SelectField
        label="Damage"
        field="damage.tier"
        problems={problems}
        testid={`${name}-tier`}
        value={damage.tier ?? ''}
        options={TIERS}
        onChange={(tier) => setDamage({ tier: tier || null })}
      />
      <Fold
        summary="More: dice, statuses, blights, vigor, healing, forced move, swap, text"
        open={more}
        testid={`${name}-more`}
      >
        <div class="ed-grid">
          <NumberField
            label="Bonus dice"
            field="damage.bonus"
            problems={problems}
            testid={`${name}-bonus`}
            min={0}
            max={MAX_BOONS}
            value={damage.bonus ?? 0}
            onChange={(bonus) => setDamage({ bonus })}
          />
          <NumberField
            label="Boosts"
            field="damage.boost"
            problems={problems}
            testid={`${name}-boost`}
            min={0}
            max={MAX_BOONS}
            value={damage.boost ?? 0}
            onChange={(boost) => setDamage({ boost })}
          />
          <NumberField
            label="Flat damage"
            field="damage.flat"
            problems={problems}
            testid={`${name}-flat`}
            min={0}
            max={MAX_STAT}
            value={damage.flat ?? 0}
            onChange={(flat) => setDamage({ flat })}
          />
          <SelectField
            label="Damage type"
            field="damage.type"
            problems={problems}
            testid={`${name}-type`}
            value={damage.type ?? ''}
            options={TYPES}
            onChange={(type) => {
              const { type: _, ...rest } = damage;
              setDamage(type ? { ...rest, type } : { ...rest, type: undefined });
            }}
          />
          <NumberField
            label="Vigor (× Health)"
            field="vigor"
            problems={problems}
            testid={`${name}-vigor`}
            min={0}
            max={MAX_STAT}
            value={value.vigor ?? 0}
            onChange={(vigor) => set({ vigor })}
          />
          <NumberField
            label="Healing (× Health)"
            field="heal"
            problems={problems}
            testid={`${name}-heal`}
            min={0}
            max={MAX_STAT}
            value={value.heal ?? 0}
            onChange={(heal) => set({ heal })}
          />
        </div>
        <fieldset class="ed-choices">
          <legend>Statuses</legend>
          {statuses.map((s) => (
            <CheckField
              key={s.id}
              label={s.name}
              testid={`${name}-status-${s.id}`}
              checked={(value.statuses ?? []).includes(s.id)}
              onChange={(on) => set({ statuses: toggled(value.statuses ?? [], s.id, on) })}
            />
          ))}
          <CheckField
            label="ongoing (cannot be saved off)"
            testid={`${name}-ongoing`}
            checked={value.ongoing ?? false}
            onChange={(ongoing) => set({ ongoing })}
          />
        </fieldset>
        <fieldset class="ed-choices">
          <legend>Blights given</legend>
          {BLIGHT_IDS.map((b) => (
            <CheckField
              key={b}
              label={capital(b)}
              testid={`${name}-blight-${b}`}
              checked={(value.blights ?? []).includes(b)}
              onChange={(on) => set({ blights: toggled(value.blights ?? [], b, on) })}
            />
          ))}
        </fieldset>
        <fieldset class="ed-choices">
          <legend>Blights removed</legend>
          <CheckField
            label="all"
            testid={`${name}-remove-all`}
            checked={removeAll}
            onChange={(on) => set({ removeBlights: on ? 'all' : [] })}
          />
          {!removeAll &&
            BLIGHT_IDS.map((b) => (
              <CheckField
                key={b}
                label={capital(b)}
                testid={`${name}-remove-${b}`}
                checked={removed.includes(b)}
                onChange={(on) => set({ removeBlights: toggled(removed, b, on) })}
              />
            ))}
        </fieldset>
        <div class="ed-grid">
          <SelectField
            label="Forced move"
            field="forcedMove.kind"
            problems={problems}
            testid={`${name}-forced`}
            value={value.forcedMove?.kind ?? ''}
            options={[['', 'none'] as const, ...ForcedMoveKindSchema.options.map((k) => [k, k] as const)]}
            onChange={(kind) => {
              const { forcedMove: _, ...rest } = value;
              onChange(
                kind ? { ...rest, forcedMove: { kind, squares: value.forcedMove?.squares ?? 1 } } : rest,
              );
            }}
          />
          {value.forcedMove && (
            <NumberField
              label="Squares"
              field="forcedMove.squares"
              problems={problems}
              testid={`${name}-forced-squares`}
              min={1}
              max={MAX_FORCED_SQUARES}
              value={value.forcedMove.squares}
              onChange={(squares) => set({ forcedMove: { ...value.forcedMove!, squares } })}
            />
          )}
        </div>
        <CheckField
          label="Swap places: the user and the target trade spaces"
          testid={`${name}-swap`}
          checked={value.swapPlaces ?? false}
          onChange={(on) => {
            const { swapPlaces: _, ...rest } = value;
            onChange(on ? { ...rest, swapPlaces: true } : rest);
          }}
        />
        <CheckField
          label="Stronger against blighted targets"
          testid={`${name}-against`}
          checked={!!ab}
          onChange={(on) => {
            const { againstBlighted: _, ...rest } = value;
            onChange(on ? { ...rest, againstBlighted: { blight: 'any', flat: 1 } } : rest);
          }}
        />
        {ab && (
          <div class="ed-grid">
            <SelectField
              label="When it has"
              field="againstBlighted.blight"
              problems={problems}
              testid={`${name}-against-blight`}
              value={ab.blight ?? 'any'}
              options={
                [
                  ['any', 'any blight'],
                  ...BLIGHT_IDS.map((b) => [b, capital(b)] as const),
                ] as readonly (readonly ['any' | BlightId, string])[]
              }
              onChange={(blight) => set({ againstBlighted: { ...ab, blight } })}
            />
            <NumberField
              label="Bonus dice"
              field="againstBlighted.bonus"
              problems={problems}
              testid={`${name}-against-bonus`}
              min={0}
              max={MAX_BOONS}
              value={ab.bonus ?? 0}
              onChange={(bonus) => set({ againstBlighted: { ...ab, bonus } })}
            />
            <NumberField
              label="Boosts"
              field="againstBlighted.boost"
              problems={problems}
              testid={`${name}-against-boost`}
              min={0}
              max={MAX_BOONS}
              value={ab.boost ?? 0}
              onChange={(boost) => set({ againstBlighted: { ...ab, boost } })}
            />
            <NumberField
              label="Flat damage"
              field="againstBlighted.flat"
              problems={problems}
              testid={`${name}-against-flat`}
              min={0}
              max={MAX_STAT}
              value={ab.flat ?? 0}
              onChange={(flat) => set({ againstBlighted: { ...ab, flat } })}
            />
            <NumberField
              label="Damage per blight"
              field="againstBlighted.flatPerBlight"
              problems={problems}
              testid={`${name}-against-per`}
              min={0}
              max={MAX_STAT}
              value={ab.flatPerBlight ?? 0}
              onChange={(flatPerBlight) => set({ againstBlighted: { ...ab, flatPerBlight } })}
            />
          </div>
        )}
        <TextField
          label="What else happens (the GM applies it)"
          field="text"
          problems={problems}
          testid={`${name}-text`}
          maxLength={MAX_TEXT_CHARS}
          multiline
          value={value.text ?? ''}
          onChange={(text) => set({ text })}
        />
      </Fold>
    </div>
  );
}
