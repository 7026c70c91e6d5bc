import { useState } from 'preact/hooks';
import type { Ability, AbilityCost, AbilityInput, DamageType } from '../../schema/ability';
import { AbilitySchema, DAMAGE_TYPES } from '../../schema/ability';
import { MAX_MAP_SIDE, MAX_NAME_CHARS, MAX_STAT, MAX_TEXT_CHARS } from '../../schema/limits';
import {
  GRANTING_PARTS,
  NextAbilityFields,
  SlowTurnBonusFields,
  type GrantingPart,
} from './AbilityBonusFields';
import { AreaFields } from './AreaFields';
import { AreaPreview } from './AreaPreview';
import { DamagePreview, type DamageSource } from './DamagePreview';
import { keywordsFromText, textFromKeywords } from './drafts';
import { EffectFields, type EffectDraft, type StatusChoice } from './EffectFields';
import { problemsOf, subProblems } from './fieldProblems';
import { CheckField, Fold, NumberField, SelectField, TextField } from './fields';
import { SaveBar } from './SaveBar';
import { TriggerFields } from './TriggerFields';

const COSTS: readonly (readonly [AbilityCost, string])[] = [
  ['1-action', '1 action'],
  ['2-actions', '2 actions'],
  ['2-actions-and-move', '2 actions + move (superheavy)'],
  ['free', 'free'],
];
const TYPES = DAMAGE_TYPES.map((t) => [t, t] as const);
type Tags = NonNullable<AbilityInput['tags']>;
type AttackDraft = NonNullable<AbilityInput['attack']>;
const NO_TAGS: Required<Tags> = {
  attack: false,
  pierce: false,
  interrupt: null,
  limited: null,
  limitBreak: null,
  keywords: [],
};

export interface AbilityEditorProps {
  value: AbilityInput;
  onSave: (ability: Ability) => void;
  onCancel: () => void;
  /** The room's status catalog, else the rules' built-in list. */
  statuses: readonly StatusChoice[];
  /** Whose damage the preview shows (the stat block being edited, or a choice of them). */
  damageSources: readonly DamageSource[];
  frayAddsToDice: boolean;
  /** Another ability of the same stat block already has this name (the no-repeats rule counts by name). */
  nameTaken?: (name: string) => boolean;
}

/**
 * Everything the rules engine resolves about an ability (src/schema/ability.ts): cost, range,
 * melee or ranged, the attack roll's on hit / on miss / on critical parts, the area pattern with
 * its area effect, a plain effect, tags (attack, pierce, interrupt and trigger, X/turn or
 * X/round, Limit Break) and the description. The common case (a 1-action melee attack dealing
 * light damage) shows unfolded; the rest is folded. Parsed with the real schema on every change.
 */
export function AbilityEditor(props: AbilityEditorProps) {
  const [draft, setDraft] = useState<AbilityInput>(props.value);
  const [keywords, setKeywords] = useState(textFromKeywords(props.value.tags?.keywords ?? []));
  const set = (patch: Partial<AbilityInput>) => setDraft((d) => ({ ...d, ...patch }));
  const tags = { ...NO_TAGS, ...draft.tags } as Required<Tags>;
  const setTags = (patch: Partial<Tags>) => set({ tags: { ...tags, ...patch } });
  const checked = problemsOf(AbilitySchema, draft);
  const problems = new Map(checked.problems);
  const name = draft.name.trim();
  if (name && props.nameTaken?.(name))
    problems.set('name', `Name: another ability of this stat block is called ${name} already`);
  const attack = draft.attack;
  const setAttack = (a: AttackDraft | undefined) => {
    const { attack: _, ...rest } = draft;
    setDraft(a ? { ...rest, attack: a } : rest);
  };
  const part = (key: 'effect' | 'areaEffect', value: EffectDraft | undefined) => {
    const { [key]: _, ...rest } = draft;
    setDraft(value ? { ...rest, [key]: value } : rest);
  };
  const onHitDamage = attack?.onHit.damage;
  // "Your next ability gains…" lives on one part (on hit, effect …): the parts it has, and the first granting.
  const partOf = (d: AbilityInput, p: GrantingPart): EffectDraft | undefined =>
    p === 'effect' || p === 'areaEffect' ? d[p] : d.attack?.[p.slice('attack.'.length) as 'onHit'];
  const parts = GRANTING_PARTS.map(([p]) => p).filter((p) => partOf(draft, p));
  const granting = parts.find((p) => partOf(draft, p)?.nextAbility);
  const setGrant = (p: GrantingPart, grant: EffectDraft['nextAbility']) =>
    setDraft((d) => {
      const was = partOf(d, p);
      if (!was) return d;
      const { nextAbility: _, ...rest } = was;
      const next = grant ? { ...rest, nextAbility: grant } : rest;
      if (p === 'effect' || p === 'areaEffect') return { ...d, [p]: next };
      return { ...d, attack: { ...d.attack!, [p.slice('attack.'.length)]: next } };
    });
  const has = (prefix: string) =>
    [...problems.keys()].some((k) => k === prefix || k.startsWith(`${prefix}.`));
  return (
    <form
      class="ability-editor"
      data-testid="ability-editor"
      aria-label={`Ability: ${name || 'new'}`}
      onSubmit={(e) => {
        e.preventDefault();
        if (checked.ok && problems.size === 0) props.onSave(checked.value);
      }}
    >
      <div class="ed-grid">
        <TextField
          label="Name"
          field="name"
          problems={problems}
          testid="ability-name"
          maxLength={MAX_NAME_CHARS}
          value={draft.name}
          onChange={(n) => set({ name: n })}
        />
        <SelectField
          label="Cost"
          field="cost"
          problems={problems}
          testid="ability-cost"
          value={draft.cost}
          options={COSTS}
          onChange={(cost) => set({ cost })}
        />
        <NumberField
          label="Range (empty: none listed)"
          field="range"
          problems={problems}
          testid="ability-range"
          min={0}
          max={MAX_MAP_SIDE}
          value={draft.range ?? null}
          onChange={(n) => set({ range: Number.isNaN(n) ? null : n })}
        />
        <SelectField
          label="Damage type"
          field="damageType"
          problems={problems}
          testid="ability-damage-type"
          value={draft.damageType ?? 'physical'}
          options={TYPES}
          onChange={(damageType: DamageType) => set({ damageType })}
        />
      </div>

      <fieldset class="ed-part">
        <legend>
          <CheckField
            label="Attack roll"
            testid="ability-has-attack"
            checked={!!attack}
            onChange={(on) => {
              setAttack(on ? { kind: 'melee', onHit: { damage: { tier: 'light' } } } : undefined);
              setTags({ attack: on });
            }}
          />
        </legend>
        {problems.get('attack') && (
          <p class="field-problem" data-testid="problem-attack">
            {problems.get('attack')}
          </p>
        )}
        {attack && (
          <>
            <SelectField
              label="Melee or ranged"
              field="attack.kind"
              problems={problems}
              testid="attack-kind"
              value={attack.kind}
              options={
                [
                  ['melee', 'melee'],
                  ['ranged', 'ranged'],
                ] as const
              }
              onChange={(kind) => setAttack({ ...attack, kind })}
            />
            <h4>On hit</h4>
            <EffectFields
              name="onHit"
              value={attack.onHit}
              statuses={props.statuses}
              problems={subProblems(problems, 'attack.onHit')}
              onChange={(onHit) => setAttack({ ...attack, onHit })}
            />
            <DamagePreview
              sources={props.damageSources}
              bonus={onHitDamage?.bonus ?? 0}
              boost={onHitDamage?.boost ?? 0}
              flat={onHitDamage?.flat ?? 0}
              frayAddsToDice={props.frayAddsToDice}
            />
            {(['onMiss', 'onCritical'] as const).map((key) => (
              <Fold
                key={key}
                summary={key === 'onMiss' ? 'On miss' : 'On critical hit (beyond the automatic boost)'}
                open={!!attack[key]}
                testid={`${key}-fold`}
              >
                <CheckField
                  label={
                    key === 'onMiss'
                      ? 'Something happens on a miss'
                      : 'Something more happens on a critical hit'
                  }
                  testid={`${key}-on`}
                  checked={!!attack[key]}
                  onChange={(on) => {
                    const { [key]: _, ...rest } = attack;
                    setAttack(
                      on ? { ...rest, [key]: { damage: { tier: key === 'onMiss' ? 'fray' : null } } } : rest,
                    );
                  }}
                />
                {attack[key] && (
                  <EffectFields
                    name={key}
                    value={attack[key]}
                    statuses={props.statuses}
                    problems={subProblems(problems, `attack.${key}`)}
                    onChange={(v) => setAttack({ ...attack, [key]: v })}
                  />
                )}
              </Fold>
            ))}
          </>
        )}
      </fieldset>

      <fieldset class="ed-part">
        <legend>Area</legend>
        <AreaFields
          value={draft.area}
          problems={subProblems(problems, 'area')}
          onChange={(area) => {
            const { area: _, ...rest } = draft;
            setDraft(area ? { ...rest, area } : rest);
          }}
        />
        {draft.area && (
          <>
            <CheckField
              label={'"(self)": drawn from the user, may cover it'}
              testid="ability-self"
              checked={draft.self ?? false}
              onChange={(self) => set({ self })}
            />
            <AreaPreview
              pattern={draft.area}
              range={Number.isFinite(draft.range) ? (draft.range ?? null) : null}
              self={draft.self ?? false}
            />
            {draft.attack && !draft.areaEffect && !draft.effect && (
              <p class="warning" role="note" data-testid="area-no-effect">
                No area effect: only the character in the attack space is hit; everyone else in the area takes
                nothing. Add an area effect below if the whole area should be hurt.
              </p>
            )}
            <Fold
              summary="Area effect (everyone in the area)"
              open={!!draft.areaEffect || has('areaEffect')}
              testid="areaEffect-fold"
            >
              <CheckField
                label="Something happens to everyone in the area"
                testid="areaEffect-on"
                checked={!!draft.areaEffect}
                onChange={(on) => part('areaEffect', on ? { damage: { tier: 'fray' } } : undefined)}
              />
              {draft.areaEffect && (
                <EffectFields
                  name="areaEffect"
                  value={draft.areaEffect}
                  statuses={props.statuses}
                  problems={subProblems(problems, 'areaEffect')}
                  onChange={(v) => part('areaEffect', v)}
                />
              )}
            </Fold>
          </>
        )}
      </fieldset>

      <Fold summary="Effect without a roll" open={!!draft.effect || has('effect')} testid="effect-fold">
        <CheckField
          label="It has an effect without a roll"
          testid="effect-on"
          checked={!!draft.effect}
          onChange={(on) => part('effect', on ? {} : undefined)}
        />
        {draft.effect && (
          <EffectFields
            name="effect"
            value={draft.effect}
            statuses={props.statuses}
            problems={subProblems(problems, 'effect')}
            onChange={(v) => part('effect', v)}
          />
        )}
      </Fold>

      <Fold
        summary="Tags: attack, pierce, interrupt, limits, Limit Break, keywords"
        open={
          tags.pierce ||
          tags.interrupt !== null ||
          tags.limited !== null ||
          tags.limitBreak !== null ||
          tags.keywords.length > 0 ||
          has('tags') ||
          has('trigger')
        }
        testid="tags-fold"
      >
        <div class="ed-choices">
          <CheckField
            label="attack (one a round)"
            testid="tag-attack"
            checked={tags.attack}
            onChange={(on) => setTags({ attack: on })}
          />
          <CheckField
            label="pierce (ignores armor)"
            testid="tag-pierce"
            checked={tags.pierce}
            onChange={(on) => setTags({ pierce: on })}
          />
          <CheckField
            label="interrupt"
            testid="tag-interrupt"
            checked={tags.interrupt !== null}
            onChange={(on) => {
              const next = { ...draft, tags: { ...tags, interrupt: on ? 1 : null } };
              if (on && !draft.trigger) next.trigger = { kind: 'moves-adjacent', who: 'foe' };
              setDraft(next);
            }}
          />
          <CheckField
            label="limited X/turn or X/round"
            testid="tag-limited"
            checked={tags.limited !== null}
            onChange={(on) => setTags({ limited: on ? { times: 1, per: 'turn' } : null })}
          />
          <CheckField
            label="Limit Break"
            testid="tag-limit-break"
            checked={tags.limitBreak !== null}
            onChange={(on) => setTags({ limitBreak: on ? 1 : null })}
          />
        </div>
        <div class="ed-grid">
          {tags.interrupt !== null && (
            <NumberField
              label="Interrupt: times between turns"
              field="tags.interrupt"
              problems={problems}
              testid="tag-interrupt-times"
              min={1}
              max={MAX_STAT}
              value={tags.interrupt}
              onChange={(n) => setTags({ interrupt: n })}
            />
          )}
          {tags.limited && (
            <>
              <NumberField
                label="Times"
                field="tags.limited.times"
                problems={problems}
                testid="tag-limited-times"
                min={1}
                max={MAX_STAT}
                value={tags.limited.times}
                onChange={(times) => setTags({ limited: { ...tags.limited!, times } })}
              />
              <SelectField
                label="Per"
                field="tags.limited.per"
                problems={problems}
                testid="tag-limited-per"
                value={tags.limited.per}
                options={
                  [
                    ['turn', 'turn'],
                    ['round', 'round'],
                  ] as const
                }
                onChange={(per) => setTags({ limited: { ...tags.limited!, per } })}
              />
            </>
          )}
          {tags.limitBreak !== null && (
            <NumberField
              label="Limit Break: Resolve spent"
              field="tags.limitBreak"
              problems={problems}
              testid="tag-limit-break-resolve"
              min={1}
              max={MAX_STAT}
              value={tags.limitBreak}
              onChange={(n) => setTags({ limitBreak: n })}
            />
          )}
        </div>
        {tags.interrupt !== null && (
          <TriggerFields
            value={draft.trigger as never}
            problems={problems}
            onChange={(trigger) => set({ trigger })}
          />
        )}
        {problems.get('trigger') && tags.interrupt === null && (
          <p class="field-problem">{problems.get('trigger')}</p>
        )}
        <TextField
          label="Other keywords, comma-separated (shown as they are)"
          field="tags.keywords"
          problems={
            new Map(
              [...problems]
                .filter(([k]) => k.startsWith('tags.keywords'))
                .map(([, v]) => ['tags.keywords', v]),
            )
          }
          testid="tag-keywords"
          maxLength={MAX_TEXT_CHARS}
          value={keywords}
          onChange={(text) => {
            setKeywords(text);
            setTags({ keywords: keywordsFromText(text) });
          }}
        />
      </Fold>

      <SlowTurnBonusFields
        value={draft.slowTurnBonus}
        problems={problems}
        onChange={(bonus) => {
          const { slowTurnBonus: _, ...rest } = draft;
          setDraft(bonus ? { ...rest, slowTurnBonus: bonus } : rest);
        }}
      />
      <NextAbilityFields
        parts={parts}
        part={granting}
        value={granting ? partOf(draft, granting)?.nextAbility : undefined}
        problems={problems}
        onChange={setGrant}
      />

      <TextField
        label="Description (the Act panel shows it)"
        field="description"
        problems={problems}
        testid="ability-description"
        maxLength={MAX_TEXT_CHARS}
        multiline
        value={draft.description ?? ''}
        onChange={(description) => set({ description })}
      />
      <SaveBar
        problems={problems}
        saveLabel="Save ability"
        testid="ability-save"
        onCancel={props.onCancel}
        cancelTestid="ability-cancel"
      />
    </form>
  );
}
