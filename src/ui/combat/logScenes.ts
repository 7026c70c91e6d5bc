import type { LogEntry } from '../../schema/logEntry';
import type { ActiveScene } from '../../schema/scene';
import { MOVED_ON } from '../../schema/scene';
import type { SceneName } from '../../table/scenes/readScenes';

/** The heading of entries whose scene this reader cannot name. */
export const EARLIER = 'Earlier';

/** The key of the room's first scene while this reader cannot tell its id. */
const FIRST = '';

/**
 * The scenes of a log (docs/table/scenes.md "The log"): which scene each entry happened in, what
 * the reader may call each one, and where the party's stay in the active scene began. An entry's
 * scene is its `scene`; one without (written before the room had a second scene) is the room's
 * first scene.
 */
export interface LogScenes {
  /** The scene an entry happened in: a scene id, or a key of its own for an unknown first scene. */
  keyOf(entry: LogEntry): string;
  /** The scene's name as this reader knows it, else "Earlier". Never an id. */
  nameOf(key: string): string;
  /** The active scene's key. */
  readonly active: string;
  /** Whether the log holds entries of more than one scene. */
  readonly several: boolean;
  /**
   * The index of the log's first entry since the party last arrived in the active scene (0 when
   * it never moved): a switch changes the map without a diff, so only from here on can the room
   * as it is now be walked back.
   */
  readonly arrivedAt: number;
}

/** The scene a switch line moved the party to, with the name it had then; null for other lines. */
export function movedOnTo(entry: LogEntry): { id: string; name: string } | null {
  if (entry.kind !== 'note' || entry.actor !== 'gm' || !entry.scene || !entry.summary.startsWith(MOVED_ON))
    return null;
  return { id: entry.scene, name: entry.summary.slice(MOVED_ON.length) };
}

/**
 * The scenes of `log` for a reader in `active` (`snapshot.scene`: null in a room that never had a
 * second scene). Players know a scene's name from the switch lines of their log and from the
 * active scene; the GM also passes the room's scenes (`gmScenes`, oldest first), which name the
 * others, the room's first one included when no entry tells its id.
 */
export function logScenes(
  log: readonly LogEntry[],
  active: ActiveScene | null,
  gmScenes: readonly SceneName[] = [],
): LogScenes {
  // The first scene's id: that of the first entry carrying one, unless that entry is the switch
  // away from it (its id is then the new scene's). With none carrying one, no switch happened
  // since these entries, so they are the active scene's.
  const tagged = log.find((e) => e.scene !== undefined);
  let first: string | null = tagged ? (movedOnTo(tagged) ? null : tagged.scene!) : (active?.id ?? null);
  // The GM's oldest scene is the room's first (it got its id when the second was prepared), unless
  // it is where that first switch went (the first scene was deleted since).
  const oldest = gmScenes.find((s) => s.id !== '');
  if (first === null && oldest && oldest.id !== tagged?.scene) first = oldest.id;

  const names = new Map<string, string>();
  for (const e of log) {
    const to = movedOnTo(e);
    if (to) names.set(to.id, to.name);
  }
  for (const s of gmScenes) if (s.id !== '') names.set(s.id, s.name);
  if (active) names.set(active.id, active.name);

  const keyOf = (e: LogEntry): string => e.scene ?? first ?? FIRST;
  const keys = log.map(keyOf);
  const activeKey = active?.id ?? keys.at(-1) ?? first ?? FIRST;
  let arrivedAt = keys.length;
  while (arrivedAt > 0 && keys[arrivedAt - 1] === activeKey) arrivedAt--;
  return {
    keyOf,
    nameOf: (key) => names.get(key) ?? EARLIER,
    active: activeKey,
    several: new Set(keys).size > 1,
    arrivedAt,
  };
}

/** A stretch of the log in one scene: the entries between two switches, in the log's order. */
export interface SceneRun {
  readonly key: string;
  readonly name: string;
  readonly entries: readonly LogEntry[];
}

/**
 * `entries` (in the log's order) cut where the scene changes. A scene the party came back to
 * starts a new stretch, so the log keeps its order of time.
 */
export function sceneRuns(entries: readonly LogEntry[], scenes: LogScenes): SceneRun[] {
  const runs: { key: string; name: string; entries: LogEntry[] }[] = [];
  for (const e of entries) {
    const key = scenes.keyOf(e);
    const last = runs.at(-1);
    if (last?.key === key) last.entries.push(e);
    else runs.push({ key, name: scenes.nameOf(key), entries: [e] });
  }
  return runs;
}
