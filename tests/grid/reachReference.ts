import type { Battlefield } from '../../src/grid';
import { heightAt, spaceTypeAt } from '../../src/grid';

/**
 * A deliberately naive movement flood written straight from the rulebook's Movement section, to
 * check `reach` against: O(n²) Dijkstra over positions, no caching, no windows.
 */
export function referenceReach(
  bf: Battlefield,
  moverId: string,
  budget: number,
  dash = false,
  mode: { flying?: boolean; phasing?: boolean } = {},
): Map<string, number> {
  const mover = bf.occupants.find((o) => o.id === moverId)!;
  const flying = mode.flying ?? false;
  const phasing = mode.phasing ?? false;
  const s = mover.size;
  const squares = (x: number, y: number) => {
    const out: [number, number][] = [];
    for (let dy = 0; dy < s; dy++) for (let dx = 0; dx < s; dx++) out.push([x + dx, y + dy]);
    return out;
  };
  const occupantAt = (x: number, y: number) =>
    bf.occupants.find(
      (o) =>
        o.id !== mover.id && x >= o.cell.x && x < o.cell.x + o.size && y >= o.cell.y && y < o.cell.y + o.size,
    );
  const passable = (x: number, y: number) =>
    x >= 0 &&
    y >= 0 &&
    x + s <= bf.map.width &&
    y + s <= bf.map.height &&
    squares(x, y).every(([a, b]) => {
      // Impassable: blocks all movement except phasing.
      if (spaceTypeAt(bf.map, a, b) === 'impassable' && !phasing) return false;
      const o = occupantAt(a, b);
      // Foes obstruct; defeated foes do not; defeated player characters still do (the text).
      return !o || o.side === mover.side || (o.incapacitated && o.side === 'foes');
    });
  const onEdge = (x: number, y: number) =>
    squares(x, y).some(([a, b]) => spaceTypeAt(bf.map, a, b) === 'edge');
  // Nobody ends a move inside a wall or on a non-ally; an ally's space, or an edge for a flier,
  // ends a move but not a turn (that is `turnMayEnd`, not checked here).
  const endable = (x: number, y: number) =>
    squares(x, y).every(([a, b]) => {
      const o = occupantAt(a, b);
      return (!o || o.side === mover.side) && spaceTypeAt(bf.map, a, b) !== 'impassable';
    });
  const elevation = (x: number, y: number) =>
    Math.max(...squares(x, y).map(([a, b]) => heightAt(bf.map, a, b)));
  const engaged = (x: number, y: number) =>
    !dash &&
    bf.occupants.some(
      (o) =>
        o.side !== mover.side &&
        !o.incapacitated &&
        squares(x, y).some(
          ([a, b]) =>
            a >= o.cell.x - 1 && a <= o.cell.x + o.size && b >= o.cell.y - 1 && b <= o.cell.y + o.size,
        ),
    );
  const difficult = (x: number, y: number) =>
    squares(x, y).some(([a, b]) => spaceTypeAt(bf.map, a, b) === 'difficult');
  const dist = new Map<string, number>([[`${mover.cell.x},${mover.cell.y}`, 0]]);
  const done = new Set<string>();
  for (;;) {
    let best: string | undefined;
    for (const [k, d] of dist) if (!done.has(k) && (best === undefined || d < dist.get(best)!)) best = k;
    if (best === undefined) break;
    done.add(best);
    const [x, y] = best.split(',').map(Number) as [number, number];
    const here = dist.get(best)!;
    // Edges: walkers may step in but not cross (leaving the start is fine).
    if (!flying && onEdge(x, y) && !(x === mover.cell.x && y === mover.cell.y)) continue;
    for (const [nx, ny] of [
      [x, y - 1],
      [x + 1, y],
      [x, y + 1],
      [x - 1, y],
    ] as const) {
      if (!passable(nx, ny)) continue;
      const step =
        1 +
        (engaged(x, y) ? 1 : 0) +
        (difficult(x, y) ? 1 : 0) +
        (flying ? 0 : Math.max(0, elevation(nx, ny) - elevation(x, y)));
      const next = here + step;
      const key = `${nx},${ny}`;
      if (next <= budget && next < (dist.get(key) ?? Infinity)) dist.set(key, next);
    }
  }
  const result = new Map<string, number>();
  for (const [k, d] of dist) {
    const [x, y] = k.split(',').map(Number) as [number, number];
    if (endable(x, y)) result.set(k, d);
  }
  return result;
}
