import type { MapData } from '../../schema/map';
import { useSignal } from '@preact/signals';
import { useEffect, useMemo } from 'preact/hooks';
import {
  LIBRARY_KIND_NAMES,
  LIBRARY_KINDS,
  LibraryKindSchema,
  type LibraryData,
  type LibraryEntry,
} from '../../schema/library';
import { editorsChunk, encounterBuilderChunk } from '../lazy/chunks';
import { Lazy } from '../lazy/Lazy';
import type { KeyValueStorage } from '../start/yourRooms';
import { exportEntry, forgetLibraryKey } from './forgetLibrary';
import { libraryLink } from './libraryKey';
import { filterEntries, LibraryList, type ListedEntry } from './LibraryList';
import { LibraryState } from './libraryState';

/** Longest filter text: a name is at most 120 characters. */
const MAX_FILTER_CHARS = 120;

/**
 * The campaign library (issue 13): the GM's own entries grouped by kind with a filter, New,
 * Edit (the shared EntryEditor), Duplicate, Delete (confirmed), Export and Import; below, the
 * project's starter set to copy from. On the start page and, for the GM, inside a room. The entry
 * editor and the encounter builder are fetched the first time one opens (src/ui/lazy/chunks.ts).
 */
export function LibraryPanel({
  storage,
  roomMap,
}: {
  storage: KeyValueStorage;
  /** Inside a room: its current map, read when the encounter builder opens. */
  roomMap?: () => MapData | undefined;
}) {
  const state = useMemo(() => new LibraryState(storage), [storage]);
  const filter = useSignal('');
  const newKind = useSignal<(typeof LIBRARY_KINDS)[number]>('foe');
  /** The entry whose "Start a room" form is open (an encounter or a party). */
  const startingFrom = useSignal<ListedEntry | undefined>(undefined);
  useEffect(() => void state.load(), [state]);

  const key = state.key.value;
  const busy = state.busy.value;
  const editing = state.editing.value;
  const starting = startingFrom.value;
  const deleting = state.deleting.value;
  const refusal = state.refusal.value;
  // Encounters open in the encounter builder instead of the entry editor.
  const building =
    editing?.mode === 'edit' ? editing.entry.kind === 'encounter' : editing?.kind === 'encounter';
  const mine = filterEntries(state.entries.value, filter.value);
  const starter = filterEntries(state.starter.value, filter.value);

  return (
    <section class="library" aria-labelledby="library-title">
      <h2 id="library-title">Library</h2>
      <p class="muted">
        Your characters, foes, abilities, parties, maps and encounters, kept on this server for every room.
      </p>
      <div class="row library-tools">
        <label class="library-filter">
          Filter{' '}
          <input
            type="search"
            maxLength={MAX_FILTER_CHARS}
            value={filter.value}
            placeholder="name or kind"
            onInput={(e) => (filter.value = e.currentTarget.value)}
          />
        </label>
        <select
          aria-label="New entry of kind"
          value={newKind.value}
          onChange={(e) => (newKind.value = LibraryKindSchema.parse(e.currentTarget.value))}
        >
          {LIBRARY_KINDS.map((kind) => (
            <option key={kind} value={kind}>
              {LIBRARY_KIND_NAMES[kind].one}
            </option>
          ))}
        </select>
        <button type="button" disabled={busy} onClick={() => state.startNew(newKind.value)}>
          New
        </button>
        <button type="button" disabled={busy} onClick={() => state.startNew('encounter')}>
          New encounter
        </button>
        <button type="button" disabled={busy || !key} onClick={() => void state.exportAll()}>
          Export library
        </button>
        <label class="button library-import">
          Import…
          <input
            type="file"
            accept=".json,application/json"
            aria-label="Import a library file"
            disabled={busy}
            onChange={(e) => {
              const input = e.currentTarget;
              const file = input.files?.[0];
              input.value = ''; // the same file may be picked again after a fix
              if (file) void file.text().then((text) => state.importText(file.name, text));
            }}
          />
        </label>
      </div>
      <p class="muted" role="status" aria-live="polite">
        {state.status.value}
      </p>
      {refusal && (
        <div class="error" role="alert">
          <p>{refusal.reason}</p>
          {refusal.problems.length > 0 && (
            <ul>
              {refusal.problems.map((problem) => (
                <li key={problem}>{problem}</li>
              ))}
            </ul>
          )}
        </div>
      )}
      {editing && building && (
        <Lazy
          key={editing.mode === 'edit' ? `${editing.entry.id}@${editing.entry.updatedAt}` : 'new-encounter'}
          chunk={encounterBuilderChunk}
          render={(m) => (
            <m.EncounterBuilder
              initial={
                (editing.mode === 'edit' ? editing.entry.data : editing.data) as LibraryData<'encounter'>
              }
              fresh={editing.mode === 'new'}
              storage={storage}
              libraryKey={key}
              roomMap={roomMap}
              busy={busy}
              onSave={(encounter) => void state.save(encounter)}
              onCancel={() => (state.editing.value = undefined)}
            />
          )}
        />
      )}
      {starting && (
        <Lazy
          key={starting.id}
          chunk={encounterBuilderChunk}
          render={(m) => (
            <m.StartFromEntry
              entry={starting}
              storage={storage}
              libraryKey={key}
              onClose={() => (startingFrom.value = undefined)}
            />
          )}
        />
      )}
      {editing && !building && (
        <div class="library-editor">
          <h3>
            {editing.mode === 'edit'
              ? `Edit ${editing.entry.data.name}`
              : `New ${LIBRARY_KIND_NAMES[editing.kind].one.toLowerCase()}`}
          </h3>
          <Lazy
            key={
              editing.mode === 'edit'
                ? `${editing.entry.id}@${editing.entry.updatedAt}`
                : `new-${editing.kind}`
            }
            chunk={editorsChunk}
            render={(m) => (
              <m.EntryEditor
                kind={editing.mode === 'edit' ? editing.entry.kind : editing.kind}
                value={
                  (editing.mode === 'edit' ? editing.entry.data : editing.data) as unknown as {
                    name: string;
                  } & Record<string, unknown>
                }
                onSave={(value) => void state.save(value as unknown as LibraryEntry['data'])}
                onCancel={() => (state.editing.value = undefined)}
              />
            )}
          />
        </div>
      )}
      {deleting && (
        <div class="library-confirm" role="alertdialog" aria-labelledby="library-confirm-text">
          <p id="library-confirm-text">
            Delete “{deleting.name}” from your library? It is removed from this server for good; rooms already
            using it keep their copy. Export it first if you may want it back.
          </p>
          <div class="row">
            <button type="button" class="danger" onClick={() => void state.confirmDelete()}>
              Delete for good
            </button>
            <button type="button" autoFocus onClick={() => (state.deleting.value = undefined)}>
              Keep it
            </button>
          </div>
        </div>
      )}
      <h3>Your library</h3>
      <LibraryList
        testId="library-mine"
        entries={mine}
        disabled={busy}
        empty={
          !key
            ? 'Nothing yet: copy something from the starter set below, press New, or import a library file.'
            : filter.value.trim()
              ? 'Nothing in your library matches the filter.'
              : 'Your library is empty.'
        }
        actions={[
          { label: 'Edit', run: (entry) => void state.edit(entry) },
          { label: 'Duplicate', run: (entry) => void state.duplicate(entry) },
          { label: 'Delete', run: (entry) => (state.deleting.value = entry) },
          {
            label: 'Export',
            run: (entry) => {
              if (!key) return;
              exportEntry(key, entry).then(
                (name) => (state.status.value = `Exported ${name}.`),
                (e: unknown) =>
                  (state.refusal.value = {
                    reason: `${entry.name} was not exported: ${String(e)}`,
                    problems: [],
                  }),
              );
            },
          },
          {
            label: 'Start a room',
            name: (entry) => `Start a room with ${entry.name}`,
            kinds: ['encounter', 'party'],
            run: (entry) => (startingFrom.value = entry),
          },
        ]}
      />
      {key && <LibraryLink libraryKey={key} />}
      {key && (
        <ForgetLibrary
          libraryKey={key}
          onForget={() => {
            forgetLibraryKey(storage);
            state.key.value = undefined;
            state.entries.value = [];
            state.status.value = 'This browser no longer keeps the library; its key or link brings it back.';
          }}
        />
      )}
      <h3>Starter set</h3>
      <p class="muted">
        Written for this project to start with: copy any of them into your library and change it.
      </p>
      {state.starterProblem.value && <p class="error">{state.starterProblem.value}</p>}
      <LibraryList
        testId="library-starter"
        entries={starter}
        disabled={busy}
        empty={
          filter.value.trim() ? 'Nothing in the starter set matches the filter.' : 'Loading the starter set…'
        }
        actions={[
          {
            label: 'Copy',
            name: (entry) => `Copy ${entry.name} to my library`,
            run: (entry) => {
              const found = state.starter.value.find((s) => s.id === entry.id);
              if (found) void state.copyStarter(found);
            },
          },
        ]}
      />
    </section>
  );
}

/** The link that opens this library on another device: it IS the key, so it is shown on request. */
function LibraryLink({ libraryKey }: { libraryKey: string }) {
  const link = libraryLink(window.location.origin, libraryKey);
  const copied = useSignal(false);
  return (
    <details class="library-link">
      <summary>Open this library on another device</summary>
      <p class="muted">Whoever has this link can read and change your library. Keep it like a password.</p>
      <div class="row">
        <input readOnly aria-label="Library link" value={link} onFocus={(e) => e.currentTarget.select()} />
        <button
          type="button"
          onClick={() =>
            void navigator.clipboard?.writeText(link).then(
              () => (copied.value = true),
              () => (copied.value = false),
            )
          }
        >
          {copied.value ? 'Copied' : 'Copy link'}
        </button>
      </div>
    </details>
  );
}

/**
 * "Forget this library on this browser", confirmed: the confirmation says the key is the only way
 * back and shows it, so it can be copied first.
 */
function ForgetLibrary({ libraryKey, onForget }: { libraryKey: string; onForget: () => void }) {
  const asking = useSignal(false);
  if (!asking.value)
    return (
      <button type="button" class="library-forget" onClick={() => (asking.value = true)}>
        Forget this library on this browser
      </button>
    );
  return (
    <div class="library-confirm" role="alertdialog" aria-labelledby="library-forget-text">
      <p id="library-forget-text">
        Forget this library on this browser? It stays on the server, but to open it again you need its key (or
        its link). Copy the key first if you may want it back.
      </p>
      <input readOnly aria-label="Library key" value={libraryKey} onFocus={(e) => e.currentTarget.select()} />
      <div class="row">
        <button type="button" class="danger" onClick={onForget}>
          Forget it
        </button>
        <button type="button" autoFocus onClick={() => (asking.value = false)}>
          Keep it
        </button>
      </div>
    </div>
  );
}
