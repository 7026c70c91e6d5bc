import type { Battlefield } from '../src/grid';
import { enumerateAreaPlacements, makeBattlefield, SPACE, terrainOf } from '../src/grid';
import { footprintDistance } from '../src/grid/battlefield';
import { BLOCKED, elevationIn, judgePair } from '../src/grid/sightCore';
import type { Combatant } from '../src/schema/combatant';
import { dangerMap, withoutCharacter } from '../src/rules/threat/danger';
import { ThreatCache } from '../src/rules/threat/threatCache';
import type { ThreatInput } from '../src/rules/threat/threatMap';
import { attackerThreat, positionsBefore, threatCounts } from '../src/rules/threat/threatMap';
import { threatAbilities } from '../src/rules/threat/threatAbilities';
import type { BenchRow, BenchSection } from './main';
import { measure } from './main';
import { BENCH_FOES, BENCH_SETTINGS, threatBattlefield } from './threatSetup';

/**
 * The threat map on the 100×100 stress map with 100 tokens (docs/ui.md "Threat map"), ten foes
 * of every kind (BENCH_FOES, named in the output), each beside a naive per-square baseline run
 * on the same input: for every square of the map, every foe, attack and position, is the square
 * in range and sight (or inside a legal placement of the area)?
 */
export const threatSection: BenchSection = {
  title: `Threat map and danger (maps/stress-100.json, 100 tokens; foes: ${BENCH_FOES.map((f) => f.role).join('; ')})`,
  async run() {
    const { bf, foes, party } = threatBattlefield();
    const input: ThreatInput = { bf, settings: BENCH_SETTINGS, catalog: BENCH_SETTINGS.statuses, turn: null };
    const naive = measure(() => naiveThreat(input, foes), 3, 1);
    const ours = measure(
      () => {
        const all = foes.map((f) => attackerThreat(input, f));
        threatCounts(all, 100, 100);
      },
      30,
      5,
    );
    const rows: BenchRow[] = [
      {
        name: 'threat map, 10 foes',
        ours: ours.median,
        reference: { name: 'naive per square', ms: naive.median },
        target: '≤ 50 ms',
        pass: ours.median <= 50,
        note: `p95 ${ours.p95.toFixed(1)} ms`,
      },
    ];
    // Danger for one party character: the foes' threat without it on the map, then every square.
    const planner = party[0]!;
    const without: ThreatInput = { ...input, bf: withoutCharacter(bf, planner.id), targetSize: 1 };
    const danger = measure(
      () => {
        const all = foes.map((f) => attackerThreat(without, f));
        dangerMap(without, planner, all, bf);
      },
      20,
      3,
    );
    const naiveDanger = measure(
      () => {
        naiveThreat(without, foes);
        const all = foes.map((f) => attackerThreat(without, f));
        dangerMap(without, planner, all, bf);
      },
      3,
      1,
    );
    rows.push({
      name: 'danger for one character',
      ours: danger.median,
      reference: { name: 'naive squares + the same danger', ms: naiveDanger.median },
      target: '≤ 100 ms',
      pass: danger.median <= 100,
      note: `p95 ${danger.p95.toFixed(1)} ms`,
    });
    // One party token steps back and forth next to the foes; the cache recomputes who it touches.
    const cache = new ThreatCache();
    const mover = bf.occupants.find((o) => o.side === 'party' && near(o, bf, foes))!;
    const t = terrainOf(bf.map);
    const free = [
      [1, 0],
      [-1, 0],
      [0, 1],
      [0, -1],
    ]
      .map(([dx, dy]) => ({ x: mover.cell.x + dx!, y: mover.cell.y + dy! }))
      .find(
        (c) =>
          t.type[c.y * t.width + c.x] !== SPACE.impassable &&
          !bf.occupants.some((o) => o.cell.x === c.x && o.cell.y === c.y),
      )!;
    const fields = [bf, moved(bf, mover.id, free)];
    for (const f of fields) foes.forEach((foe) => cache.get({ ...input, bf: f }, foe));
    const recompute = measure(
      (i) => {
        const f = fields[i % 2]!;
        const all = foes.map((foe) => cache.get({ ...input, bf: f }, foe));
        threatCounts(all, 100, 100);
      },
      40,
      4,
    );
    rows.push({
      name: 'recompute after one token moves',
      ours: recompute.median,
      reference: { name: 'whole map again', ms: ours.median },
      target: '≤ 10 ms',
      pass: recompute.median <= 10,
      note: `p95 ${recompute.p95.toFixed(1)} ms; ${mover.id} steps next to the foes`,
    });
    return rows;
  },
};

function near(o: { cell: { x: number; y: number } }, bf: Battlefield, foes: readonly Combatant[]): boolean {
  return foes.some((f) => {
    const c = bf.occupants.find((x) => x.id === f.id)!.cell;
    return Math.max(Math.abs(c.x - o.cell.x), Math.abs(c.y - o.cell.y)) <= 6;
  });
}

function moved(bf: Battlefield, id: string, cell: { x: number; y: number }): Battlefield {
  return makeBattlefield(
    bf.map,
    bf.occupants.map((o) => (o.id === id ? { ...o, cell } : o)),
    bf.chapter,
  );
}

/** The baseline: square by square, is it attackable from any reachable position? (Areas: every legal placement from every position.) */
function naiveThreat(input: ThreatInput, foes: readonly Combatant[]): number {
  const { bf } = input;
  const t = terrainOf(bf.map);
  let threatened = 0;
  const perFoe = foes.map((f) =>
    threatAbilities(f, input.settings, input.catalog, input.turn).map((a) => {
      const cells = positionsBefore(bf, f.id, a.move);
      const areaSquares = new Set<number>();
      if (a.reach.kind === 'area') {
        for (const p of cells) {
          const there = makeBattlefield(
            bf.map,
            bf.occupants.map((o) => (o.id === f.id ? { ...o, cell: p } : o)),
            bf.chapter,
          );
          for (const { result } of enumerateAreaPlacements(there, f.id, a.reach.pattern, a.reach.opts))
            for (const c of result.areaSpaces) areaSquares.add(c.y * t.width + c.x);
        }
      }
      return { a, cells, areaSquares, size: bf.occupants.find((o) => o.id === f.id)!.size };
    }),
  );
  for (let y = 0; y < t.height; y++) {
    for (let x = 0; x < t.width; x++) {
      const k = y * t.width + x;
      if (t.type[k] === SPACE.impassable) continue;
      const target = { cell: { x, y }, size: 1 };
      const eT = elevationIn(t, target);
      let hit = false;
      for (const abilities of perFoe) {
        for (const { a, cells, areaSquares, size } of abilities) {
          if (a.reach.kind === 'area') hit = areaSquares.has(k);
          else {
            const { ranged, range } = a.reach;
            hit = cells.some((p) => {
              const viewer = { cell: p, size };
              const d = footprintDistance(p, size, target.cell, 1);
              const bonus = ranged ? Math.max(0, elevationIn(t, viewer) - eT) : 0;
              return d > 0 && d <= range + bonus && judgePair(t, viewer, target, bf, ranged) !== BLOCKED;
            });
          }
          if (hit) break;
        }
        if (hit) break;
      }
      if (hit) threatened++;
    }
  }
  return threatened;
}
