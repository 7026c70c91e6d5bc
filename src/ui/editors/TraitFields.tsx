import type { Trait } from '../../schema/combatStats';
import { MAX_LIST_ITEMS, MAX_NAME_CHARS, MAX_TEXT_CHARS } from '../../schema/limits';
import type { Problems } from './fieldProblems';
import { TextField } from './fields';

/**
 * Passive traits as name + text pairs, one form for the stat block editor and the sheet's jobs.
 * `problems` are keyed as under a stat block (`traits.0.name`), so one schema check serves both.
 */
export function TraitFields(props: {
  traits: readonly Trait[];
  problems: Problems;
  onChange: (next: Trait[]) => void;
}) {
  const { traits, problems, onChange } = props;
  const edit = (i: number, patch: Partial<Trait>) =>
    onChange(traits.map((x, j) => (j === i ? { ...x, ...patch } : x)));
  return (
    <fieldset class="ed-part" data-testid="trait-list">
      <legend>Traits</legend>
      {traits.map((t, i) => (
        <div class="ed-trait" key={i}>
          <TextField
            label={`Trait ${i + 1}`}
            field={`traits.${i}.name`}
            problems={problems}
            testid={`trait-name-${i}`}
            maxLength={MAX_NAME_CHARS}
            value={t.name}
            onChange={(name) => edit(i, { name })}
          />
          <TextField
            label="What it does"
            field={`traits.${i}.text`}
            problems={problems}
            testid={`trait-text-${i}`}
            maxLength={MAX_TEXT_CHARS}
            multiline
            value={t.text}
            onChange={(text) => edit(i, { text })}
          />
          <button
            type="button"
            data-testid={`trait-remove-${i}`}
            onClick={() => onChange(traits.filter((_, j) => j !== i))}
          >
            {`Remove trait ${i + 1}`}
          </button>
        </div>
      ))}
      <button
        type="button"
        data-testid="add-trait"
        disabled={traits.length >= MAX_LIST_ITEMS}
        onClick={() => onChange([...traits, { name: 'New trait', text: '' }])}
      >
        + Trait
      </button>
    </fieldset>
  );
}
