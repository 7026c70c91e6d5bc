import { Container, Graphics } from 'pixi.js';
import { drawGlyphLabel } from './glyphLabels';
import { heightColour, heightEdgeWidth, heightLabelColour, SPACE_STYLES } from './heightRamp';
import { heightEdges } from './heightEdges';
import { terrainIndex, type TerrainGrid } from './TerrainGrid';

/** A block of squares, x0/y0 included, x1/y1 excluded. */
type CellRect = { x0: number; y0: number; x1: number; y1: number };

/**
 * The battlefield floor of one block of squares, in world pixels (`px` per square): height
 * colours, space-type patterns, grid lines, height edges (thicker for bigger drops), height
 * numbers and destructible HP. The caller bakes it into a texture and destroys it. `floorAlpha`
 * is the opacity of the floor colours alone (below 1 over a battlemap: the art shows through
 * while patterns, lines and numbers stay fully drawn).
 */
export function drawTerrainChunk(grid: TerrainGrid, rect: CellRect, px: number, floorAlpha = 1): Container {
  const c = new Container();
  const g = new Graphics();

  // Floor: one fill per space, coloured by height.
  for (let y = rect.y0; y < rect.y1; y++) {
    for (let x = rect.x0; x < rect.x1; x++) {
      const i = terrainIndex(grid, x, y);
      g.rect(x * px, y * px, px, px).fill({ color: heightColour(grid.heights[i] ?? 0), alpha: floorAlpha });
      const style = SPACE_STYLES[grid.space[i] ?? 'ground'];
      if (style.tintAlpha > 0)
        g.rect(x * px, y * px, px, px).fill({ color: style.colour, alpha: style.tintAlpha * floorAlpha });
    }
  }
  // Patterns, one batch per space type so each is a single stroke/fill call.
  drawPatterns(g, grid, rect, px);
  // Grid lines.
  for (let x = rect.x0; x <= rect.x1; x++) g.moveTo(x * px, rect.y0 * px).lineTo(x * px, rect.y1 * px);
  for (let y = rect.y0; y <= rect.y1; y++) g.moveTo(rect.x0 * px, y * px).lineTo(rect.x1 * px, y * px);
  g.stroke({ width: 1, color: 0x000000, alpha: 0.18 });
  // Height edges, thicker for bigger drops.
  const byWidth = new Map<number, typeof edges>();
  const edges = heightEdges(grid, rect);
  for (const e of edges) {
    const w = heightEdgeWidth(e.drop);
    const list = byWidth.get(w) ?? [];
    list.push(e);
    byWidth.set(w, list);
  }
  for (const [w, list] of byWidth) {
    for (const e of list) g.moveTo(e.x1 * px, e.y1 * px).lineTo(e.x2 * px, e.y2 * px);
    g.stroke({ width: w, color: 0x2a1a0c, alpha: 0.9, cap: 'square' });
  }
  drawDoors(g, grid, rect, px);
  // Height numbers and destructible HP: the labels go over everything else (pills included).
  const labels: Array<() => void> = [];
  for (let y = rect.y0; y < rect.y1; y++) {
    for (let x = rect.x0; x < rect.x1; x++) {
      const i = terrainIndex(grid, x, y);
      const h = grid.heights[i] ?? 0;
      const hp = grid.destructible.get(i);
      if (h > 0) {
        const style = {
          fontSize: Math.round(px * 0.34),
          fontWeight: 'bold',
          fill: heightLabelColour(h),
        } as const;
        labels.push(() => drawGlyphLabel(g, String(h), style, x * px + 3, y * px + 1));
      }
      if (hp !== undefined) {
        g.roundRect(x * px + px * 0.3, y * px + px * 0.62, px * 0.66, px * 0.32, 3).fill({
          color: 0x000000,
          alpha: 0.55,
        });
        const style = { fontSize: Math.round(px * 0.26), fill: 0xffd6d6 };
        labels.push(() => drawGlyphLabel(g, `♥${hp}`, style, x * px + px * 0.34, y * px + px * 0.63));
      }
    }
  }
  // Texture quads take the Graphics' current fill alpha (the last fill's): labels are opaque.
  g.setFillStyle({ color: 0xffffff, alpha: 1 });
  for (const draw of labels) draw();
  c.addChild(g);
  return c;
}

function drawPatterns(g: Graphics, grid: TerrainGrid, rect: CellRect, px: number): void {
  const cellsOf = (kind: string): Array<[number, number]> => {
    const out: Array<[number, number]> = [];
    for (let y = rect.y0; y < rect.y1; y++) {
      for (let x = rect.x0; x < rect.x1; x++)
        if (grid.space[terrainIndex(grid, x, y)] === kind) out.push([x, y]);
    }
    return out;
  };
  const difficult = cellsOf('difficult');
  for (const [x, y] of difficult) {
    for (const [fx, fy] of [
      [0.25, 0.25],
      [0.75, 0.25],
      [0.5, 0.5],
      [0.25, 0.75],
      [0.75, 0.75],
    ] as const) {
      g.circle(x * px + fx * px, y * px + fy * px, px * 0.06);
    }
  }
  if (difficult.length) g.fill({ color: SPACE_STYLES.difficult.colour, alpha: 0.8 });
  // Dangerous: diagonal stripes (NE-SW).
  const dangerous = cellsOf('dangerous');
  for (const [x, y] of dangerous) diagonals(g, px, x, y, 1);
  if (dangerous.length) g.stroke({ width: 2, color: SPACE_STYLES.dangerous.colour, alpha: 0.85 });
  // Impassable: both diagonals (cross-hatch) over a dark tint.
  const impassable = cellsOf('impassable');
  for (const [x, y] of impassable) {
    diagonals(g, px, x, y, 1);
    diagonals(g, px, x, y, -1);
  }
  if (impassable.length) g.stroke({ width: 1.5, color: 0x9a9aa8, alpha: 0.9 });
  // Edge: two wavy lines.
  const edge = cellsOf('edge');
  for (const [x, y] of edge) {
    for (const fy of [0.35, 0.7]) {
      const y0 = y * px + fy * px;
      g.moveTo(x * px + px * 0.1, y0);
      for (let k = 1; k <= 4; k++) g.lineTo(x * px + px * (0.1 + 0.2 * k), y0 + (k % 2 ? -px * 0.08 : 0));
    }
  }
  if (edge.length) g.stroke({ width: 2, color: 0xe8f4ff, alpha: 0.9 });
}

/** Three parallel diagonal strokes across one space; dir 1 = "/", -1 = "\". */
function diagonals(g: Graphics, px: number, x: number, y: number, dir: 1 | -1): void {
  const x0 = x * px;
  const y0 = y * px;
  for (const t of [0.25, 0.5, 0.75]) {
    if (dir === 1) {
      g.moveTo(x0 + Math.max(0, 2 * t - 1) * px, y0 + Math.min(1, 2 * t) * px);
      g.lineTo(x0 + Math.min(1, 2 * t) * px, y0 + Math.max(0, 2 * t - 1) * px);
    } else {
      g.moveTo(x0 + Math.max(0, 2 * t - 1) * px, y0 + Math.max(0, 1 - 2 * t) * px);
      g.lineTo(x0 + Math.min(1, 2 * t) * px, y0 + Math.min(1, 2 - 2 * t) * px);
    }
  }
}

/**
 * Doors: a closed door is a solid leaf across the middle of its square, along the wall it sits in
 * (the squares beside it that are impassable); an open one is an outlined leaf swung against the
 * square's side, so the two read differently at a glance and without colour.
 */
function drawDoors(g: Graphics, grid: TerrainGrid, rect: CellRect, px: number): void {
  if (!grid.doors?.size) return;
  const wallAt = (x: number, y: number) =>
    x >= 0 &&
    y >= 0 &&
    x < grid.width &&
    y < grid.height &&
    grid.space[terrainIndex(grid, x, y)] === 'impassable';
  const t = Math.max(3, px * 0.18);
  for (let y = rect.y0; y < rect.y1; y++) {
    for (let x = rect.x0; x < rect.x1; x++) {
      const closed = grid.doors.get(terrainIndex(grid, x, y));
      if (closed === undefined) continue;
      // The wall runs north-south when a wall square is above or below the door.
      const upright = wallAt(x, y - 1) || wallAt(x, y + 1);
      const x0 = x * px;
      const y0 = y * px;
      if (closed) {
        if (upright) g.rect(x0 + (px - t) / 2, y0 + 1, t, px - 2);
        else g.rect(x0 + 1, y0 + (px - t) / 2, px - 2, t);
        g.fill({ color: 0xa0622d, alpha: 1 }).stroke({ width: 2, color: 0x3a2008, alpha: 1 });
      } else {
        // Swung open: the leaf lies along the square's side, hinged where the closed leaf starts.
        if (upright) g.rect(x0 + px / 2, y0 + 1, px / 2 - 1, t);
        else g.rect(x0 + 1, y0 + px / 2, t, px / 2 - 1);
        g.stroke({ width: 2, color: 0xa0622d, alpha: 1 });
      }
    }
  }
}
