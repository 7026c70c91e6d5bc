import { useSignal } from '@preact/signals';
import { FoeTemplateSchema, type FoeTemplate } from '../../schema/statBlock';
import type { PlaceableFoe } from '../placing/placingState';

/** Longest search text: a name is at most 120 characters. */
const MAX_SEARCH_CHARS = 120;

/** Foes whose name holds `search` (any case) and, when one is chosen, of that template. */
export function findFoes(
  foes: readonly PlaceableFoe[],
  search: string,
  template: FoeTemplate | '',
): PlaceableFoe[] {
  const needle = search.trim().toLowerCase();
  return foes.filter(
    (f) =>
      (!needle || f.name.toLowerCase().includes(needle)) && (!template || f.statBlock.template === template),
  );
}

/**
 * Which foe to drop: the library's and the starter set's (src/ui/placing/libraryFoes.ts), found
 * by name and filtered by template, in a list box under their headings (arrow keys choose).
 */
export function FoePicker({
  foes,
  chosen,
  onChoose,
  onFocus,
}: {
  foes: readonly PlaceableFoe[];
  chosen: PlaceableFoe | undefined;
  onChoose: (foe: PlaceableFoe) => void;
  /** The list got focus: a chance to read the library again (a foe may have just been saved). */
  onFocus?: () => void;
}) {
  const search = useSignal('');
  const template = useSignal<FoeTemplate | ''>('');
  const shown = findFoes(foes, search.value, template.value);
  const groups = new Map<string, PlaceableFoe[]>();
  for (const f of shown) groups.set(f.group, [...(groups.get(f.group) ?? []), f]);
  return (
    <div class="foe-picker">
      <div class="row">
        <label>
          Find a foe{' '}
          <input
            aria-label="Find a foe"
            type="search"
            maxLength={MAX_SEARCH_CHARS}
            placeholder="name"
            value={search.value}
            onInput={(e) => (search.value = e.currentTarget.value)}
          />
        </label>
        <label>
          Template{' '}
          <select
            aria-label="Template"
            value={template.value}
            onChange={(e) => {
              const value = e.currentTarget.value;
              template.value = value === '' ? '' : FoeTemplateSchema.parse(value);
            }}
          >
            <option value="">any</option>
            {FoeTemplateSchema.options.map((t) => (
              <option key={t} value={t}>
                {t}
              </option>
            ))}
          </select>
        </label>
      </div>
      {shown.length === 0 ? (
        <p class="muted">
          {foes.length === 0 ? 'Loading the foes…' : 'No foe matches: change the search or the template.'}
        </p>
      ) : (
        <label class="foe-picker-list">
          Foe to place
          <select
            aria-label="Foe to place"
            size={Math.min(8, shown.length + groups.size)}
            value={chosen && shown.some((f) => f.key === chosen.key) ? chosen.key : ''}
            onFocus={onFocus}
            onChange={(e) => {
              const next = foes.find((f) => f.key === e.currentTarget.value);
              if (next) onChoose(next);
            }}
          >
            {[...groups].map(([group, members]) => (
              <optgroup key={group} label={group}>
                {members.map((f) => (
                  <option key={f.key} value={f.key}>
                    {f.name}
                  </option>
                ))}
              </optgroup>
            ))}
          </select>
        </label>
      )}
      {chosen && (
        <p class="muted">
          {chosen.name}: {chosen.statBlock.template} · size {chosen.statBlock.size} · HP{' '}
          {4 * chosen.statBlock.health} · Defense {chosen.statBlock.defense} · Speed {chosen.statBlock.speed}
        </p>
      )}
    </div>
  );
}
