import { cellCenterToWorld } from '../grid/cell';
import type { BattlefieldRenderer, Camera } from '../render/BattlefieldRenderer';
import type { Scene } from './Scene';

/**
 * `window.__iconVtt`: a read-only window for Playwright tests and the render benchmark. It hands
 * out copies and measurements, never the live objects, so tests cannot write state through it.
 */
export interface IconVttDebug {
  readonly role: 'gm' | 'player' | 'none';
  ready: boolean;
  /** performance.now() (ms since navigation start) when the first frame with the map was on screen. */
  firstFrameMs: number | undefined;
  scene(): Scene | undefined;
  camera(): Camera | undefined;
  /** Page (CSS) pixel at the centre of a cell, for mouse-driven tests. */
  cellToPage(x: number, y: number): { x: number; y: number } | undefined;
  /** Frame durations in ms recorded by the renderer's ticker. */
  frameTimes(): number[];
  /** JavaScript milliseconds spent per drawn frame (excludes the GPU/compositor). */
  renderWork(): number[];
  stats():
    | {
        terrainRedraws: number;
        terrainBuildMs: number;
        tokenRebuilds: number;
        /** Token names drawn (false when zoomed out too far to read them: initials alone). */
        tokenNamesShown: boolean;
        visibleChunks: number;
        framesDrawn: number;
        /** Visible terrain chunks still at their motion bake, and re-bakes done to sharpen them. */
        softChunks: number;
        terrainRefines: number;
        /** Canvas backing-store resolution now (lower while the camera moves). */
        resolution: number;
      }
    | undefined;
  /**
   * The battlemap layer: chosen pyramid level, tiles kept and shown, downloads still to finish,
   * whether the preview shows, and when it was first drawn (performance.now ms; undefined: not yet).
   */
  background():
    | {
        level: number;
        tiles: number;
        visibleTiles: number;
        loading: number;
        preview: boolean;
        previewMs: number | undefined;
      }
    | undefined;
  /** Move the camera (benchmark only changes the view; it is session state, not document). */
  setCamera(cam: Camera): void;
  selectedTokenId(): string | undefined;
  /** Squares the token could move to now, with costs, as the reach overlay shows them. */
  reachOf(tokenId: string): Array<{ x: number; y: number; cost: number }>;
  /** The status chips a token is drawn with ("DA", "+1"), once it was drawn. */
  tokenChips(tokenId: string): string[] | undefined;
}

declare global {
  interface Window {
    __iconVtt?: IconVttDebug;
  }
}

export function installDebugHook(
  role: 'gm' | 'player' | 'none',
  renderer: BattlefieldRenderer | undefined,
  stage: HTMLElement | undefined,
  getScene: () => Scene | undefined,
  selected: () => string | undefined,
  reachFor: (tokenId: string) => Array<{ x: number; y: number; cost: number }>,
): IconVttDebug {
  const hook: IconVttDebug = {
    role,
    ready: false,
    firstFrameMs: undefined,
    scene: () => {
      const s = getScene();
      return s ? (JSON.parse(JSON.stringify(s)) as Scene) : undefined;
    },
    camera: () => renderer?.camera(),
    cellToPage: (x, y) => {
      if (!renderer || !stage) return undefined;
      const w = cellCenterToWorld({ x, y });
      const p = renderer.toScreen(w.x, w.y);
      const r = stage.getBoundingClientRect();
      return { x: r.left + p.x, y: r.top + p.y };
    },
    frameTimes: () => [...(renderer?.frameTimes ?? [])],
    renderWork: () => [...(renderer?.renderWork ?? [])],
    stats: () =>
      renderer
        ? {
            terrainRedraws: renderer.terrain.redraws,
            terrainBuildMs: Math.round(renderer.terrain.buildMs),
            tokenRebuilds: renderer.tokens.rebuilds,
            tokenNamesShown: renderer.tokens.namesShown(),
            visibleChunks: renderer.terrain.visibleChunkCount(),
            framesDrawn: renderer.framesDrawn,
            softChunks: renderer.terrain.softVisibleCount(),
            terrainRefines: renderer.terrain.refines,
            resolution: renderer.resolution(),
          }
        : undefined,
    background: () =>
      renderer ? { ...renderer.background.stats(), previewMs: renderer.background.previewAt } : undefined,
    setCamera: (cam) => renderer?.setCamera(cam),
    selectedTokenId: selected,
    reachOf: (id) => reachFor(id).map((c) => ({ ...c })),
    tokenChips: (id) => {
      const chips = renderer?.tokens.chipsOf(id);
      return chips ? [...chips] : undefined;
    },
  };
  Object.defineProperty(window, '__iconVtt', { value: hook, configurable: true, writable: false });
  return hook;
}
