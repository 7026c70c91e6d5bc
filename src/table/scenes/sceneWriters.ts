import type { ActiveScene, Scene } from '../../schema/scene';
import {
  MAX_SCENE_BYTES,
  sceneBytes,
  MAX_SCENES,
  MOVED_ON,
  SceneNameSchema,
  SceneSchema,
  sceneSize,
} from '../../schema/scene';
import { formatIssues } from '../../schema/formatIssues';
import { GM_ORIGIN, newId, publicRootsOf, rootsOf, secretRootsOf, transactBoth } from '../docLayout';
import { readMapContent } from '../mapContent';
import { readSettings, readTurnOrder } from '../readDoc';
import { TableWriteError } from '../writers/locateToken';
import { postLogEntry } from '../writers/roomWriters';
import type { GmDocs } from './sceneContent';
import { captureScene, clearScene, loadScene } from './sceneContent';
import type { SceneSource } from './sceneSources';
import { readActiveScene, readScenes } from './readScenes';

/*
 * The GM's scene writers (docs/table/scenes.md): each one GM write across both docs, so the GM's
 * undo takes a whole switch back in one step. Scenes live in the secrets doc: players receive the
 * active one only, through the live roots.
 */

/** One line of the GM's scene list. */
export interface SceneSummary {
  readonly id: string;
  readonly name: string;
  readonly active: boolean;
}

/** The room's scenes, oldest first; a room that never had a second scene lists its one, unnamed. */
export function sceneList(docs: GmDocs): SceneSummary[] {
  const active = activeSceneId(docs);
  const kept = readScenes(docs.secrets).map((s) => ({ id: s.id, name: s.name, active: s.id === active }));
  if (kept.some((s) => s.active)) return kept;
  const named = readActiveScene(docs.public);
  return [{ id: named?.id ?? '', name: named?.name ?? currentName(docs), active: true }, ...kept];
}

/**
 * The id of the scene the party is in: the one the public doc names, or (before the party first
 * moved on) the kept entry without content. Preparing a scene tells players nothing: the public
 * doc names a scene only once the party moves (docs/table/scenes.md "What players receive").
 */
function activeSceneId(docs: GmDocs): string | null {
  const named = readActiveScene(docs.public)?.id;
  if (named) return named;
  let unnamed: string | null = null;
  secretRootsOf(docs.secrets).scenes.forEach((value, key) => {
    if ((value as { content?: unknown } | null)?.content === null) unnamed = key;
  });
  return unnamed;
}

/** A room's only scene before any other was made is named after its map. */
function currentName(docs: GmDocs): string {
  return readMapContent(docs.public)?.name.slice(0, 80) || 'The first scene';
}

/** Inside a transaction: the active scene's entry, made the first time a room needs one. */
function activeEntry(docs: GmDocs, now: number): Scene {
  const id = activeSceneId(docs);
  const kept = id && SceneSchema.safeParse(secretRootsOf(docs.secrets).scenes.get(id)).data;
  if (kept) return kept;
  const named = readActiveScene(docs.public);
  const entry: Scene = {
    id: named?.id ?? newId('scene-'),
    name: named?.name ?? currentName(docs),
    createdAt: now,
    partyStarts: [],
    content: null,
  };
  secretRootsOf(docs.secrets).scenes.set(entry.id, entry);
  return entry;
}

function checkedName(name: string): string {
  const parsed = SceneNameSchema.safeParse(name);
  if (!parsed.success) throw new TableWriteError(formatIssues(parsed.error, 'the scene name'));
  return parsed.data;
}

/** Refuses a scene too large to switch to in one write, in the GM's words. */
function checkSize(scene: Scene): void {
  const bytes = sceneBytes(scene);
  if (bytes > MAX_SCENE_BYTES)
    throw new TableWriteError(
      `${scene.name} is ${sceneSize(bytes)}, more than a scene can keep (${sceneSize(MAX_SCENE_BYTES)}): remove some drawings or tokens first`,
    );
}

/** Every token id in the room and its scenes: a new scene's tokens take others. */
export function usedTokenIds(docs: GmDocs): Set<string> {
  const used = new Set<string>([
    ...rootsOf(docs.public).tokens.keys(),
    ...rootsOf(docs.secrets).tokens.keys(),
  ]);
  for (const scene of readScenes(docs.secrets))
    for (const t of [...(scene.content?.tokens ?? []), ...(scene.content?.hiddenTokens ?? [])])
      used.add(t.id);
  return used;
}

/** Prepares a scene the party is not in yet (players receive nothing of it); answers its id. */
export function createScene(docs: GmDocs, name: string, source: SceneSource, now = Date.now()): string {
  const scene: Scene = {
    id: newId('scene-'),
    name: checkedName(name),
    createdAt: now,
    partyStarts: [...source.partyStarts],
    content: source.content,
  };
  checkSize(scene);
  if (sceneList(docs).length >= MAX_SCENES)
    throw new TableWriteError(`a room keeps at most ${MAX_SCENES} scenes: delete one first`);
  transactBoth(docs, GM_ORIGIN, () => {
    activeEntry(docs, now - 1);
    secretRootsOf(docs.secrets).scenes.set(scene.id, scene);
  });
  return scene.id;
}

/** A copy of the battlefield the party is on, to prepare beside it ("Copy of Ruins"). */
export function copyActiveScene(docs: GmDocs, now = Date.now()): string {
  const name = `Copy of ${sceneList(docs).find((s) => s.active)!.name}`.slice(0, 80);
  return createScene(docs, name, { content: captureScene(docs), partyStarts: [] }, now);
}

/**
 * The party moves on: the battlefield it leaves is kept as it stands, the chosen scene's map,
 * foes and drawings take its place, the party arrives on its party starts (or where it stands,
 * or the nearest free squares), and the log says so. Refused during combat: the GM ends the
 * fight first (the page asks).
 */
export function activateScene(docs: GmDocs, sceneId: string, now = Date.now()): void {
  if (readTurnOrder(docs.public, [])) throw new TableWriteError('end combat before the party moves on');
  const target = SceneSchema.safeParse(secretRootsOf(docs.secrets).scenes.get(sceneId)).data;
  if (!target) throw new TableWriteError('that scene is no longer in this room');
  if (!target.content) throw new TableWriteError(`the party is in ${target.name} already`);
  const content = target.content;
  // The scene's own fog of war, as the party left it there (a new scene keeps the room's).
  const before = readSettings(docs.public, []);
  const settings = content.vision ? { ...before, vision: content.vision } : before;
  transactBoth(docs, GM_ORIGIN, () => {
    const left = activeEntry(docs, now);
    const kept: Scene = { ...left, content: captureScene(docs) };
    checkSize(kept);
    secretRootsOf(docs.secrets).scenes.set(left.id, kept);
    if (settings.vision !== before.vision) publicRootsOf(docs.public).settings.set('room', settings);
    clearScene(docs);
    loadScene(docs, content, target.partyStarts, settings);
    secretRootsOf(docs.secrets).scenes.set(target.id, { ...target, content: null });
    rootsOf(docs.public).meta.set('scene', { id: target.id, name: target.name } satisfies ActiveScene);
    postLogEntry(docs.public, { summary: `${MOVED_ON}${target.name}`, scene: target.id }, now);
  });
}

/** Renames a scene (the active one's new name reaches the players). */
export function renameScene(docs: GmDocs, sceneId: string, name: string, now = Date.now()): void {
  const checked = checkedName(name);
  transactBoth(docs, GM_ORIGIN, () => {
    const active = activeEntry(docs, now);
    const scene = SceneSchema.safeParse(secretRootsOf(docs.secrets).scenes.get(sceneId)).data;
    if (!scene) throw new TableWriteError('that scene is no longer in this room');
    secretRootsOf(docs.secrets).scenes.set(sceneId, { ...scene, name: checked });
    // Players read the active scene's name once the party has moved (not before: see activeSceneId).
    if (active.id === sceneId && readActiveScene(docs.public))
      rootsOf(docs.public).meta.set('scene', { id: sceneId, name: checked });
  });
}

/** Deletes a prepared or left scene (never the one the party is in). */
export function deleteScene(docs: GmDocs, sceneId: string): void {
  if (activeSceneId(docs) === sceneId)
    throw new TableWriteError('the party is in this scene: move on before deleting it');
  if (!secretRootsOf(docs.secrets).scenes.has(sceneId))
    throw new TableWriteError('that scene is no longer in this room');
  docs.secrets.transact(() => secretRootsOf(docs.secrets).scenes.delete(sceneId), GM_ORIGIN);
}
