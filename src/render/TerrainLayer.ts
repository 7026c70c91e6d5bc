import { Container, Rectangle, Sprite, Texture } from 'pixi.js';
import {
  CHUNK_CELLS,
  chunkCells,
  chunkKey,
  chunksOfMap,
  dirtyChunkKeys,
  visibleChunkKeys,
  type ChunkId,
} from './chunks';
import { drawTerrainChunk } from './drawTerrainChunk';
import { changedCells, type TerrainGrid } from './TerrainGrid';

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
  /** Opacity of the floor colours (below 1 over a battlemap, see drawTerrainChunk). */
  private floorAlpha = 1;
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

  /** Floor colour opacity: a change redraws the chunks on screen now and the others when next seen. */
  setFloorAlpha(alpha: number): void {
    if (alpha === this.floorAlpha) return;
    this.floorAlpha = alpha;
    if (!this.grid) return;
    for (const chunk of this.chunks.values()) {
      if (chunk.sprite.visible) {
        this.redraws++;
        this.drawChunk(chunk, this.grid, true);
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
    const px = this.cellPx;
    const rect = chunkCells(chunk.id, grid.width, grid.height);
    const c = drawTerrainChunk(grid, rect, px, this.floorAlpha);
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
}
