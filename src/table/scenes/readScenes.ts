import type * as Y from 'yjs';
import type { ActiveScene, Scene } from '../../schema/scene';
import { ActiveSceneSchema, SceneSchema } from '../../schema/scene';
import { rootsOf, secretRootsOf } from '../docLayout';

/** The active scene's id and name (public doc), or null in a room that never had a second one. */
export function readActiveScene(publicDoc: Y.Doc): ActiveScene | null {
  return ActiveSceneSchema.safeParse(rootsOf(publicDoc).meta.get('scene')).data ?? null;
}

/**
 * The room's scenes as the secrets doc keeps them, oldest first; a value that does not read is
 * named in `problems` (a room file refuses to be written with it) and left out.
 */
export function readScenes(secretsDoc: Y.Doc, problems: string[] = []): Scene[] {
  const scenes: Scene[] = [];
  secretRootsOf(secretsDoc).scenes.forEach((value, key) => {
    const scene = SceneSchema.safeParse(value);
    if (scene.success && scene.data.id === key) scenes.push(scene.data);
    else problems.push(`secrets.scenes.${key}: not a scene`);
  });
  return scenes.sort((a, b) => a.createdAt - b.createdAt || a.id.localeCompare(b.id));
}

/** A scene's id and name, as the log's headings need them. */
export interface SceneName {
  readonly id: string;
  readonly name: string;
}

/**
 * The scenes' ids and names, oldest first, without reading their content (a page reads them on
 * every change of the log: parsing every kept battlefield each time would not do).
 */
export function readSceneNames(secretsDoc: Y.Doc): SceneName[] {
  const named: (SceneName & { createdAt: number })[] = [];
  secretRootsOf(secretsDoc).scenes.forEach((value, key) => {
    const v = value as { id?: unknown; name?: unknown; createdAt?: unknown } | null;
    if (v && v.id === key && typeof v.name === 'string' && typeof v.createdAt === 'number')
      named.push({ id: key, name: v.name, createdAt: v.createdAt });
  });
  named.sort((a, b) => a.createdAt - b.createdAt || a.id.localeCompare(b.id));
  return named.map(({ id, name }) => ({ id, name }));
}
