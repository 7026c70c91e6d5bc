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

/**
 * The battlemap as chunk bakes draw it (BackgroundLayer): each chunk's texture holds its part of
 * the picture with the terrain over it, so the screen is filled once, not twice.
 */
export interface ChunkPicture {
  /** Bumped when pictures baked earlier are stale (another image, moved, the preview arrived). */
  readonly version: number;
  /** The picture's sprites over `frame` (world pixels) and their level; undefined: nothing yet. */
  spritesFor(frame: Rectangle): { sprites: Container[]; level: number } | undefined;
  /** A bake of `frame` now would draw a fitter level than `level` (the one baked). */
  improves(frame: Rectangle, level: number | undefined): boolean;
  /** Whether every chunk on screen carries the current picture (else the picture's own layer draws). */
  setCovered(covered: boolean): void;
}

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
  /** The picture's version and pyramid level baked in (level undefined: none). */
  pictureVersion: number;
  pictureLevel: number | undefined;
}

/**
 * Static battlefield floor: height colours and numbers, space-type patterns, grid lines, height
 * edges and destructible HP. Drawn per 16×16 chunk and baked into one texture per chunk, shown as
 * a plain sprite; when the map changes only the chunks holding changed cells are redrawn,
 * off-camera chunks are hidden, and a chunk is first drawn when it first comes into view (so a
 * big map opens fast). Baking is the costly part on software GL (every texel is shaded), so a
 * chunk that first appears while the camera moves is baked at a quarter of the resolution (1/16 of the texels) and re-baked sharp
 * once the camera rests; idle frames also pre-bake off-camera chunks so later panning finds them
 * ready. Over a battlemap each bake draws the chunk's part of the picture first (see ChunkPicture):
 * a chunk baked with an older picture is re-baked like a changed one, and a resting camera
 * re-bakes visible chunks whose picture a fitter level (tiles that arrived) would improve.
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
  /** The last camera rectangle culled to (a new picture version re-culls with it). */
  private view: { x: number; y: number; width: number; height: number } | undefined;
  private picture: ChunkPicture | undefined;
  /** The picture version the chunk list was last culled for. */
  private pictureSeen = 0;

  constructor(
    private readonly cellPx: number,
    private readonly bake: BakeTexture,
  ) {}

  /** The battlemap the chunks bake under the terrain (set once; its versions say when to re-bake). */
  setPicture(picture: ChunkPicture): void {
    this.picture = picture;
    this.pictureSeen = -1;
  }

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
    this.view = view;
    this.pictureSeen = this.picture?.version ?? 0;
    this.focus = { x: view.x + view.width / 2, y: view.y + view.height / 2 };
    const visible = visibleChunkKeys(view, this.cellPx, this.grid.width, this.grid.height);
    this.pending = [];
    for (const [key, chunk] of this.chunks) {
      const show = visible.has(key);
      if (show && (!chunk.built || this.stalePicture(chunk))) this.pending.push(chunk);
      chunk.sprite.visible = show && chunk.built;
    }
    this.syncCovered();
  }

  /**
   * Draw up to `maxChunks` waiting chunks, so panning onto an undrawn part of a big map costs one
   * chunk per frame instead of one long stall. `moving` bakes at MOTION_BAKE resolution. Returns true when something was drawn.
   */
  buildPending(maxChunks: number, moving = false): boolean {
    // A new picture version (another image, moved, the preview arrived): the chunks on screen
    // re-bake at once, like a changed floor opacity, so the picture never shows two alignments.
    let max = maxChunks;
    if (this.picture && this.pictureSeen !== this.picture.version && this.view) {
      this.cull(this.view);
      max = Infinity;
    }
    if (!this.grid || this.pending.length === 0) return false;
    for (let n = 0; this.pending.length && n < max; n++) {
      const chunk = this.pending.shift()!;
      if (!chunk.built || this.stalePicture(chunk)) {
        this.redraws++;
        this.drawChunk(chunk, this.grid, !moving);
      }
      chunk.sprite.visible = true;
    }
    this.syncCovered();
    return true;
  }

  /**
   * Work for a resting camera: re-bake one visible soft chunk sharp (returns true: the screen
   * changed), else pre-bake off-camera chunks at motion resolution, nearest to the camera first,
   * (and re-bake those holding an older picture) for up to `budgetMs` of JavaScript (returns false: nothing on screen changed). Bounded: once
   * every chunk is built and the visible ones are sharp it does nothing.
   */
  idleWork(budgetMs: number): boolean {
    if (!this.grid) return false;
    for (const chunk of this.chunks.values()) {
      if (!chunk.sprite.visible || !chunk.built) continue;
      if (!chunk.sharp || this.picture?.improves(this.frameOf(chunk.id, this.grid), chunk.pictureLevel)) {
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
      // Also those baked before the current picture, so panning onto them finds it already there.
      .filter((c) => !c.built || this.stalePicture(c))
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

  /** Baked with another picture version than the current one. */
  private stalePicture(chunk: Chunk): boolean {
    return !!this.picture && chunk.pictureVersion !== this.picture.version;
  }

  /** Tell the picture whether every chunk on screen carries it (else its own layer shows under them). */
  private syncCovered(): void {
    if (!this.picture) return;
    let covered = true;
    for (const key of this.view && this.grid
      ? visibleChunkKeys(this.view, this.cellPx, this.grid.width, this.grid.height)
      : []) {
      const chunk = this.chunks.get(key);
      if (!chunk?.built || this.stalePicture(chunk)) covered = false;
    }
    this.picture.setCovered(covered);
  }

  private frameOf(id: ChunkId, grid: TerrainGrid): Rectangle {
    const px = this.cellPx;
    const rect = chunkCells(id, grid.width, grid.height);
    return new Rectangle(rect.x0 * px, rect.y0 * px, (rect.x1 - rect.x0) * px, (rect.y1 - rect.y0) * px);
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
      const chunk: Chunk = {
        id,
        sprite,
        built: false,
        sharp: false,
        pictureVersion: -1,
        pictureLevel: undefined,
      };
      this.chunks.set(chunkKey(id), chunk);
      this.container.addChild(sprite);
    }
  }

  private drawChunk(chunk: Chunk, grid: TerrainGrid, sharp: boolean): void {
    const t0 = performance.now();
    chunk.built = true;
    chunk.sharp = sharp;
    const rect = chunkCells(chunk.id, grid.width, grid.height);
    const c = drawTerrainChunk(grid, rect, this.cellPx, this.floorAlpha);
    const frame = this.frameOf(chunk.id, grid);
    // The chunk's part of the battlemap under the terrain, in the same texture.
    const picture = this.picture?.spritesFor(frame);
    picture?.sprites.forEach((sprite, i) => c.addChildAt(sprite, i));
    chunk.pictureVersion = this.picture?.version ?? 0;
    chunk.pictureLevel = picture?.level;
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
