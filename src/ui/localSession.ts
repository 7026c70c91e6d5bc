import { battlefieldOf, checkMoveLocally } from './moveRules';
import type { MapData } from '../schema/map';
import { paintMap, resizeMap } from './mapFile';
import type { Scene, SceneToken } from './Scene';
import type { GmActions, Presence, TableSession } from './TableSession';

/**
 * A room that lives only in this page: the offline demo (`?demo=<map file>`) and the render
 * benchmark. The viewer is the GM; undo keeps whole scenes (fine for a demo, the live room uses
 * the table's Y.UndoManager instead).
 */
export function localSession(map: MapData, tokens: SceneToken[], chapter = 1): TableSession {
  let scene: Scene = { map, tokens, chapter };
  const undo: Scene[] = [];
  const redo: Scene[] = [];
  const listeners = new Set<(s: Scene) => void>();
  const set = (next: Scene, record = true): void => {
    if (record) {
      undo.push(scene);
      redo.length = 0;
    }
    scene = next;
    for (const l of listeners) l(scene);
  };
  const patchToken = (id: string, f: (t: SceneToken) => SceneToken): void =>
    set({ ...scene, tokens: scene.tokens.map((t) => (t.id === id ? f(t) : t)) });
  let nextId = tokens.length + 1;
  const gm: GmActions = {
    paint: (cells, paint) => set({ ...scene, map: paintMap(scene.map, cells, paint) }),
    resize: (w, h) => set({ ...scene, map: resizeMap(scene.map, w, h) }),
    placeToken: (t) =>
      set({
        ...scene,
        tokens: [
          ...scene.tokens,
          {
            id: `local-${nextId++}`,
            name: t.name,
            cell: t.cell,
            size: t.size,
            side: t.side,
            ownerIds: [],
            statuses: [],
            blights: [],
            incapacitated: false,
            hidden: t.hidden,
            // The demo keeps no stat blocks: the form's numbers are shown as they are.
            ...(t.stats
              ? {
                  hp: 4 * Math.max(1, Math.ceil(t.stats.hp / 4)),
                  maxHp: 4 * Math.max(1, Math.ceil(t.stats.hp / 4)),
                  speed: t.stats.speed,
                }
              : {}),
          },
        ],
      }),
    moveToken: (id, cell) => patchToken(id, (t) => ({ ...t, cell })),
    // The offline demo has no log and no combat: a free placement is a plain move.
    placeFreely: (id, cell) => patchToken(id, (t) => ({ ...t, cell })),
    setHidden: (id, hidden) => patchToken(id, (t) => ({ ...t, hidden })),
    editToken: (id, e) =>
      patchToken(id, (t) => {
        const { health, defense, armor, speed, attackBonus, ...rest } = e;
        const stats = t.stats && {
          ...t.stats,
          ...Object.fromEntries(
            Object.entries({ health, defense, armor, speed, attackBonus }).filter(([, v]) => v !== undefined),
          ),
        };
        return {
          ...t,
          ...rest,
          ...(stats ? { stats, speed: stats.speed } : speed !== undefined ? { speed } : {}),
        };
      }),
    // The demo keeps the numbers the token shows; it has no abilities to resolve.
    setStatBlock: (id, b) =>
      patchToken(id, (t) => ({
        ...t,
        name: b.name,
        speed: b.speed,
        stats: {
          health: b.health,
          defense: b.defense,
          armor: b.armor,
          speed: b.speed,
          attackBonus: b.attackBonus,
        },
      })),
    removeToken: (id) => set({ ...scene, tokens: scene.tokens.filter((t) => t.id !== id) }),
    undo: () => {
      const prev = undo.pop();
      if (!prev) return false;
      redo.push(scene);
      set(prev, false);
      return true;
    },
    redo: () => {
      const next = redo.pop();
      if (!next) return false;
      undo.push(scene);
      set(next, false);
      return true;
    },
    createInvite: () => Promise.reject(new Error('invites need a live room (start the server)')),
  };
  return {
    viewer: { role: 'gm', characterIds: [], name: 'GM (local demo)' },
    roomId: 'local',
    scene: () => scene,
    onScene: (cb) => {
      listeners.add(cb);
      return () => listeners.delete(cb);
    },
    move: (tokenId, path) => {
      const t = scene.tokens.find((x) => x.id === tokenId);
      if (!t) return Promise.resolve({ ok: false, reason: 'no such token' });
      const check = checkMoveLocally(battlefieldOf(scene), t, path);
      if (!check.ok) return Promise.resolve(check);
      const last = path[path.length - 1];
      if (last) patchToken(tokenId, (x) => ({ ...x, cell: { x: last.x, y: last.y } }));
      return Promise.resolve({ ok: true });
    },
    intent: (i) =>
      Promise.resolve({
        ok: false,
        reason: `the offline demo does not resolve '${i.kind}' (start the server)`,
      }),
    setPresence: () => {},
    onPresence: (cb: (p: readonly Presence[]) => void) => {
      cb([]);
      return () => {};
    },
    gm,
    destroy: () => listeners.clear(),
  };
}
