import { useState } from 'preact/hooks';

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

/**
 * Edits one library entry or stat block. For now only the name; the stat block and ability
 * editors (issue 13) replace this body and keep these props.
 */
export function EntryEditor({ value, onSave, onCancel }: EntryEditorProps) {
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
        Name <input value={name} maxLength={120} onInput={(e) => setName(e.currentTarget.value)} />
      </label>
      <button type="submit" disabled={!trimmed}>
        Save
      </button>
      <button type="button" onClick={onCancel}>
        Cancel
      </button>
    </form>
  );
}
