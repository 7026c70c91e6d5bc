import { footprintsOverlap } from '../grid/battlefield';
import { effect, untracked, type Signal } from '@preact/signals';
import { worldToCell } from '../grid/cell';
import type { BattlefieldRenderer } from '../render/BattlefieldRenderer';
import { brushCells, fillCells, rectCells, strokeCells, type CellXY, type EditorTool } from './editorTools';
import { canCommand, type Scene, type SceneToken } from './Scene';
import type { Paint, TableSession } from './TableSession';
import { previewPath, reachOf } from './moveRules';
import { commitTokenMove } from './input/commitTokenMove';
import { gmMoveRule } from './input/gmMoveRule';
import type { ReachResult } from '../grid/reach';
import type { ReachCell } from '../render/ReachOverlay';
import { installInputDebug, type DragView } from './input/inputDebug';

/** The editor's current brush, set by the editor panel; undefined = select/move mode. */
export interface EditorState {
  tool: EditorTool;
  paint: Paint;
  radius: number;
}

export interface InputCallbacks {
  status(text: string, kind?: 'ok' | 'refused' | 'info'): void;
}

type Gesture =
  | {
      kind: 'drag';
      token: SceneToken;
      reach: ReachResult | undefined;
      target?: CellXY;
      /** Shift was held at the last pointer move (the GM's free placement). */
      free?: boolean;
      path?: CellXY[];
      cost?: number;
    }
  | { kind: 'paint'; start: CellXY; last: CellXY; cells: Map<string, CellXY> }
  | undefined;

/**
 * Pointer input on the battlefield: pick and drag tokens (reach overlay + path preview, drop →
 * session.move or the GM's write), paint with the editor tools, ping with Alt+click, and publish
 * the pointer as presence. Panning/zooming is the viewport's; it is paused during a gesture.
 */
export class InputController {
  editor: EditorState | undefined;
  private gesture: Gesture;
  private lastPresence = 0;
  /** What the drag in progress shows (for the debug hook) and how many reach squares are drawn. */
  private dragView: DragView | null = null;
  private reachShown = 0;
  private stepping = false;

  constructor(
    private readonly stage: HTMLElement,
    private readonly renderer: BattlefieldRenderer,
    private readonly session: TableSession,
    /** The room model's selection: the token panel and the keyboard write it too. */
    private readonly selection: Signal<string | null>,
    private readonly cb: InputCallbacks,
  ) {
    // The highlight and the reach overlay follow the selection, whoever changed it.
    effect(() => {
      const id = this.selection.value ?? undefined;
      untracked(() => {
        this.renderer.selectToken(id);
        this.refreshReach();
      });
    });
    stage.addEventListener('pointerdown', (e) => this.down(e), { capture: true });
    stage.addEventListener('pointermove', (e) => this.move(e));
    window.addEventListener('pointerup', (e) => void this.up(e));
    stage.addEventListener('contextmenu', (e) => e.preventDefault());
    installInputDebug(() => this.dragView && { ...this.dragView, reachSquares: this.reachShown });
  }

  private showReach(cells: readonly ReachCell[] | undefined): void {
    this.reachShown = cells?.length ?? 0;
    this.renderer.setReach(cells);
  }

  private cellAt(e: PointerEvent): CellXY & { wx: number; wy: number } {
    const r = this.stage.getBoundingClientRect();
    const w = this.renderer.toWorld(e.clientX - r.left, e.clientY - r.top);
    // West/north of the map (worldToCell → null) becomes -1 so it never matches a square.
    const c = worldToCell(w);
    return { x: c ? c.x : -1, y: c ? c.y : -1, wx: w.x, wy: w.y };
  }

  private scene(): Scene {
    return this.session.scene();
  }

  tokenAt(c: CellXY): SceneToken | undefined {
    const list = this.scene().tokens;
    for (let i = list.length - 1; i >= 0; i--) {
      const t = list[i]!;
      if (footprintsOverlap(t.cell, t.size, c, 1)) return t;
    }
    return undefined;
  }

  private inMap(c: CellXY): boolean {
    const m = this.scene().map;
    return c.x >= 0 && c.y >= 0 && c.x < m.width && c.y < m.height;
  }

  private down(e: PointerEvent): void {
    if (e.button !== 0) return;
    const c = this.cellAt(e);
    if (e.altKey) {
      const ping = { x: c.wx, y: c.wy, at: Date.now() };
      this.renderer.ping(ping.x, ping.y, 0xffd23f);
      this.session.setPresence({ pointer: { x: c.wx, y: c.wy }, ping });
      return;
    }
    if (this.editor && this.session.gm && this.inMap(c)) {
      this.renderer.setPanEnabled(false);
      if (this.editor.tool === 'fill') {
        const map = this.scene().map;
        const key = (x: number, y: number): string => `${map.cells[y]?.[x]}${map.heights[y]?.[x]}`;
        this.session.gm.paint(fillCells(c, map.width, map.height, key), this.editor.paint);
        this.cb.status(`Filled from (${c.x}, ${c.y})`, 'ok');
        return;
      }
      this.gesture = { kind: 'paint', start: c, last: c, cells: new Map() };
      this.extendPaint(c);
      return;
    }
    const t = this.tokenAt(c);
    if (!t) {
      this.select(undefined);
      return;
    }
    this.select(t.id);
    if (!canCommand(this.session.viewer, t)) return;
    this.renderer.setPanEnabled(false);
    this.gesture = { kind: 'drag', token: t, reach: reachOf(this.scene(), t.id)?.result };
  }

  /**
   * Arrow key: the selected token one square (dx, dy) by the same rules as a drop there
   * (commitTokenMove). Keys pressed while the previous step is still on its way are dropped, so
   * a held key never sends a path from a square the token has already left.
   */
  async step(dx: number, dy: number, free: boolean): Promise<void> {
    const scene = this.scene();
    const token = scene.tokens.find((t) => t.id === this.selectedId);
    if (!token || this.gesture || this.stepping) return;
    if (!canCommand(this.session.viewer, token)) {
      this.cb.status(`${token.name} is not yours to move`, 'refused');
      return;
    }
    const to = { x: token.cell.x + dx, y: token.cell.y + dy };
    const reach = reachOf(scene, token.id)?.result;
    const p = reach ? previewPath(scene, reach, to) : undefined;
    this.stepping = true;
    try {
      await commitTokenMove(
        this.session,
        { token, to, path: p?.path ?? [to], cost: p?.cost, free },
        this.cb.status,
      );
    } finally {
      this.stepping = false;
    }
  }

  /** The token this user is dragging right now, if any. */
  draggingId(): string | undefined {
    return this.gesture?.kind === 'drag' ? this.gesture.token.id : undefined;
  }

  get selectedId(): string | undefined {
    return this.selection.peek() ?? undefined;
  }

  select(id: string | undefined): void {
    this.selection.value = id ?? null;
  }

  /** Redraw the reach overlay of the selected token (after it or the map changed). */
  refreshReach(): void {
    const t = this.scene().tokens.find((x) => x.id === this.selectedId);
    if (!t || !canCommand(this.session.viewer, t) || t.speed === undefined) {
      this.showReach(undefined);
      return;
    }
    this.showReach(reachOf(this.scene(), t.id)?.cells);
  }

  private extendPaint(c: CellXY): void {
    const g = this.gesture;
    if (g?.kind !== 'paint' || !this.editor) return;
    const map = this.scene().map;
    if (this.editor.tool === 'rect') {
      g.cells.clear();
      for (const cell of rectCells(g.start, c, map.width, map.height))
        g.cells.set(`${cell.x},${cell.y}`, cell);
    } else {
      for (const s of strokeCells(g.last, c)) {
        for (const cell of brushCells(s, this.editor.radius, map.width, map.height))
          g.cells.set(`${cell.x},${cell.y}`, cell);
      }
    }
    g.last = c;
    this.renderer.setBrush([...g.cells.values()]);
  }

  private move(e: PointerEvent): void {
    const c = this.cellAt(e);
    const now = performance.now();
    if (now - this.lastPresence > 50) {
      this.lastPresence = now;
      this.session.setPresence({ pointer: { x: c.wx, y: c.wy } });
    }
    const g = this.gesture;
    if (g?.kind === 'paint') {
      if (g.last.x !== c.x || g.last.y !== c.y) this.extendPaint(c);
      return;
    }
    if (g?.kind !== 'drag') return;
    // The pointer holds the token by its north-west square.
    if (g.target && g.target.x === c.x && g.target.y === c.y && g.free === e.shiftKey) return;
    g.target = { x: c.x, y: c.y };
    g.free = e.shiftKey;
    this.renderer.previewToken(g.token.id, c.x, c.y);
    this.session.setPresence({ drag: { tokenId: g.token.id, cell: { x: c.x, y: c.y } } });
    const p = g.reach ? previewPath(this.scene(), g.reach, c) : undefined;
    g.path = p?.path;
    g.cost = p?.cost;
    const straight = [g.token.cell, c];
    // What the drop will do (gmMoveRule): the path's colour and label say it before the drop.
    const rule = this.session.gm ? gmMoveRule(this.scene(), g.token, e.shiftKey).kind : 'rules';
    const { label, ok } =
      rule === 'refuse'
        ? { label: 'not acting', ok: false }
        : rule === 'place-logged'
          ? { label: 'free placement', ok: true }
          : p
            ? { label: `${p.cost}`, ok: true }
            : { label: rule === 'place' ? 'GM place' : 'out of reach', ok: rule === 'place' };
    this.dragView = { tokenId: g.token.id, label, ok, reachSquares: 0 };
    this.renderer.setPath({
      cells: p && rule !== 'place-logged' && rule !== 'refuse' ? [g.token.cell, ...p.path] : straight,
      cost: p?.cost,
      ok,
      size: g.token.size,
      label,
    });
  }

  private async up(e: PointerEvent): Promise<void> {
    const g = this.gesture;
    this.gesture = undefined;
    this.renderer.setPanEnabled(true);
    if (g?.kind === 'paint') {
      this.renderer.setBrush(undefined);
      this.session.gm?.paint([...g.cells.values()], this.editor?.paint ?? {});
      this.cb.status(`Painted ${g.cells.size} space${g.cells.size === 1 ? '' : 's'}`, 'ok');
      return;
    }
    if (g?.kind !== 'drag') return;
    this.dragView = null;
    this.renderer.setPath(undefined);
    this.session.setPresence({ drag: null });
    const c = g.target ?? this.cellAt(e);
    if (c.x === g.token.cell.x && c.y === g.token.cell.y) {
      this.renderer.previewToken(g.token.id, undefined, undefined);
      return;
    }
    const req = { token: g.token, to: { x: c.x, y: c.y }, path: g.path, cost: g.cost, free: e.shiftKey };
    const done = await commitTokenMove(this.session, req, this.cb.status);
    if (done === 'refused') this.renderer.previewToken(g.token.id, undefined, undefined);
    this.refreshReach();
  }
}
