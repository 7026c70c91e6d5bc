import { BitmapText, Container, Graphics, Rectangle, Sprite, Texture } from 'pixi.js';
import {
  CHUNK_CELLS,
  chunkCells,
  chunkKey,
  chunksOfMap,
  dirtyChunkKeys,
  visibleChunkKeys,
  type ChunkId,
} from './chunks';
import { heightColour, heightEdgeWidth, heightLabelColour, SPACE_STYLES } from './heightRamp';
import { heightEdges } from './heightEdges';
import { changedCells, terrainIndex, type TerrainGrid } from './TerrainGrid';

/** Renders a container's `frame` (world pixels) into a new texture at `resolution` texels per pixel. */
export type BakeTexture = (content: Container, frame: Rectangle, resolution: number) => Texture;

/** Bake resolution (fraction of full) for chunks drawn while the camera moves or pre-baked when idle. */
const MOTION_BAKE = 0.25;

interface Chunk {
  readonly id: ChunkId;
  /** The chunk's baked picture; shown only when built and on camera. */
  readonly sprite: Sprite;
  /** Drawn for the current grid; false = draw when it next comes into view (or when idle). */
  built: boolean;
  /** Baked at full resolution (false = the cheaper motion bake, refined once the camera rests). */
  sharp: boolean;
}

/**
 * Static battlefield floor: height colours and numbers, space-type patterns, grid lines, height
 * edges and destructible HP. Drawn per 16×16 chunk and baked into one texture per chunk, shown as
 * a plain sprite; when the map changes only the chunks holding changed cells are redrawn,
 * off-camera chunks are hidden, and a chunk is first drawn when it first comes into view (so a
 * big map opens fast). Baking is the costly part on software GL (every texel is shaded), so a
 * chunk that first appears while the camera moves is baked at a quarter of the resolution (1/16 of the texels) and re-baked sharp
 * once the camera rests; idle frames also pre-bake off-camera chunks so later panning finds them
 * ready.
 */
export class TerrainLayer {
  readonly container = new Container({ label: 'terrain' });
  private chunks = new Map<string, Chunk>();
  private grid: TerrainGrid | undefined;
  /** Bake resolution: 2 keeps small maps crisp when zoomed; 1 bounds memory on big maps. */
  private cacheResolution = 2;
  /** Chunk content draws (new or changed terrain) since creation (read by tests and the debug hook). */
  redraws = 0;
  /** Re-bakes of unchanged chunks at full resolution after a motion bake. */
  refines = 0;
  /** Total milliseconds spent drawing and baking chunks (for the render benchmark). */
  buildMs = 0;
  /** Visible chunks still waiting to be drawn (drawn a few per frame by `buildPending`). */
  private pending: Chunk[] = [];
  /** Camera centre in world pixels (idle pre-baking starts nearest to it). */
  private focus = { x: 0, y: 0 };

  constructor(
    private readonly cellPx: number,
    private readonly bake: BakeTexture,
  ) {}

  setGrid(grid: TerrainGrid): void {
    const prev = this.grid;
    this.grid = grid;
    if (!prev || prev.width !== grid.width || prev.height !== grid.height) {
      this.rebuildAll(grid);
      return;
    }
    const dirty = dirtyChunkKeys(changedCells(prev, grid), grid.width);
    for (const key of dirty) {
      const chunk = this.chunks.get(key);
      if (!chunk) continue;
      if (chunk.sprite.visible) {
        this.redraws++;
        this.drawChunk(chunk, grid, true);
      } else chunk.built = false;
    }
  }

  /** Hide chunks outside the camera rectangle (world pixels). */
  cull(view: { x: number; y: number; width: number; height: number }): void {
    if (!this.grid) return;
    this.focus = { x: view.x + view.width / 2, y: view.y + view.height / 2 };
    const visible = visibleChunkKeys(view, this.cellPx, this.grid.width, this.grid.height);
    this.pending = [];
    for (const [key, chunk] of this.chunks) {
      const show = visible.has(key);
      if (show && !chunk.built) this.pending.push(chunk);
      chunk.sprite.visible = show && chunk.built;
    }
  }

  /**
   * Draw up to `maxChunks` waiting chunks, so panning onto an undrawn part of a big map costs one
   * chunk per frame instead of one long stall. `moving` bakes at MOTION_BAKE resolution. Returns true when something was drawn.
   */
  buildPending(maxChunks: number, moving = false): boolean {
    if (!this.grid || this.pending.length === 0) return false;
    for (let n = 0; this.pending.length && n < maxChunks; n++) {
      const chunk = this.pending.shift()!;
      if (!chunk.built) {
        this.redraws++;
        this.drawChunk(chunk, this.grid, !moving);
      }
      chunk.sprite.visible = true;
    }
    return true;
  }

  /**
   * Work for a resting camera: re-bake one visible soft chunk sharp (returns true: the screen
   * changed), else pre-bake off-camera chunks at motion resolution, nearest to the camera first,
   * for up to `budgetMs` of JavaScript (returns false: nothing on screen changed). Bounded: once
   * every chunk is built and the visible ones are sharp it does nothing.
   */
  idleWork(budgetMs: number): boolean {
    if (!this.grid) return false;
    for (const chunk of this.chunks.values()) {
      if (chunk.sprite.visible && chunk.built && !chunk.sharp) {
        this.refines++;
        this.drawChunk(chunk, this.grid, true);
        return true;
      }
    }
    const t0 = performance.now();
    const side = CHUNK_CELLS * this.cellPx;
    const distance = (c: Chunk): number =>
      Math.hypot((c.id.cx + 0.5) * side - this.focus.x, (c.id.cy + 0.5) * side - this.focus.y);
    const waiting = [...this.chunks.values()]
      .filter((c) => !c.built)
      .sort((a, b) => distance(a) - distance(b));
    for (const chunk of waiting) {
      if (performance.now() - t0 >= budgetMs) break;
      this.redraws++;
      this.drawChunk(chunk, this.grid, false);
    }
    return false;
  }

  /** Visible chunks still showing their cheaper motion bake (0 once the camera has rested). */
  softVisibleCount(): number {
    let n = 0;
    for (const c of this.chunks.values()) if (c.sprite.visible && !c.sharp) n++;
    return n;
  }

  visibleChunkCount(): number {
    let n = 0;
    for (const c of this.chunks.values()) if (c.sprite.visible) n++;
    return n;
  }

  private rebuildAll(grid: TerrainGrid): void {
    for (const c of this.chunks.values()) c.sprite.destroy({ texture: true, textureSource: true });
    this.chunks.clear();
    this.pending = [];
    const ids = chunksOfMap(grid.width, grid.height);
    this.cacheResolution = ids.length <= 16 ? 2 : 1;
    for (const id of ids) {
      const sprite = new Sprite({ label: `chunk ${chunkKey(id)}` });
      sprite.visible = false;
      const chunk: Chunk = { id, sprite, built: false, sharp: false };
      this.chunks.set(chunkKey(id), chunk);
      this.container.addChild(sprite);
    }
  }

  private drawChunk(chunk: Chunk, grid: TerrainGrid, sharp: boolean): void {
    const t0 = performance.now();
    chunk.built = true;
    chunk.sharp = sharp;
    const c = new Container();
    const px = this.cellPx;
    const rect = chunkCells(chunk.id, grid.width, grid.height);
    const g = new Graphics();
    const labels: Container[] = [];

    // Floor: one fill per space, coloured by height.
    for (let y = rect.y0; y < rect.y1; y++) {
      for (let x = rect.x0; x < rect.x1; x++) {
        const i = terrainIndex(grid, x, y);
        g.rect(x * px, y * px, px, px).fill(heightColour(grid.heights[i] ?? 0));
        const style = SPACE_STYLES[grid.space[i] ?? 'ground'];
        if (style.tintAlpha > 0)
          g.rect(x * px, y * px, px, px).fill({ color: style.colour, alpha: style.tintAlpha });
      }
    }
    // Patterns, one batch per space type so each is a single stroke/fill call.
    this.drawPatterns(g, grid, rect);
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
    // Height numbers and destructible HP.
    for (let y = rect.y0; y < rect.y1; y++) {
      for (let x = rect.x0; x < rect.x1; x++) {
        const i = terrainIndex(grid, x, y);
        const h = grid.heights[i] ?? 0;
        const hp = grid.destructible.get(i);
        if (h > 0) {
          const t = new BitmapText({
            text: String(h),
            style: {
              fontFamily: 'Arial',
              fontSize: Math.round(px * 0.34),
              fontWeight: 'bold',
              fill: heightLabelColour(h),
            },
          });
          t.position.set(x * px + 3, y * px + 1);
          labels.push(t);
        }
        if (hp !== undefined) {
          g.roundRect(x * px + px * 0.3, y * px + px * 0.62, px * 0.66, px * 0.32, 3).fill({
            color: 0x000000,
            alpha: 0.55,
          });
          const t = new BitmapText({
            text: `♥${hp}`,
            style: { fontFamily: 'Arial', fontSize: Math.round(px * 0.26), fill: 0xffd6d6 },
          });
          t.position.set(x * px + px * 0.34, y * px + px * 0.63);
          labels.push(t);
        }
      }
    }
    c.addChild(g, ...labels);
    const frame = new Rectangle(
      rect.x0 * px,
      rect.y0 * px,
      (rect.x1 - rect.x0) * px,
      (rect.y1 - rect.y0) * px,
    );
    const old = chunk.sprite.texture;
    chunk.sprite.texture = this.bake(
      c,
      frame,
      sharp ? this.cacheResolution : this.cacheResolution * MOTION_BAKE,
    );
    chunk.sprite.position.set(frame.x, frame.y);
    if (old !== Texture.EMPTY) old.destroy(true);
    c.destroy({ children: true });
    this.buildMs += performance.now() - t0;
  }

  private drawPatterns(
    g: Graphics,
    grid: TerrainGrid,
    rect: { x0: number; y0: number; x1: number; y1: number },
  ): void {
    const px = this.cellPx;
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
    for (const [x, y] of dangerous) this.diagonals(g, x, y, 1);
    if (dangerous.length) g.stroke({ width: 2, color: SPACE_STYLES.dangerous.colour, alpha: 0.85 });
    // Impassable: both diagonals (cross-hatch) over a dark tint.
    const impassable = cellsOf('impassable');
    for (const [x, y] of impassable) {
      this.diagonals(g, x, y, 1);
      this.diagonals(g, x, y, -1);
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
  private diagonals(g: Graphics, x: number, y: number, dir: 1 | -1): void {
    const px = this.cellPx;
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
}
