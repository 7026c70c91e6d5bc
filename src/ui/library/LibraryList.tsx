import { LIBRARY_KIND_NAMES, LIBRARY_KINDS, type LibraryKind } from '../../schema/library';

/** One line of a list: what it is and what can be done with it. */
export interface ListedEntry {
  readonly id: string;
  readonly kind: LibraryKind;
  readonly name: string;
  readonly summary: string;
}

export interface EntryAction {
  /** The button's text ("Edit"); its accessible name adds the entry's name ("Edit Ogre"). */
  readonly label: string;
  /** The accessible name when it is not "<label> <name>" ("Copy Ogre to my library"). */
  readonly name?: (entry: ListedEntry) => string;
  readonly run: (entry: ListedEntry) => void;
  /** Only on entries of these kinds ("Start a room" on encounters and parties); all when absent. */
  readonly kinds?: readonly LibraryKind[];
}

/** Entries whose name or summary holds the filter text (any case). */
export function filterEntries<T extends ListedEntry>(entries: readonly T[], filter: string): T[] {
  const needle = filter.trim().toLowerCase();
  if (!needle) return [...entries];
  return entries.filter((e) => `${e.name} ${e.summary}`.toLowerCase().includes(needle));
}

/**
 * Entries grouped by kind (characters, foes, abilities, parties, maps, encounters), each with its
 * summary line and the actions given. Kinds with no entry are left out.
 */
export function LibraryList(props: {
  entries: readonly ListedEntry[];
  actions: readonly EntryAction[];
  disabled?: boolean;
  testId: string;
  empty: string;
}) {
  const { entries, actions, disabled, testId, empty } = props;
  const groups = LIBRARY_KINDS.map((kind) => ({
    kind,
    items: entries.filter((e) => e.kind === kind),
  })).filter((group) => group.items.length > 0);
  return (
    <div class="library-list" data-testid={testId}>
      {groups.length === 0 && <p class="muted">{empty}</p>}
      {groups.map(({ kind, items }) => (
        <section key={kind} aria-label={LIBRARY_KIND_NAMES[kind].many}>
          <h4>
            {LIBRARY_KIND_NAMES[kind].many} <span class="muted">({items.length})</span>
          </h4>
          <ul>
            {items.map((entry) => (
              <li key={entry.id}>
                <span class="library-entry-text">
                  <span class="library-entry-name">{entry.name}</span>
                  <span class="muted">{entry.summary}</span>
                </span>
                <span class="library-entry-actions">
                  {actions.map((action) => (
                    <button
                      key={action.label}
                      type="button"
                      // An action for other kinds is left out of sight and of the accessibility tree.
                      hidden={action.kinds ? !action.kinds.includes(entry.kind) : undefined}
                      disabled={disabled}
                      aria-label={action.name ? action.name(entry) : `${action.label} ${entry.name}`}
                      onClick={() => action.run(entry)}
                    >
                      {action.label}
                    </button>
                  ))}
                </span>
              </li>
            ))}
          </ul>
        </section>
      ))}
    </div>
  );
}
