import { useState } from 'preact/hooks';
import type { AbilityInput } from '../../schema/ability';
import { MAX_NAME_CHARS } from '../../schema/limits';
import type { StatBlockInput } from '../../schema/statBlock';
import { AbilityEditor } from './AbilityEditor';
import { statusChoicesOf } from './statusChoices';
import { StatBlockEditor } from './StatBlockEditor';

/** What the campaign library and the room can open for editing. */
export type EditableKind = 'character' | 'foe' | 'ability' | 'party' | 'map' | 'encounter';

export interface EntryEditorProps {
  /** Which schema `value` follows (src/schema/library.ts kinds). */
  readonly kind: EditableKind;
  /** The entry's current content (schema-valid). */
  readonly value: { readonly name: string } & Record<string, unknown>;
  /** Called with a schema-valid value when the person saves. */
  readonly onSave: (value: { readonly name: string } & Record<string, unknown>) => void;
  readonly onCancel: () => void;
}

/** Outside a room there is no catalog: the rules' built-in statuses. */
const BUILT_IN_STATUSES = statusChoicesOf();

/**
 * Edits one library entry: a foe's or a character's stat block in the stat block editor, an
 * ability in the ability editor (its damage previewed for a d6, fray 2 user), anything else by
 * its name only. Saves only a value the entry's schema accepts.
 */
export function EntryEditor({ kind, value, onSave, onCancel }: EntryEditorProps) {
  const blockKind = value['kind'];
  if ((kind === 'foe' || kind === 'character') && (blockKind === 'foe' || blockKind === 'pc')) {
    return (
      <StatBlockEditor
        value={value as unknown as StatBlockInput}
        statuses={BUILT_IN_STATUSES}
        frayAddsToDice
        onCancel={onCancel}
        onSave={(block) => onSave({ ...value, ...block })}
      />
    );
  }
  if (kind === 'ability') {
    return (
      <AbilityEditor
        value={value as unknown as AbilityInput}
        statuses={BUILT_IN_STATUSES}
        damageSources={[]}
        frayAddsToDice
        onCancel={onCancel}
        onSave={(ability) => onSave({ ...value, ...ability })}
      />
    );
  }
  return <NameEditor value={value} onSave={onSave} onCancel={onCancel} />;
}

/** Entries with their own editors elsewhere (maps, encounters, parties): the name. */
function NameEditor({ value, onSave, onCancel }: Omit<EntryEditorProps, 'kind'>) {
  const [name, setName] = useState(value.name);
  const trimmed = name.trim();
  return (
    <form
      class="entry-editor"
      onSubmit={(event) => {
        event.preventDefault();
        if (trimmed) onSave({ ...value, name: trimmed });
      }}
    >
      <label>
        Name <input value={name} maxLength={MAX_NAME_CHARS} onInput={(e) => setName(e.currentTarget.value)} />
      </label>
      <button type="submit" disabled={!trimmed}>
        Save
      </button>
      <button type="button" onClick={onCancel}>
        Cancel
      </button>
      {!trimmed && <p class="field-problem">Name: cannot be empty</p>}
    </form>
  );
}
