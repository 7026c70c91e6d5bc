import { useState } from 'preact/hooks';
import type { Ability, AbilityInput } from '../../schema/ability';
import { MAX_MAP_SIDE, MAX_NAME_CHARS, MAX_STAT } from '../../schema/limits';
import type { StatBlock, StatBlockInput } from '../../schema/statBlock';
import { FoeTemplateSchema, StatBlockSchema } from '../../schema/statBlock';
import { AbilityEditor } from './AbilityEditor';
import { AbilityList } from './AbilityList';
import { newAbility, toggled } from './drafts';
import type { StatusChoice } from './EffectFields';
import { problemsOf, type Problems } from './fieldProblems';
import { CheckField, NumberField, SelectField, TextField } from './fields';
import { SaveBar } from './SaveBar';
import { StatFields, type StatNumbers } from './StatFields';
import { TraitFields } from './TraitFields';

export interface StatBlockEditorProps {
  value: StatBlockInput;
  onSave: (block: StatBlock) => void;
  onCancel: () => void;
  /** The room's status catalog, else the rules' built-in list (for abilities' statuses). */
  statuses: readonly StatusChoice[];
  frayAddsToDice: boolean;
  saveLabel?: string;
}

const TEMPLATES = FoeTemplateSchema.options.map((t) => [t, t] as const);
const capital = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);

/**
 * Every field of a foe's or a player character's stat block (src/schema/statBlock.ts), checked
 * with the real schema on every change; Save stays disabled, saying why, until all is valid.
 * An ability opens in the ability editor in place of the block and comes back when saved.
 */
export function StatBlockEditor(props: StatBlockEditorProps) {
  const [draft, setDraft] = useState<StatBlockInput>(props.value);
  /** The ability open in the ability editor: its index, or `abilities.length` for a new one. */
  const [editing, setEditing] = useState<number | null>(null);
  const set = (patch: Partial<StatBlockInput>) => setDraft((d) => ({ ...d, ...patch }) as StatBlockInput);
  const checked = problemsOf(StatBlockSchema, draft);
  const problems = checked.problems;
  const abilities = (draft.abilities ?? []) as AbilityInput[];
  const traits = draft.traits ?? [];
  const resist = draft.resistances ?? [];
  if (editing !== null) {
    const isNew = editing >= abilities.length;
    return (
      <AbilityEditor
        value={isNew ? newAbility('New ability') : abilities[editing]!}
        statuses={props.statuses}
        damageSources={[
          { name: draft.name || 'this stat block', damageDie: draft.damageDie, frayDamage: draft.frayDamage },
        ]}
        frayAddsToDice={props.frayAddsToDice}
        nameTaken={(name) => abilities.some((a, i) => i !== editing && a.name.trim() === name)}
        onCancel={() => setEditing(null)}
        onSave={(ability: Ability) => {
          const next = [...abilities];
          next[editing] = ability;
          set({ abilities: next });
          setEditing(null);
        }}
      />
    );
  }
  return (
    <form
      class="stat-block-editor"
      data-testid="stat-block-editor"
      onSubmit={(e) => {
        e.preventDefault();
        if (checked.ok) props.onSave(checked.value);
      }}
    >
      <div class="ed-grid">
        <TextField
          label="Name"
          field="name"
          problems={problems}
          testid="stat-name"
          maxLength={MAX_NAME_CHARS}
          value={draft.name}
          onChange={(name) => set({ name })}
        />
        {draft.kind === 'foe' && (
          <SelectField
            label="Foe template"
            field="template"
            problems={problems}
            testid="stat-template"
            value={draft.template ?? 'normal'}
            options={TEMPLATES}
            onChange={(template) => set({ template })}
          />
        )}
      </div>
      <StatFields
        value={draft as StatNumbers & StatBlockInput}
        problems={problems}
        onChange={(v) =>
          setDraft({
            ...draft,
            ...pickStats(v),
            ...(draft.kind === 'foe' ? { size: v.size } : {}),
          } as StatBlockInput)
        }
      />
      <fieldset class="ed-choices" data-testid="stat-resistances">
        <legend>Resists (halved)</legend>
        {(['physical', 'magical'] as const).map((t) => (
          <CheckField
            key={t}
            label={t}
            testid={`resist-${t}`}
            checked={resist.includes(t)}
            onChange={(on) => set({ resistances: toggled(resist, t, on) })}
          />
        ))}
      </fieldset>
      {draft.kind === 'pc' && <PcFields draft={draft} problems={problems} set={set} />}
      <TraitFields traits={traits} problems={problems} onChange={(next) => set({ traits: next })} />
      <AbilityList
        abilities={abilities}
        problems={problems}
        onChange={(next) => set({ abilities: next })}
        onEdit={setEditing}
      />
      <SaveBar
        problems={problems}
        saveLabel={props.saveLabel ?? 'Save'}
        testid="editor-save"
        cancelTestid="editor-cancel"
        onCancel={props.onCancel}
      />
    </form>
  );
}

function pickStats(v: StatNumbers) {
  const { health, defense, armor, speed, attackBonus, frayDamage, damageDie } = v;
  return { health, defense, armor, speed, attackBonus, frayDamage, damageDie };
}

/** A player character's own fields: its basic attacks' reach and damage type, and elixirs. */
function PcFields(props: {
  draft: Extract<StatBlockInput, { kind: 'pc' }>;
  problems: Problems;
  set: (patch: Partial<StatBlockInput>) => void;
}) {
  const { draft, problems, set } = props;
  const basic = draft.basicAttacks;
  return (
    <fieldset class="ed-grid" data-testid="pc-fields">
      <legend>Basic attacks and elixirs</legend>
      {(['melee', 'ranged'] as const).map((k) => (
        <div key={k} class="ed-pair">
          <NumberField
            label={`${capital(k)} range`}
            field={`basicAttacks.${k}.range`}
            problems={problems}
            testid={`basic-${k}-range`}
            min={1}
            max={MAX_MAP_SIDE}
            value={basic[k].range}
            onChange={(range) => set({ basicAttacks: { ...basic, [k]: { ...basic[k], range } } })}
          />
          <SelectField
            label={`${capital(k)} damage type`}
            field={`basicAttacks.${k}.damageType`}
            problems={problems}
            testid={`basic-${k}-type`}
            value={basic[k].damageType ?? 'physical'}
            options={
              [
                ['physical', 'physical'],
                ['magical', 'magical'],
                ['godly', 'godly'],
              ] as const
            }
            onChange={(damageType) => set({ basicAttacks: { ...basic, [k]: { ...basic[k], damageType } } })}
          />
        </div>
      ))}
      <NumberField
        label="Elixirs"
        field="elixirs"
        problems={problems}
        testid="stat-elixirs"
        min={0}
        max={MAX_STAT}
        value={draft.elixirs ?? 2}
        onChange={(elixirs) => set({ elixirs })}
      />
    </fieldset>
  );
}
