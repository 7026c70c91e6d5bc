import { makeBattlefield, type Battlefield } from '../grid/battlefield';
import { checkPath } from '../grid/checkPath';
import { pathTo, reach, type ReachResult } from '../grid/reach';
import type { ReachCell } from '../render/ReachOverlay';
import type { Scene, SceneToken } from './Scene';
import type { CellXY } from './editorTools';

/** Movement left this turn: Speed minus what was used (rulebook: move up to your Speed). */
export function movementBudget(t: Pick<SceneToken, 'speed' | 'movementUsed'>): number {
  return Math.max(0, (t.speed ?? 0) - (t.movementUsed ?? 0));
}

/**
 * The battlefield of a scene, built once per scene: a scene is replaced, never changed in place, and
 * the move preview and every held ruler (yours and others', on each pointer move) ask for it.
 */
const battlefields = new WeakMap<Scene, Battlefield>();

export function battlefieldOf(scene: Scene): Battlefield {
  let bf = battlefields.get(scene);
  if (!bf) {
    bf = buildBattlefield(scene);
    battlefields.set(scene, bf);
  }
  return bf;
}

function buildBattlefield(scene: Scene): Battlefield {
  return makeBattlefield(
    scene.map,
    scene.tokens.map((o) => ({
      id: o.id,
      cell: o.cell,
      size: o.size,
      side: o.side,
      incapacitated: o.incapacitated,
      ...(o.flying ? { flying: true } : {}),
      ...(o.phasing ? { phasing: true } : {}),
    })),
    scene.chapter,
    scene.settings,
  );
}

/** What the reach overlay shows for a token: every square its move may end on, with its cost. */
export function reachOf(
  scene: Scene,
  tokenId: string,
): { result: ReachResult; cells: ReachCell[] } | undefined {
  const t = scene.tokens.find((x) => x.id === tokenId);
  if (!t) return undefined;
  const result = reach(battlefieldOf(scene), tokenId, { budget: movementBudget(t) });
  const cells = result.spaces
    .filter((s) => s.cell.x !== t.cell.x || s.cell.y !== t.cell.y)
    .map((s) => ({ x: s.cell.x, y: s.cell.y, cost: s.cost }));
  return { result, cells };
}

/** Cheapest path to `target` inside a reach result, or undefined when out of reach. */
export function previewPath(
  scene: Scene,
  r: ReachResult,
  target: CellXY,
): { path: CellXY[]; cost: number } | undefined {
  const p = pathTo(battlefieldOf(scene), r, target);
  return p ? { path: p.path, cost: p.cost } : undefined;
}

/** The same check the server runs, used by the local demo so it refuses with the same words. */
export function checkMoveLocally(
  bf: Battlefield,
  t: SceneToken,
  path: readonly CellXY[],
): { ok: true } | { ok: false; reason: string } {
  if (path.length === 0) return { ok: false, reason: 'no path: drop the token on another square' };
  const r = checkPath(bf, t.id, path, { budget: movementBudget(t) });
  return r.ok ? { ok: true } : { ok: false, reason: r.reason };
}

/**
 * A path to send when the drop is out of reach, so the server can say why ("path costs 9, you
 * have 6"): the cheapest path with no budget limit, else an orthogonal staircase to the target.
 */
export function pathForRefusal(scene: Scene, tokenId: string, target: CellXY): CellXY[] {
  const t = scene.tokens.find((x) => x.id === tokenId);
  if (!t) return [target];
  const bf = battlefieldOf(scene);
  const free = reach(bf, tokenId, { budget: 4 * (scene.map.width + scene.map.height) });
  const p = pathTo(bf, free, target);
  if (p && p.path.length) return p.path;
  const out: CellXY[] = [];
  let { x, y } = t.cell;
  while (x !== target.x || y !== target.y) {
    if (x !== target.x) x += Math.sign(target.x - x);
    else y += Math.sign(target.y - y);
    out.push({ x, y });
  }
  return out;
}
