import { Path, FOV } from 'rot-js';
import type { Battlefield } from '../src/grid';
import {
  enumerateAreaPlacements,
  lineOfSight,
  makeBattlefield,
  occupancyGrid,
  reach,
  sightTable,
  SPACE,
  terrainOf,
} from '../src/grid';
import type { BenchRow, BenchSection } from './main';
import { measure } from './main';
import { stressBattlefield } from './gridSetup';

/**
 * Battlefield geometry on the 100×100 stress map, against rot-js on the same grid:
 * (1) movement reach, speed 8, 100 tokens — vs rot-js Dijkstra flood of the same radius;
 * (2) line of sight + cover between every pair of 50 tokens (both directions) — vs rot-js PreciseShadowcasting
 *     FOV from each of the 50 (radius = distance to the farthest other token);
 * (3) every legal Blast 2 placement in range 10 with its affected characters.
 */
export const gridSection: BenchSection = {
  title: 'Battlefield geometry (maps/stress-100.json)',
  async run() {
    return [reachRow(), sightRow(), blastRow()];
  },
};

/**
 * Unmeasured runs before the reach row's 500: the row runs first in `npm run bench`, and V8 keeps
 * optimizing `reach` for about a thousand calls; with 100 the median still held that warm-up and
 * swung between 0.16× and 0.33× of rot-js from run to run (0.71× once, under load).
 */
const WARMUP = 2000;

function reachRow(): BenchRow {
  const bf = stressBattlefield(100);
  const t = terrainOf(bf.map);
  const grid = occupancyGrid(bf);
  const ids = bf.occupants.map((o) => o.id);
  let spaces = 0;
  const ours = measure(
    (i) => {
      spaces += reach(bf, ids[i % ids.length]!, { budget: 8 }).spaces.length;
    },
    500,
    WARMUP,
  );
  // rot-js: unit-cost Dijkstra from the mover over squares within 8 steps that are not impassable
  // and not occupied by a hostile (the same passable grid), flooding until exhausted.
  let flooded = 0;
  const theirs = measure(
    (i) => {
      const mover = bf.occupants[i % ids.length]!;
      const { x: ox, y: oy } = mover.cell;
      const passable = (x: number, y: number) => {
        if (x < 0 || y < 0 || x >= t.width || y >= t.height) return false;
        if (Math.abs(x - ox) + Math.abs(y - oy) > 8) return false;
        const k = y * t.width + x;
        if (t.type[k] === SPACE.impassable) return false;
        const who = grid[k]!;
        return who === 0 || bf.occupants[who - 1]!.side === mover.side;
      };
      const dijkstra = new Path.Dijkstra(ox, oy, passable, { topology: 4 });
      dijkstra.compute(-1, -1, () => {}); // unreachable goal: floods the whole radius
      flooded += Object.keys((dijkstra as unknown as { _computed: object })._computed).length;
    },
    500,
    WARMUP,
  );
  return {
    name: 'reach, speed 8, 100 tokens',
    ours: ours.median,
    reference: { name: 'rot-js Dijkstra r8', ms: theirs.median },
    target: '≤ 0.3 ms and ≤ 0.3× rot-js',
    pass: ours.median <= 0.3 && ours.median <= 0.3 * theirs.median,
    note: `p95 ${ours.p95.toFixed(3)} ms; avg ${Math.round(spaces / (500 + WARMUP))} end spaces vs ${Math.round(flooded / (500 + WARMUP))} flooded`,
  };
}

function sightRow(): BenchRow {
  const bf: Battlefield = stressBattlefield(50, 7);
  const t = terrainOf(bf.map);
  const ids = bf.occupants.map((o) => o.id);
  let table = sightTable(bf, ids);
  const ours = measure(
    () => {
      table = sightTable(bf, ids);
    },
    40,
    10,
  );
  // The room setting tallTerrainBlocksSight = 'anywhere' (more blocks, same work per square).
  const anywhere = makeBattlefield(bf.map, bf.occupants, bf.chapter, { tallTerrainBlocksSight: 'anywhere' });
  let anywhereVisible = 0;
  const withAnywhere = measure(
    () => {
      anywhereVisible = sightTable(anywhere, ids).visible.reduce((a, b) => a + b, 0);
    },
    40,
    10,
  );
  // The same answers one query at a time (the UI's per-target tool), for comparison.
  const single = measure(
    () => {
      for (const a of ids) for (const b of ids) if (a !== b) lineOfSight(bf, a, b);
    },
    20,
    5,
  );
  const fov = new FOV.PreciseShadowcasting(
    (x, y) => x >= 0 && y >= 0 && x < t.width && y < t.height && t.type[y * t.width + x] !== SPACE.impassable,
    { topology: 8 },
  );
  const theirs = measure(
    () => {
      for (const o of bf.occupants) {
        let radius = 1;
        for (const p of bf.occupants) {
          radius = Math.max(radius, Math.abs(p.cell.x - o.cell.x), Math.abs(p.cell.y - o.cell.y));
        }
        fov.compute(o.cell.x, o.cell.y, radius, () => {});
      }
    },
    40,
    10,
  );
  const visible = table.visible.reduce((a, b) => a + b, 0);
  const covered = table.cover.reduce((a, b) => a + b, 0);
  return {
    name: 'sight + cover, all pairs of 50 tokens',
    ours: ours.median,
    reference: { name: 'rot-js PreciseShadowcasting ×50', ms: theirs.median },
    target: '≤ 5 ms and ≤ rot-js',
    pass: ours.median <= 5 && ours.median <= theirs.median,
    note: `sightTable; p95 ${ours.p95.toFixed(2)} ms; ${visible}/2450 ordered pairs visible, ${covered} with cover; 2450 single lineOfSight calls ${single.median.toFixed(2)} ms; tall terrain blocking anywhere ${withAnywhere.median.toFixed(2)} ms (${anywhereVisible} visible)`,
  };
}

function blastRow(): BenchRow {
  const bf = stressBattlefield(100);
  const pattern = { primary: { kind: 'blast' as const, size: 2 } };
  const casters = bf.occupants.map((o) => o.id);
  let placements = 0;
  let hits = 0;
  const ours = measure(
    (i) => {
      const all = enumerateAreaPlacements(bf, casters[i % casters.length]!, pattern, { range: 10 });
      placements += all.length;
      for (const p of all) hits += p.result.affected.length;
    },
    200,
    20,
  );
  return {
    name: 'all legal Blast 2 placements, range 10',
    ours: ours.median,
    target: '≤ 2 ms',
    pass: ours.median <= 2,
    note: `p95 ${ours.p95.toFixed(2)} ms; avg ${Math.round(placements / 220)} placements, ${Math.round(hits / 220)} hits`,
  };
}
