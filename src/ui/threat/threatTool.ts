import { effect, signal } from '@preact/signals';
import type { CellData } from '../../schema/cell';
import { threatChunk } from '../lazy/chunks';
import type * as ThreatChunkModule from './threatChunk';
import type { ThreatComputer, ThreatRow, ThreatSource, ThreatView, ThreatWho } from './threatView';

/** The lazily loaded part: computing and painting. */
export type ThreatChunk = typeof ThreatChunkModule;

/** The threat map's choices on this page (never synced). */
export interface ThreatUiState {
  on: boolean;
  /** Whose attacks: every foe, every party character, or one character. */
  who: ThreatWho;
  /** The character planned for: danger, and the chance to hit on an empty square. */
  plannedId: string | null;
  danger: boolean;
  /** The square tapped (a phone has no hover); the pointer's square wins while it is on the map. */
  pinned: CellData | null;
}

/** What the inspector shows for one square. */
export interface ThreatInspection {
  square: CellData;
  target: string | null;
  rows: ThreatRow[];
}

/**
 * The threat overlay of one page, shared by the room and the encounter builder: its choices, the
 * computed view (in the lazily loaded chunk, one attacker per task so the page stays responsive)
 * and the canvas the map shows. `read` reads the page's table through signals (so the view
 * follows every change of it); `sourceOf` turns what it read into the computation's input.
 */
export class ThreatTool<T = unknown> {
  readonly state = signal<ThreatUiState>({
    on: false,
    who: 'foes',
    plannedId: null,
    danger: false,
    pinned: null,
  });
  readonly view = signal<ThreatView | null>(null);
  /** A computation is running (the panel says "working…"). */
  readonly busy = signal(false);
  private computer: ThreatComputer | null = null;
  private readonly stop: () => void;

  constructor(
    read: () => T | null,
    private readonly sourceOf: (chunk: ThreatChunk, table: T) => ThreatSource | null,
  ) {
    this.stop = effect(() => {
      const s = this.state.value;
      const table = s.on ? read() : null;
      if (table === null) {
        this.view.value = null;
        this.busy.value = false;
        return;
      }
      void this.compute(table, s);
    });
  }

  update(patch: Partial<ThreatUiState>): void {
    this.state.value = { ...this.state.value, ...patch };
  }

  dispose(): void {
    this.stop();
  }

  private async compute(table: T, s: ThreatUiState): Promise<void> {
    this.busy.value = true;
    const chunk = await threatChunk.load();
    const source = this.sourceOf(chunk, table);
    if (!source) {
      this.view.value = null;
      this.busy.value = false;
      return;
    }
    this.computer ??= new chunk.ThreatComputer();
    const view = await this.computer.compute(source, s.who, s.plannedId, s.danger);
    if (!view || !this.state.value.on) return; // a newer computation took over, or the map was closed
    this.view.value = view;
    this.busy.value = false;
  }

  /** Squares for browser tests (window.__iconVttThreat): each threatened square with its counts, or each danger value. */
  debug(): {
    threatened: { x: number; y: number; count: number; attack: number }[];
    danger: { x: number; y: number; value: number }[];
    safest: CellData[];
  } {
    const v = this.view.value;
    const threatened: { x: number; y: number; count: number; attack: number }[] = [];
    const danger: { x: number; y: number; value: number }[] = [];
    if (v) {
      for (let k = 0; k < v.count.length; k++) {
        const x = k % v.width;
        const y = (k - x) / v.width;
        if (v.count[k]! > 0) threatened.push({ x, y, count: v.count[k]!, attack: v.attackCount[k]! });
        if (v.danger && v.danger[k]! > 0) danger.push({ x, y, value: v.danger[k]! });
      }
    }
    return { threatened, danger, safest: v ? [...v.safest] : [] };
  }

  /** Who threatens `square` (null when the overlay is off or the chunk not loaded yet). */
  inspect(square: CellData | null): ThreatInspection | null {
    const view = this.view.value;
    const chunk = threatChunk.loaded();
    if (!view || !chunk || !square) return null;
    return { square, ...chunk.threatRows(view, square.x, square.y) };
  }

  /** The view painted on a new canvas at `px` pixels a square (null when off). */
  paint(px: number): HTMLCanvasElement | null {
    const view = this.view.value;
    const chunk = threatChunk.loaded();
    if (!view || !chunk) return null;
    const canvas = document.createElement('canvas');
    canvas.width = view.width * px;
    canvas.height = view.height * px;
    const ctx = canvas.getContext('2d');
    if (!ctx) return null;
    chunk.paintThreat(ctx, view, px);
    return canvas;
  }
}

/** Pixels a square for the overlay's canvas: sharp numbers, yet at most 4096 pixels a side (a GPU texture limit). */
export function threatCanvasPx(width: number, height: number): number {
  return Math.max(4, Math.min(32, Math.floor(4096 / Math.max(width, height))));
}
