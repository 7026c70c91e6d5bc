import type { AbilityInput } from '../../schema/ability';
import { MAX_LIST_ITEMS } from '../../schema/limits';
import { moveItem } from './drafts';
import { subProblems, type Problems } from './fieldProblems';

const COST: Record<AbilityInput['cost'], string> = {
  '1-action': '1 action',
  '2-actions': '2 actions',
  '2-actions-and-move': '2 actions + move',
  free: 'free',
};

/** A stat block's abilities: each with its cost, edit, move up/down and remove; and "+ Ability". */
export function AbilityList(props: {
  abilities: readonly AbilityInput[];
  problems: Problems;
  onChange: (abilities: AbilityInput[]) => void;
  /** Opens the ability editor on item `i` (`abilities.length` = a new one). */
  onEdit: (i: number) => void;
}) {
  const { abilities, problems, onChange, onEdit } = props;
  return (
    <fieldset class="ed-part">
      <legend>Abilities</legend>
      <ol class="ed-abilities" data-testid="ability-list">
        {abilities.map((a, i) => {
          const bad = subProblems(problems, `abilities.${i}`).size > 0;
          return (
            <li key={`${i}-${a.name}`} data-testid={`ability-item-${i}`}>
              <span>
                <b>{a.name}</b> <span class="muted">{COST[a.cost]}</span>
                {bad && <span class="field-problem"> — needs fixing</span>}
              </span>
              <span class="ed-row-buttons">
                <button
                  type="button"
                  data-testid={`ability-edit-${i}`}
                  onClick={() => onEdit(i)}
                  aria-label={`Edit ${a.name}`}
                >
                  Edit
                </button>
                <button
                  type="button"
                  disabled={i === 0}
                  aria-label={`Move ${a.name} up`}
                  onClick={() => onChange(moveItem(abilities, i, -1))}
                >
                  ↑
                </button>
                <button
                  type="button"
                  disabled={i === abilities.length - 1}
                  aria-label={`Move ${a.name} down`}
                  onClick={() => onChange(moveItem(abilities, i, 1))}
                >
                  ↓
                </button>
                <button
                  type="button"
                  data-testid={`ability-remove-${i}`}
                  aria-label={`Remove ${a.name}`}
                  onClick={() => onChange(abilities.filter((_, j) => j !== i))}
                >
                  Remove
                </button>
              </span>
            </li>
          );
        })}
      </ol>
      {abilities.length === 0 && <p class="muted">No abilities yet.</p>}
      <button
        type="button"
        data-testid="add-ability"
        disabled={abilities.length >= MAX_LIST_ITEMS}
        onClick={() => onEdit(abilities.length)}
      >
        + Ability
      </button>
    </fieldset>
  );
}
