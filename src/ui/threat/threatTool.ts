import { effect, signal } from '@preact/signals';
import type { CellData } from '../../schema/cell';

declare global {
  interface Window {
    /** Read-only copies of what the threat overlay shows, for browser tests. */
    __iconVttThreat?: { debug(): unknown };
  }
}
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
 * that the map draws. `read` reads the page's table through signals (so the view
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
    // The page's threat map for browser tests (the room's, or the open encounter builder's).
    Object.defineProperty(window, '__iconVttThreat', {
      configurable: true,
      writable: false,
      value: { debug: () => this.debug() },
    });
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
    const source = chunk.timed('source', () => this.sourceOf(chunk, table));
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
  debug():
    (ReturnType<ThreatChunk['threatDebug']> & { timings: ReturnType<ThreatChunk['threatTimings']> }) | null {
    const view = this.view.value;
    const chunk = threatChunk.loaded();
    return view && chunk ? { ...chunk.threatDebug(view), timings: chunk.threatTimings() } : null;
  }

  /** Who threatens `square` (null when the overlay is off or the chunk not loaded yet). */
  inspect(square: CellData | null): ThreatInspection | null {
    const view = this.view.value;
    const chunk = threatChunk.loaded();
    if (!view || !chunk || !square) return null;
    return { square, ...chunk.threatRows(view, square.x, square.y) };
  }
}
