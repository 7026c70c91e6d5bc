import { Container, ImageSource, Sprite, Texture } from 'pixi.js';
import {
  reachesPast,
  tileKey,
  tilesAtLevel,
  tilesToShow,
  tileWorldRect,
  type AssetLevels,
  type Rect,
  type TileId,
} from './backgroundTiles';
import type { ChunkPicture } from './TerrainLayer';
import { loadPreview, TileDownloads, type BackgroundArt, type BackgroundSource } from './TileDownloads';

export type { BackgroundArt, BackgroundSource } from './TileDownloads';

/**
 * How long (ms) a map's first frame may wait for the battlemap preview, so the first picture a
 * player sees has the art in it rather than appearing a long first frame later.
 */
const PREVIEW_WAIT_MS = 300;

/**
 * Tile textures kept (besides the preview): a 1440×900 screen at 2× needs about 20 tiles of 512
 * plus the margin; 64 keep a pan back cheap while bounding GPU memory (~64 MB at 512² RGBA).
 */
const MAX_TILES = 64;

interface Tile {
  readonly id: TileId;
  readonly sprite: Sprite;
  /** The view generation that last wanted it (eviction drops the least recently wanted). */
  wanted: number;
}

/**
 * The GM's battlemap under the terrain: the pyramid's one-tile preview first (a player sees the
 * picture at once) and kept under everything as the fallback, then the tiles of the level that
 * suits the zoom (see backgroundTiles.ts), downloaded a few at a time nearest-first, cancelled
 * when they scroll away, and attached a few per frame (each is a texture upload). Evicted tiles
 * destroy their textures. With no background the layer is an empty container and costs nothing.
 *
 * The terrain chunks bake the picture into their own textures (`ChunkPicture`, see TerrainLayer):
 * without a GPU every full-screen layer costs a screen of shaded pixels, so once the chunks on
 * screen carry the picture this layer's container is hidden. It is drawn (the "underlay") only
 * while a chunk on screen still lacks the current picture, and always when the picture reaches
 * past the map's edge (no chunk covers that part).
 */
export class BackgroundLayer implements ChunkPicture {
  readonly container = new Container({ label: 'background' });
  private source: BackgroundSource | undefined;
  private art: BackgroundArt | undefined;
  private pyramid: AssetLevels | undefined;
  private preview: Sprite | undefined;
  private tiles = new Map<string, Tile>();
  /** The current image's tile downloads (none without an image). */
  private downloads: TileDownloads | undefined;
  /** Bumped when the image changes: answers for an older image are dropped. */
  private generation = 0;
  private viewGeneration = 0;
  private view: { rect: Rect; zoom: number; resolution: number; moving: boolean } | undefined;
  private level = 0;
  /** Keys of the chosen level's tiles on screen now. */
  private inViewKeys: string[] = [];
  private levelsAbort: AbortController | undefined;
  /** performance.now() when the current image was asked for (the preview wait counts from it). */
  private askedAt = -Infinity;
  /** performance.now() when the preview was first drawn for the current image (bench, tests). */
  previewAt: number | undefined;
  /** Bumped whenever chunks baked earlier show a stale picture (new image, moved, preview arrived). */
  version = 0;
  /** The map in world pixels (the chunks cover exactly this). */
  private mapRect: Rect | undefined;
  /** Every chunk on screen carries the current picture (set by the terrain layer). */
  private covered = false;

  constructor(
    private readonly cellPx: number,
    /** Something changed on screen without a camera move (a tile arrived): draw a frame. */
    private readonly changed: () => void,
  ) {
    this.container.sortableChildren = true;
  }

  setSource(source: BackgroundSource | undefined): void {
    this.source = source;
    const art = this.art;
    this.art = undefined;
    this.setArt(art);
  }

  /** The map's background now (undefined: none). Same image moved or scaled: sprites move, nothing reloads. */
  setArt(art: BackgroundArt | undefined): void {
    const prev = this.art;
    this.art = art;
    if (art && prev && art.asset === prev.asset) {
      this.version++;
      this.placeAll();
      this.showUnderlay();
      this.refresh();
      return;
    }
    if (!art && !prev) return;
    this.clear();
    if (!art || !this.source) return;
    const gen = this.generation;
    const abort = new AbortController();
    this.levelsAbort = abort;
    const source = this.source;
    this.downloads = new TileDownloads((id, signal) => source.tile(art.asset, id, signal));
    this.askedAt = performance.now();
    void loadPreview(source, art, abort.signal)
      .then(({ pyramid, bitmap }) => {
        if (gen !== this.generation) return bitmap.close();
        this.pyramid = pyramid;
        this.preview = new Sprite({ texture: textureOf(bitmap), label: 'background preview' });
        this.preview.zIndex = -1000;
        this.container.addChild(this.preview);
        this.placeAll();
        this.version++;
        this.showUnderlay();
        this.previewAt = performance.now();
        // Tiles only now: the preview comes before any of them.
        this.refresh();
        this.changed();
      })
      .catch((e: unknown) => {
        if (!abort.signal.aborted) console.warn('battlemap could not be loaded:', (e as Error).message);
      });
  }

  /**
   * The camera's world rectangle, zoom and the device resolution to choose tiles for: the motion
   * resolution while the camera moves (a coarser level: a quarter or less of the pixels to fetch,
   * decode and upload per screen), the full one once it rests (the picture sharpens).
   */
  setView(rect: Rect, zoom: number, resolution: number, moving = false): void {
    this.view = { rect, zoom, resolution, moving };
    if (this.art) this.refresh();
  }

  /** Tiles asked for and not yet turned into sprites (the renderer keeps ticking until they are). */
  get loading(): number {
    return this.downloads?.pending ?? 0;
  }

  /** The preview is on its way and was asked for less than PREVIEW_WAIT_MS before `now`. */
  previewDue(now: number): boolean {
    return !!this.art && !this.preview && now - this.askedAt < PREVIEW_WAIT_MS;
  }

  /**
   * Turn up to `max` downloaded tiles into sprites; true when the screen changed. While the chunks
   * carry the picture this layer is not drawn, so an arrival changes nothing on screen: the frame
   * stays free for the resting camera's re-bakes that draw the sharper tiles into the chunks.
   */
  attachArrived(max: number): boolean {
    const arrived = this.downloads?.take(max) ?? [];
    if (arrived.length === 0) return false;
    for (const { id, bitmap } of arrived) {
      const sprite = new Sprite({
        texture: textureOf(bitmap),
        label: `background ${tileKey(id.level, id.column, id.row)}`,
      });
      // Finer levels over coarser ones while a zoom change loads.
      sprite.zIndex = -id.level;
      this.tiles.set(tileKey(id.level, id.column, id.row), { id, sprite, wanted: this.viewGeneration });
      this.container.addChild(sprite);
      this.place(id, sprite);
    }
    this.evict();
    this.updateVisibility();
    return this.container.visible;
  }

  /** For tests and the bench: what is drawn and loading; `underlay`: this layer is drawn under the chunks. */
  stats(): {
    level: number;
    tiles: number;
    visibleTiles: number;
    loading: number;
    preview: boolean;
    underlay: boolean;
  } {
    let visibleTiles = 0;
    for (const t of this.tiles.values()) if (t.sprite.visible) visibleTiles++;
    return {
      level: this.level,
      tiles: this.tiles.size,
      visibleTiles,
      loading: this.downloads?.pending ?? 0,
      preview: this.preview?.visible === true,
      underlay: !!this.art && this.container.visible,
    };
  }

  /** The map's size in squares: a picture reaching past it keeps this layer drawn for that part. */
  setMapSize(width: number, height: number): void {
    this.mapRect = { x: 0, y: 0, width: width * this.cellPx, height: height * this.cellPx };
    this.showUnderlay();
  }

  setCovered(covered: boolean): void {
    this.covered = covered;
    this.showUnderlay();
  }

  /**
   * Sprites of the picture over `frame` (world pixels) at the best level loaded for it, for a
   * chunk bake (they share the tiles' textures; the caller destroys the sprites, not the
   * textures); undefined while there is nothing to draw (no picture, or not even the preview yet).
   */
  spritesFor(frame: Rect): { sprites: Sprite[]; level: number } | undefined {
    const { art, pyramid, preview } = this;
    if (!art || !pyramid || !preview) return undefined;
    const level = this.bestLevel(frame);
    if (level === pyramid.levels.length - 1) {
      const s = new Sprite({ texture: preview.texture });
      this.place({ level, column: 0, row: 0 }, s);
      return { sprites: [s], level };
    }
    const sprites: Sprite[] = [];
    for (const id of tilesAtLevel(art, pyramid, this.cellPx, frame, level, 0)) {
      const tile = this.tiles.get(tileKey(id.level, id.column, id.row));
      if (!tile) continue;
      const s = new Sprite({ texture: tile.sprite.texture });
      this.place(id, s);
      sprites.push(s);
    }
    return { sprites, level };
  }

  /**
   * A bake of `frame` now would draw a level closer to the one the view wants than `level` (the
   * level baked; undefined: none). Only sharper-or-fitter pictures re-bake a chunk: a tile evicted
   * later never makes a chunk re-bake worse.
   */
  improves(frame: Rect, level: number | undefined): boolean {
    if (!this.art || !this.pyramid || !this.preview) return false;
    if (level === undefined) return true;
    return Math.abs(this.bestLevel(frame) - this.level) < Math.abs(level - this.level);
  }

  /** Draw this layer when a chunk on screen lacks the picture, or the picture reaches past the map. */
  private showUnderlay(): void {
    this.container.visible = !this.covered || this.reachesPastMap();
  }

  private reachesPastMap(): boolean {
    return !!this.art && !!this.mapRect && reachesPast(this.art, this.cellPx, this.mapRect);
  }

  /** Drop the image: abort downloads, destroy every texture. */
  private clear(): void {
    this.generation++;
    this.version++;
    this.levelsAbort?.abort();
    this.downloads?.clear();
    this.downloads = undefined;
    for (const t of this.tiles.values()) destroySprite(t.sprite);
    this.tiles.clear();
    if (this.preview) destroySprite(this.preview);
    this.preview = undefined;
    this.pyramid = undefined;
    this.previewAt = undefined;
    this.inViewKeys = [];
  }

  /** The view or the alignment changed: choose tiles, cancel what scrolled away, fetch what is missing. */
  private refresh(): void {
    const { art, pyramid, view } = this;
    if (!art || !pyramid || !view) return;
    this.viewGeneration++;
    const want = tilesToShow(art, pyramid, this.cellPx, view.rect, view.zoom, view.resolution);
    this.level = want.level;
    const wanted = new Set<string>();
    const missing: TileId[] = [];
    this.inViewKeys = [];
    for (const t of want.tiles) {
      const key = tileKey(t.level, t.column, t.row);
      wanted.add(key);
      if (t.inView) this.inViewKeys.push(key);
      const have = this.tiles.get(key);
      if (have) have.wanted = this.viewGeneration;
      else missing.push(t);
    }
    // The preview level is the preview sprite itself; while moving, tiles wait for the rest.
    const last = pyramid.levels.length - 1;
    this.downloads?.request(want.level === last || view.moving ? [] : missing, wanted);
    this.updateVisibility();
  }

  /**
   * Show the chosen level's tiles; while some of those on screen are missing, also the preview
   * and any other loaded tiles on screen (so nothing blinks to empty); once complete, only the
   * chosen level (each screen pixel is then shaded once, not once per layer).
   */
  private updateVisibility(): void {
    const view = this.view?.rect;
    const shown = this.levelShown();
    const isPreviewLevel = this.pyramid ? shown === this.pyramid.levels.length - 1 : true;
    for (const t of this.tiles.values()) {
      t.sprite.visible = t.id.level === shown && (!view || intersects(t.sprite, view));
    }
    if (this.preview) this.preview.visible = isPreviewLevel;
  }

  /**
   * The one level drawn: the chosen level when all its tiles in view are here, else the loaded
   * level nearest to it that covers the view (e.g. the sharper tiles loaded at rest, while a
   * pan at lower resolution would choose a coarser level), else the preview. One level only: on a
   * fill-rate-bound renderer every extra layer under the terrain costs a full screen of pixels.
   */
  private levelShown(): number {
    const view = this.view;
    const last = this.pyramid ? this.pyramid.levels.length - 1 : 0;
    return view ? this.bestLevel(view.rect, this.inViewKeys) : last;
  }

  /** The level to draw over `rect` (world pixels), as levelShown says; `keys`: the chosen level's tiles over it. */
  private bestLevel(rect: Rect, keys?: readonly string[]): number {
    const { art, pyramid } = this;
    const last = pyramid ? pyramid.levels.length - 1 : 0;
    if (!art || !pyramid) return last;
    const covers = (level: number, keys?: readonly string[]) => {
      const inView =
        keys ??
        tilesAtLevel(art, pyramid, this.cellPx, rect, level, 0).map((t) => tileKey(t.level, t.column, t.row));
      return inView.length > 0 && inView.every((k) => this.tiles.has(k));
    };
    if (this.level === last || covers(this.level, keys)) return this.level;
    const loaded = new Set<number>();
    for (const t of this.tiles.values()) loaded.add(t.id.level);
    const nearest = [...loaded].sort((a, b) => Math.abs(a - this.level) - Math.abs(b - this.level) || a - b);
    return nearest.find((level) => level !== this.level && covers(level)) ?? last;
  }

  /** Keep at most MAX_TILES textures: drop the least recently wanted ones not on screen. */
  private evict(): void {
    if (this.tiles.size <= MAX_TILES) return;
    const onScreen = new Set(this.inViewKeys);
    const old = [...this.tiles.entries()]
      .filter(([k, t]) => !onScreen.has(k) && t.wanted !== this.viewGeneration)
      .sort((a, b) => a[1].wanted - b[1].wanted);
    for (const [key, t] of old.slice(0, this.tiles.size - MAX_TILES)) {
      destroySprite(t.sprite);
      this.tiles.delete(key);
    }
  }

  private placeAll(): void {
    if (!this.art || !this.pyramid) return;
    if (this.preview) {
      const last = this.pyramid.levels.length - 1;
      this.place({ level: last, column: 0, row: 0 }, this.preview);
    }
    for (const t of this.tiles.values()) this.place(t.id, t.sprite);
  }

  private place(id: TileId, sprite: Sprite): void {
    if (!this.art || !this.pyramid) return;
    const r = tileWorldRect(this.art, this.pyramid, this.cellPx, id.level, id.column, id.row);
    sprite.position.set(r.x, r.y);
    sprite.width = r.width;
    sprite.height = r.height;
  }
}

function textureOf(bitmap: ImageBitmap): Texture {
  // No mipmaps: the pyramid is the mipmap, chosen per zoom (backgroundTiles.ts).
  return new Texture({ source: new ImageSource({ resource: bitmap, autoGenerateMipmaps: false }) });
}

function destroySprite(sprite: Sprite): void {
  const resource = sprite.texture.source.resource as ImageBitmap | undefined;
  sprite.destroy({ texture: true, textureSource: true });
  resource?.close?.();
}

function intersects(s: Sprite, r: Rect): boolean {
  return s.x < r.x + r.width && s.x + s.width > r.x && s.y < r.y + r.height && s.y + s.height > r.y;
}
