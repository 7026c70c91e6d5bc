import { Container, Point, UPDATE_PRIORITY } from 'pixi.js';
import type { Viewport } from 'pixi-viewport';
import { BackgroundLayer, type BackgroundArt, type BackgroundSource } from './BackgroundLayer';
import { CursorLayer, type RemoteCursor } from './CursorLayer';
import { DrawingLayer } from './DrawingLayer';
import type { Drawing, DrawingPoint, DrawingShape } from '../schema/drawing';
import { DynamicResolution, dynamicResolutionFor } from './DynamicResolution';
import { GpuFence } from './GpuFence';
import { ReachOverlay, type PathPreview, type ReachCell } from './ReachOverlay';
import { RulerLayer, type RulerView } from './RulerLayer';
import { TerrainLayer } from './TerrainLayer';
import type { TerrainGrid } from './TerrainGrid';
import { TokenLayer } from './TokenLayer';
import type { DrawnToken } from './drawnToken';
import type { PortraitLoader } from './PortraitTextures';
import { TableApp } from './TableApp';
import { createTableViewport } from './tableViewport';
import { TickerSleep } from './TickerSleep';

/** Newly visible terrain chunks drawn per frame after the first frame (which draws all it shows). */
const CHUNKS_PER_FRAME = 1;

/** Downloaded battlemap tiles turned into textures per frame. */
const BACKGROUND_TILES_PER_FRAME = 2;

/** JavaScript milliseconds per idle frame spent pre-baking off-screen terrain chunks. */
const IDLE_BUDGET_MS = 6;

/** Smallest zoom the table opens at (a square is then 32 px). */
const MIN_OPEN_ZOOM = 0.5;

/** Camera state: world pixel at the screen centre and the zoom factor. */
export interface Camera {
  readonly x: number;
  readonly y: number;
  readonly zoom: number;
}

/**
 * The PixiJS stage: a pan/zoom viewport (drag, wheel, pinch) holding the terrain, reach, token
 * and cursor layers. It only draws what it is given; input is handled by `src/ui/`.
 */
export class BattlefieldRenderer {
  app!: TableApp;
  viewport!: Viewport;
  /**
   * Overlays the UI adds that tint squares (the threat map): over the terrain and the reach tint,
   * under tokens, so a tint or a number never hides who stands where.
   */
  readonly underTokens = new Container({ label: 'under tokens' });
  terrain!: TerrainLayer;
  background!: BackgroundLayer;
  tokens!: TokenLayer;
  reach!: ReachOverlay;
  cursors!: CursorLayer;
  rulers!: RulerLayer;
  drawings!: DrawingLayer;
  private grid: TerrainGrid | undefined;
  /** Milliseconds between the last frames (for the render benchmark). */
  readonly frameTimes: number[] = [];
  /** Something changed since the last drawn frame (see requestRender); setting it wakes the ticker. */
  private changed = true;
  private get dirty(): boolean {
    return this.changed;
  }
  private set dirty(value: boolean) {
    this.changed = value;
    if (value) this.sleep.wake();
  }
  private readonly sleep = new TickerSleep(() => this.app?.ticker);
  /** The next frame draws every visible terrain chunk (first frame, new or resized map). */
  private drawAllChunks = true;
  /** Milliseconds of JavaScript per drawn frame (scene update + WebGL command submission). */
  readonly renderWork: number[] = [];
  /** Frames actually drawn (the stage is only redrawn when something changed). */
  framesDrawn = 0;
  /** Backing-store resolution: full at rest, lower while the camera moves. */
  private dynamic = new DynamicResolution(1, 1, 1);
  /** The camera was at rest on the previous frame (see the ticker). */
  private wasResting = true;
  /** Idle terrain work waits until the GPU finished the previous idle step's bakes. */
  private readonly idleFence = new GpuFence(() => this.app.renderer);

  constructor(readonly cellPx: number) {}

  async init(host: HTMLElement): Promise<void> {
    const params = new URLSearchParams(window.location.search);
    const full = Math.min(2, window.devicePixelRatio || 1);
    // Dynamic resolution (`?motionres=`): lower backing resolution while the camera moves.
    this.dynamic = dynamicResolutionFor(full, params.get('motionres'));
    this.app = await TableApp.create({
      host,
      background: 0x2b2d31,
      // MSAA is very expensive on software GL (SwiftShader); tokens are round enough without it.
      antialias: params.get('aa') === '1',
      resolution: full,
    });
    host.appendChild(this.app.canvas);
    // Input may start camera motion that the viewport's plugins carry on in the ticker.
    for (const type of ['pointerdown', 'pointermove', 'wheel', 'touchstart'] as const)
      this.app.canvas.addEventListener(type, () => this.sleep.wake(), { passive: true });
    this.viewport = createTableViewport(this.app, host);
    // Chunk bakes never use MSAA: multisampled render targets are very slow on software GL.
    this.terrain = new TerrainLayer(this.cellPx, (target, frame, resolution) =>
      this.app.renderer.generateTexture({ target, frame, resolution, antialias: false }),
    );
    this.background = new BackgroundLayer(this.cellPx, () => (this.dirty = true));
    // The chunks bake the battlemap into their textures: one full-screen layer, not two.
    this.terrain.setPicture(this.background);
    this.reach = new ReachOverlay(this.cellPx);
    this.tokens = new TokenLayer(this.cellPx, () => (this.dirty = true));
    this.cursors = new CursorLayer(this.app.ticker);
    this.rulers = new RulerLayer(this.cellPx);
    this.drawings = new DrawingLayer(this.cellPx);
    const world = new Container();
    // Drawings (issue 15) mark the map like chalk on a battlemap: over the terrain, under the reach
    // tint and path (the gesture in hand must read over any scribble) and under tokens (a scribble
    // never hides who stands where).
    world.addChild(
      this.background.container,
      this.terrain.container,
      this.drawings.container,
      this.reach.container,
      this.underTokens,
      this.tokens.container,
      this.rulers.container,
      this.cursors.container,
    );
    this.viewport.addChild(world);
    this.viewport.on('moved', () => this.cameraMoved());
    this.viewport.on('zoomed', () => this.cameraMoved());
    this.app.renderer.on('resize', (w: number, h: number) => {
      this.viewport.resize(w, h);
      this.dirty = true;
      this.cull();
    });
    // Render on demand (the ticker draws only when something changed): a still battlefield costs
    // nothing (software GL in CI is fill-rate bound).
    this.app.ticker.add(
      (t) => {
        this.frameTimes.push(t.deltaMS);
        if (this.frameTimes.length > 2000) this.frameTimes.splice(0, 1000);
        const t0 = performance.now();
        const resting = this.dynamic.resting(t0);
        // Full resolution (one crisp frame) once the camera rests; in motion, adapt to late frames.
        this.useResolution(this.dynamic.tick(t0, t.deltaMS));
        // The camera came to rest: the battlemap loads the level for the full resolution.
        if (resting && !this.wasResting) this.cull();
        this.wasResting = resting;
        // A map's first frame waits (briefly) for the battlemap preview, so it shows with the art.
        if (this.drawAllChunks && this.background.previewDue(t0)) return;
        const all = this.drawAllChunks;
        this.drawAllChunks = false;
        // Downloaded battlemap tiles become textures a few a frame (each is an upload), one while moving.
        if (this.background.attachArrived(resting ? BACKGROUND_TILES_PER_FRAME : 1)) this.dirty = true;
        if (this.terrain.buildPending(all ? Infinity : CHUNKS_PER_FRAME, !all && !resting)) this.dirty = true;
        let idle = false;
        if (resting && !this.dirty && !this.idleFence.busy()) {
          idle = true;
          if (this.terrain.idleWork(IDLE_BUDGET_MS)) this.dirty = true;
        }
        // Rulers keep their screen size: the toolbar's zoom steps move no 'zoomed' event.
        if (this.rulers.needsZoom(this.viewport.scale.x)) this.viewRulers();
        if (this.dirty || this.viewport.dirty || this.cursors.animating()) {
          this.dirty = false;
          this.viewport.dirty = false;
          this.framesDrawn++;
          this.app.render();
          this.renderWork.push(performance.now() - t0);
          if (this.renderWork.length > 2000) this.renderWork.splice(0, 1000);
        }
        if (idle) this.idleFence.set();
        this.sleep.frameEnded(
          idle &&
            !this.changed &&
            !this.viewport.dirty &&
            !this.cursors.animating() &&
            !this.background.loading,
        );
      },
      undefined,
      UPDATE_PRIORITY.LOW,
    );
  }

  setTerrain(grid: TerrainGrid): void {
    this.dirty = true;
    const first = !this.grid || this.grid.width !== grid.width || this.grid.height !== grid.height;
    this.grid = grid;
    this.terrain.setGrid(grid);
    if (first) {
      // A new or resized map: draw everything it shows in the next frame, not one chunk a frame.
      this.drawAllChunks = true;
      this.viewport.worldWidth = grid.width * this.cellPx;
      this.viewport.worldHeight = grid.height * this.cellPx;
      this.background.setMapSize(grid.width, grid.height);
      this.openingView();
    }
    this.cull();
  }

  /** Where battlemap tiles come from (live rooms; the offline demo has none). */
  setBackgroundSource(source: BackgroundSource | undefined): void {
    this.background.setSource(source);
  }

  /**
   * The map's battlemap (undefined: none). With art the terrain floor is drawn at the GM's
   * opacity so the picture shows through; without, fully opaque as always.
   */
  setBackground(art: (BackgroundArt & { terrainOpacity: number }) | undefined): void {
    this.dirty = true;
    this.background.setArt(art);
    this.terrain.setFloorAlpha(art ? art.terrainOpacity : 1);
    this.cull();
  }

  /** Where token portraits are fetched from (a live room); set before the first tokens. */
  setPortraitLoader(loader: PortraitLoader | null): void {
    this.tokens.setPortraitLoader(loader);
  }

  setTokens(tokens: readonly DrawnToken[]): void {
    this.dirty = true;
    this.tokens.setTokens(tokens);
  }

  setReach(cells: readonly ReachCell[] | undefined): void {
    this.dirty = true;
    this.reach.setReach(cells);
  }

  setPath(p: PathPreview | undefined): void {
    this.dirty = true;
    this.reach.setPath(p);
  }

  setBrush(cells: readonly { x: number; y: number }[] | undefined): void {
    this.dirty = true;
    this.reach.setBrush(cells);
  }

  /** Rulers being held, yours and others' (issue 15). */
  setRulers(list: readonly RulerView[]): void {
    this.dirty = true;
    this.rulers.setRulers(list);
  }

  /** Drawings and notes (issue 15); redrawn only when the list changed, never on a pan. */
  setDrawings(list: readonly Drawing[], markGm: boolean): void {
    if (this.drawings.setDrawings(list, markGm)) this.dirty = true;
  }

  /** The shape this page is drawing now (null: none), and the keyboard's drawing cursor. */
  setDrawingPreview(
    shape: DrawingShape | null,
    color: string,
    dashed: boolean,
    cursor: DrawingPoint | null,
  ): void {
    this.drawings.setPreview(shape, color, dashed);
    this.drawings.setCursor(cursor, color);
    this.dirty = true;
  }

  setCursors(list: readonly RemoteCursor[]): void {
    this.dirty = true;
    this.cursors.setCursors(list);
  }

  /** Fit the whole map on screen (zoom capped so small maps do not become huge). */
  fit(): void {
    const f = this.fitting();
    if (!f) return;
    this.viewport.setZoom(f.scale, true);
    this.viewport.moveCenter(f.w / 2, f.h / 2);
    this.cull();
  }

  /** The map's size in world pixels and the zoom that fits it (at most 1.5). */
  private fitting(): { w: number; h: number; scale: number } | undefined {
    if (!this.grid) return undefined;
    const w = this.grid.width * this.cellPx;
    const h = this.grid.height * this.cellPx;
    return { w, h, scale: Math.min(1.5, this.viewport.findFit(w + this.cellPx, h + this.cellPx)) };
  }

  /**
   * Opening view: the whole map when its squares stay readable (≥ MIN_OPEN_ZOOM), else the
   * centre at that zoom — a 100×100 map fitted on screen has 7-pixel squares nobody can use.
   */
  openingView(): void {
    const f = this.fitting();
    if (!f) return;
    if (f.scale >= MIN_OPEN_ZOOM) return this.fit();
    this.placeCamera({ x: f.w / 2, y: f.h / 2, zoom: MIN_OPEN_ZOOM });
  }

  camera(): Camera {
    const c = this.viewport.center;
    return { x: c.x, y: c.y, zoom: this.viewport.scale.x };
  }

  /** Move the camera as a user would (a run of calls is drawn at motion resolution until it rests). */
  setCamera(cam: Camera): void {
    this.placeCamera(cam);
    this.cameraMoved();
  }

  /** Jump the camera without starting motion resolution (opening view). */
  private placeCamera(cam: Camera): void {
    this.viewport.setZoom(cam.zoom, true);
    this.viewport.moveCenter(cam.x, cam.y);
    this.cull();
  }

  /** Current backing-store resolution (lower while the camera moves; for tests and the bench). */
  resolution(): number {
    return this.app.renderer.resolution;
  }

  /** The camera moved: draw at motion resolution until it rests (dynamic resolution). */
  private cameraMoved(): void {
    this.useResolution(this.dynamic.moved(performance.now()));
    this.cull();
  }

  private useResolution(resolution: number): void {
    if (this.app.renderer.resolution === resolution) return;
    this.app.renderer.resolution = resolution;
    this.dirty = true;
  }

  /** Screen (canvas CSS pixel) point → world pixels. */
  toWorld(sx: number, sy: number): { x: number; y: number } {
    const p = this.viewport.toWorld(new Point(sx, sy));
    return { x: p.x, y: p.y };
  }

  /** World pixels → canvas CSS pixels. */
  toScreen(wx: number, wy: number): { x: number; y: number } {
    const p = this.viewport.toScreen(new Point(wx, wy));
    return { x: p.x, y: p.y };
  }

  /** Stop the camera following the pointer while the UI drags a token or paints. */
  setPanEnabled(on: boolean): void {
    if (on) this.viewport.plugins.resume('drag');
    else this.viewport.plugins.pause('drag');
  }

  /** Drag preview: draw a token at (x, y) without changing data; undefined puts it back. */
  previewToken(id: string, x: number | undefined, y: number | undefined): void {
    this.tokens.preview(id, x, y);
    this.dirty = true;
  }

  selectToken(id: string | undefined): void {
    this.tokens.select(id);
    this.dirty = true;
  }

  /** A ping ring at a world point. */
  ping(x: number, y: number, colour: number): void {
    this.cursors.ping(x, y, colour);
    this.dirty = true;
  }

  /** Ask for a redraw on the next frame (after changing a layer directly). */
  requestRender(): void {
    this.dirty = true;
  }

  private cull(): void {
    this.dirty = true;
    const b = this.viewport.getVisibleBounds();
    this.terrain.cull({ x: b.x, y: b.y, width: b.width, height: b.height });
    // Battlemap tiles for the resolution drawn now: coarser while moving, sharp at rest.
    this.background.setView(
      { x: b.x, y: b.y, width: b.width, height: b.height },
      this.viewport.scale.x,
      this.app.renderer.resolution,
      !this.dynamic.resting(performance.now()),
    );
    this.tokens.cull({ x: b.x, y: b.y, width: b.width, height: b.height });
    this.tokens.setZoom(this.viewport.scale.x);
    this.viewRulers();
  }

  private viewRulers(): void {
    const b = this.viewport.getVisibleBounds();
    this.rulers.setView(this.viewport.scale.x, { x: b.x, y: b.y, width: b.width, height: b.height });
    this.dirty = true;
  }
}
