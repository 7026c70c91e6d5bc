import { effect } from '@preact/signals';
import { useEffect, useRef, useState } from 'preact/hooks';
import type { MapImport } from '../../import/importResult';
import type { GmDocs } from '../../table/scenes/sceneContent';
import { captureScene } from '../../table/scenes/sceneContent';
import { sceneFromMap, type SceneSource } from '../../table/scenes/sceneSources';
import type { SceneSummary } from '../../table/scenes/sceneWriters';
import {
  activateScene,
  createScene,
  deleteScene,
  renameScene,
  sceneList,
  usedTokenIds,
} from '../../table/scenes/sceneWriters';
import { ApiError } from '../api';
import { browserStorage } from '../browserStorage';
import { readLibraryKey } from '../library/libraryKey';
import { mapImportChunk } from '../lazy/chunks';
import { Lazy } from '../lazy/Lazy';
import type { RoomModel } from '../model/RoomModel';
import { loadSceneChoices, SCENE_SOURCE_KINDS, type SceneChoice, type SceneSourceKind } from './sceneChoices';
import './scenes.css';

/** How long a switch waits for the server's end of combat to reach this page. */
const END_COMBAT_WAIT_MS = 8000;
/** A scene's name as the writers bound it (SceneNameSchema). */
const MAX_SCENE_NAME = 80;

/** The GM's docs, both of them, or null on a page without the secrets doc. */
function gmDocsOf(model: RoomModel): GmDocs | null {
  const docs = model.host?.gm?.docs();
  return docs?.secrets ? (docs as GmDocs) : null;
}

/** Resolves true once this page's room is out of combat, false after `ms` without. */
function outOfCombat(model: RoomModel, ms: number): Promise<boolean> {
  return new Promise((resolve) => {
    let done = false;
    const finish = (ended: boolean) => {
      if (done) return;
      done = true;
      clearTimeout(timer);
      // The effect may call this while it is being made: it is stopped once it exists.
      queueMicrotask(() => stop());
      resolve(ended);
    };
    const timer = setTimeout(() => finish(false), ms);
    const stop = effect(() => {
      if (!model.snapshot.value?.turn) finish(true);
    });
  });
}

/**
 * GM: the room's scenes (docs/table/scenes.md). Each row names a scene, the one the party is in
 * marked "Party is here"; "Move the party here" switches (asking first, and ending the fight,
 * when combat is running), Rename and Delete act on that row. "New scene" prepares one from a copy
 * of this scene, an encounter or a map of the campaign library, a sample map or a map file;
 * players receive nothing of it until the party moves there. Every change is one GM write (one
 * Ctrl+Z) and is reported on the status line.
 */
export function ScenesPanel({ model }: { model: RoomModel }) {
  const [scenes, setScenes] = useState<readonly SceneSummary[]>(() => {
    const docs = gmDocsOf(model);
    return docs ? sceneList(docs) : [];
  });
  const [renaming, setRenaming] = useState<{ id: string; name: string } | null>(null);
  const [creating, setCreating] = useState(false);
  const [busy, setBusy] = useState(false);

  // The list follows the secrets doc's scenes and the public doc's active scene, whoever wrote them
  // (this page, an undo, another GM tab); other changes leave it alone.
  useEffect(() => {
    const refresh = () => {
      const docs = gmDocsOf(model);
      if (docs) setScenes(sceneList(docs));
    };
    refresh();
    return model.session.connection?.onSnapshot((_snap, changes) => {
      if (!changes || changes.scenes || changes.meta) refresh();
    });
  }, [model]);

  if (!gmDocsOf(model)) return null;

  /** Runs one GM write; says `done` on the status line, or the writer's refusal. */
  const write = (run: (docs: GmDocs) => void, done: string): boolean => {
    const docs = gmDocsOf(model);
    if (!docs) return false;
    try {
      run(docs);
      model.say(done, 'ok');
      return true;
    } catch (e) {
      model.say(`Refused: ${(e as Error).message}`, 'refused');
      return false;
    }
  };

  const moveTo = async (scene: SceneSummary) => {
    if (model.snapshot.peek()?.turn) {
      if (!window.confirm(`Combat is running. End it and move the party to ${scene.name}?`)) return;
      setBusy(true);
      try {
        const ended = await model.send('End combat', { kind: 'end-combat' });
        if (!ended.ok) return;
        if (!(await outOfCombat(model, END_COMBAT_WAIT_MS))) {
          model.say(
            `Combat ended, but the news has not reached this page yet: try "Move the party here" again.`,
            'refused',
          );
          return;
        }
      } finally {
        setBusy(false);
      }
    }
    write(
      (docs) => activateScene(docs, scene.id),
      `The party moves on to ${scene.name}. Undo (Ctrl+Z) takes the move back.`,
    );
  };

  const remove = (scene: SceneSummary) => {
    if (!window.confirm(`Delete ${scene.name}? Its map, foes and drawings go with it (Undo brings it back).`))
      return;
    write((docs) => deleteScene(docs, scene.id), `Deleted ${scene.name}`);
  };

  const rename = () => {
    if (!renaming) return;
    const { id, name } = renaming;
    if (write((docs) => renameScene(docs, id, name), `Renamed the scene ${name.trim()}`)) setRenaming(null);
  };

  return (
    <section data-testid="scenes-panel" aria-label="Scenes" class="scenes-panel">
      <h3>Scenes</h3>
      <ol class="scene-list">
        {scenes.map((scene) => (
          <li
            key={scene.id || 'first'}
            class={scene.active ? 'scene-row active' : 'scene-row'}
            data-testid="scene-row"
            data-scene-name={scene.name}
            data-active={String(scene.active)}
          >
            {renaming && renaming.id === scene.id ? (
              <RenameForm
                name={scene.name}
                value={renaming.name}
                onInput={(name) => setRenaming({ id: scene.id, name })}
                onSave={rename}
                onCancel={() => setRenaming(null)}
              />
            ) : (
              <>
                <div class="scene-title">
                  <span class="scene-name">{scene.name}</span>
                  {scene.active && <span class="scene-here">Party is here</span>}
                </div>
                <div class="scene-actions">
                  {!scene.active && (
                    <button
                      class="primary"
                      data-testid="scene-activate"
                      disabled={busy}
                      onClick={() => void moveTo(scene)}
                    >
                      Move the party here
                    </button>
                  )}
                  {/* A room's first scene is kept (and named) once a second one is prepared. */}
                  {scene.id && (
                    <button
                      data-testid="scene-rename"
                      aria-label={`Rename ${scene.name}`}
                      onClick={() => setRenaming({ id: scene.id, name: scene.name })}
                    >
                      Rename
                    </button>
                  )}
                  {!scene.active && (
                    <button
                      data-testid="scene-delete"
                      aria-label={`Delete ${scene.name}`}
                      onClick={() => remove(scene)}
                    >
                      Delete
                    </button>
                  )}
                </div>
              </>
            )}
          </li>
        ))}
      </ol>
      {creating ? (
        <NewSceneForm model={model} onDone={() => setCreating(false)} />
      ) : (
        <button data-testid="scene-new" class="scene-new-button" onClick={() => setCreating(true)}>
          New scene…
        </button>
      )}
    </section>
  );
}

/** A scene's name being changed: focused when it opens; Enter saves, Esc or Cancel leaves it. */
function RenameForm(props: {
  name: string;
  value: string;
  onInput: (value: string) => void;
  onSave: () => void;
  onCancel: () => void;
}) {
  const input = useRef<HTMLInputElement>(null);
  useEffect(() => input.current?.focus(), []);
  return (
    <form
      class="scene-rename"
      onSubmit={(e) => {
        e.preventDefault();
        props.onSave();
      }}
    >
      <input
        ref={input}
        aria-label={`New name for ${props.name}`}
        data-testid="scene-rename-input"
        maxLength={MAX_SCENE_NAME}
        value={props.value}
        onInput={(e) => props.onInput(e.currentTarget.value)}
        onKeyDown={(e) => e.key === 'Escape' && props.onCancel()}
      />
      <div class="scene-actions">
        <button type="submit" data-testid="scene-rename-save">
          Save name
        </button>
        <button type="button" onClick={props.onCancel}>
          Cancel
        </button>
      </div>
    </form>
  );
}

/** What the form has to make a scene from: a list's pick, or a map file read in the page. */
type Picked =
  | { readonly kind: 'list'; readonly choices: readonly SceneChoice[]; readonly key: string }
  | {
      readonly kind: 'file';
      readonly fileName: string;
      readonly result: MapImport;
      /** What the file holds, in words. */
      readonly summary: string;
    };

/**
 * "New scene": where it comes from, which one, its name; "Prepare the scene" writes it beside the
 * others (one GM write), players see nothing of it.
 */
function NewSceneForm({ model, onDone }: { model: RoomModel; onDone: () => void }) {
  const [kind, setKind] = useState<SceneSourceKind>('copy');
  const [picked, setPicked] = useState<Picked | null>(null);
  const [loading, setLoading] = useState(false);
  const [problem, setProblem] = useState('');
  const [name, setName] = useState(() => copyName(model));
  // A name the GM typed stays when the pick changes; an offered one follows the pick.
  const [typed, setTyped] = useState(false);
  const [busy, setBusy] = useState(false);
  const asked = useRef(0);

  const offer = (next: string) => {
    if (!typed) setName(next.slice(0, MAX_SCENE_NAME));
  };

  const chooseKind = async (next: SceneSourceKind) => {
    setKind(next);
    setPicked(null);
    setProblem('');
    const ask = ++asked.current;
    // Until the list or the file is here, no name of another pick is offered.
    offer(next === 'copy' ? copyName(model) : '');
    if (next === 'copy' || next === 'file') return;
    setLoading(true);
    try {
      const choices = await loadSceneChoices(next, readLibraryKey(browserStorage()));
      if (ask !== asked.current) return;
      if (!choices.length) setProblem(EMPTY[next]);
      else {
        setPicked({ kind: 'list', choices, key: choices[0]!.key });
        offer(choices[0]!.name);
      }
    } catch (e) {
      if (ask === asked.current)
        setProblem(e instanceof ApiError ? `The list could not be read: ${said(e)}` : said(e));
    } finally {
      if (ask === asked.current) setLoading(false);
    }
  };

  const readFile = async (file: File) => {
    setPicked(null);
    setProblem('');
    try {
      const { importMapFile, importSummary } = await mapImportChunk.load();
      const result = importMapFile(await file.text(), file.name);
      setPicked({
        kind: 'file',
        fileName: file.name,
        result,
        summary: fileSummary(importSummary, file.name, result),
      });
      offer(result.map.name);
    } catch (e) {
      setProblem((e as Error).message);
    }
  };

  const prepare = async () => {
    const docs = gmDocsOf(model);
    if (!docs) return;
    setBusy(true);
    let left = '';
    try {
      let source: SceneSource;
      if (kind === 'copy') source = { content: captureScene(docs), partyStarts: [] };
      else if (picked?.kind === 'list') {
        const choice = picked.choices.find((c) => c.key === picked.key)!;
        source = await choice.make(usedTokenIds(docs));
      } else if (picked?.kind === 'file') {
        const { importedMap } = await mapImportChunk.load();
        const { map, problem: lost } = await importedMap(
          model.session.roomId,
          picked.result,
          picked.result.picture?.bytes,
        );
        const separate = picked.result.picture?.fileName;
        left =
          lost ||
          (separate ? `its picture ${separate} is a separate file: add it as the battlemap there` : '');
        source = sceneFromMap(map);
      } else return;
      createScene(gmDocsOf(model) ?? docs, name, source);
      model.say(
        `Prepared ${name.trim()}${left ? ` (${left})` : ''}. Players see nothing of it until you move the party there.`,
        'ok',
      );
      onDone();
    } catch (e) {
      setProblem(`Not prepared: ${said(e)}`);
    } finally {
      setBusy(false);
    }
  };

  const ready = kind === 'copy' || !!picked;
  return (
    <form
      class="scene-new"
      data-testid="scene-new-form"
      aria-label="New scene"
      onSubmit={(e) => {
        e.preventDefault();
        void prepare();
      }}
    >
      <label>
        Make it from
        <select
          data-testid="scene-source"
          value={kind}
          onChange={(e) => void chooseKind(e.currentTarget.value as SceneSourceKind)}
        >
          {SCENE_SOURCE_KINDS.map((k) => (
            <option key={k.kind} value={k.kind}>
              {k.label}
            </option>
          ))}
        </select>
      </label>
      {loading && <p class="muted">Loading the list…</p>}
      {picked?.kind === 'list' && (
        <label>
          {kind === 'encounter' ? 'Encounter' : 'Map'}
          <select
            data-testid="scene-choice"
            value={picked.key}
            onChange={(e) => {
              const key = e.currentTarget.value;
              setPicked({ ...picked, key });
              offer(picked.choices.find((c) => c.key === key)?.name ?? '');
            }}
          >
            {picked.choices.map((c) => (
              <option key={c.key} value={c.key}>
                {c.label}
              </option>
            ))}
          </select>
        </label>
      )}
      {kind === 'file' && (
        <label>
          Map file
          {/* The map file importers come with the map import's chunk (the map editor's too). */}
          <Lazy
            chunk={mapImportChunk}
            render={(m) => (
              <input
                type="file"
                accept={m.MAP_IMPORT_ACCEPT}
                data-testid="scene-file"
                onChange={(e) => {
                  const file = e.currentTarget.files?.[0];
                  if (file) void readFile(file);
                }}
              />
            )}
          />
          <span class="muted">This app's map JSON, Universal VTT or Tiled</span>
        </label>
      )}
      {picked?.kind === 'file' && <p data-testid="scene-file-summary">{picked.summary}</p>}
      <label>
        Name
        <input
          data-testid="scene-name"
          maxLength={MAX_SCENE_NAME}
          value={name}
          onInput={(e) => {
            setName(e.currentTarget.value);
            setTyped(true);
          }}
        />
      </label>
      {problem && (
        <p role="alert" class="scene-problem" data-testid="scene-problem">
          {problem}
        </p>
      )}
      <div class="scene-actions">
        <button type="submit" class="primary" data-testid="scene-create" disabled={!ready || busy || loading}>
          Prepare the scene
        </button>
        <button type="button" onClick={onDone}>
          Cancel
        </button>
      </div>
      <p class="muted">Players see nothing of a scene until you move the party there.</p>
    </form>
  );
}

/** An error in the GM's words: the server's own sentence for a refused request, never its path. */
function said(e: unknown): string {
  return e instanceof ApiError ? e.reason : (e as Error).message;
}

/** What an empty list means, per kind. */
const EMPTY: Record<'encounter' | 'library-map' | 'sample-map', string> = {
  encounter: 'Your library has no encounter yet: build one with "New encounter" in the campaign library.',
  'library-map': 'Your library has no map yet.',
  'sample-map': 'This server offers no sample maps.',
};

/** What a map file holds, as the form says it: its picture comes along, or is a separate file. */
function fileSummary(
  importSummary: (fileName: string, result: MapImport) => string,
  fileName: string,
  result: MapImport,
): string {
  const said = importSummary(fileName, { ...result, picture: undefined });
  if (result.picture?.bytes) return `${said}, a picture`;
  const separate = result.picture?.fileName;
  return separate
    ? `${said}; its picture ${separate} is a separate file (add it as the battlemap there)`
    : said;
}

/** "Copy of Ruins": the copy's name unless the GM types another. */
function copyName(model: RoomModel): string {
  const docs = gmDocsOf(model);
  const here = docs ? sceneList(docs).find((s) => s.active)?.name : undefined;
  return `Copy of ${here ?? 'this scene'}`.slice(0, MAX_SCENE_NAME);
}
