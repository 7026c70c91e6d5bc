import { effect, signal, untracked, type Signal } from '@preact/signals';
import { CELL_SIZE_PX } from '../../grid/cell';
import type { BattlefieldRenderer } from '../../render/BattlefieldRenderer';
import type { FogLayer } from '../../render/FogLayer';
import type { CellData } from '../../schema/cell';
import type * as FogBrushWriter from '../../table/vision/fogBrush';
import type { SightPlayer } from '../../table/vision/playerSight';
import { drawStateOf } from '../drawings/drawState';
import { brushCells, strokeCells } from '../editorTools';
import { isTyping } from '../input/installKeyboard';
import { NO_TOOL } from '../model/combatState';
import type { RoomModel } from '../model/RoomModel';

/** The GM's fog brush: put down, adding to what the party explored, or taking from it. */
export type BrushMode = 'off' | 'reveal' | 'hide';
/** Brush sides, in squares. */
export const BRUSH_SIZES = [1, 3, 5] as const;
export type BrushSize = (typeof BRUSH_SIZES)[number];

/** The brush of one GM page: shared by its controls (FogBrushControls) and the map's gestures. */
export interface FogBrush {
  readonly mode: Signal<BrushMode>;
  readonly size: Signal<BrushSize>;
  /** The stroke being painted, not written yet: its squares as `y × width + x`. */
  readonly stroke: Signal<ReadonlySet<number> | null>;
  /** Whose explored squares it paints: the party's (null), or one player's under per-player fog. */
  readonly player: Signal<(SightPlayer & { readonly name: string }) | null>;
}

export function fogBrush(): FogBrush {
  return {
    mode: signal<BrushMode>('off'),
    size: signal<BrushSize>(3),
    stroke: signal(null),
    player: signal(null),
  };
}

const OUTLINE = { reveal: 0xffe08a, hide: 0x8fb4ff } as const;

/**
 * The fog brush's hands on the battlefield (docs/ui/vision.md "The GM's fog brush"): while it is
 * on, a press on the map paints instead of panning or dragging a token (mouse, touch and pen are
 * the same pointer events), taken in capture on window like the drawing tools. The stroke is
 * previewed while it is painted and written on release, one GM transaction (one undo step); a
 * cancelled pointer writes nothing. Esc puts the brush down; taking a drawing tool does too.
 */
export function attachFogBrush(
  model: RoomModel,
  renderer: BattlefieldRenderer,
  layer: FogLayer,
  brush: FogBrush,
): () => void {
  const canvas = renderer.app.canvas;
  const stage = canvas.parentElement ?? canvas;
  let active: { pointerId: number; last: CellData; squares: Set<number> } | null = null;

  const mapSize = () => model.snapshot.peek()?.map ?? null;
  const squareOf = (e: { clientX: number; clientY: number }): CellData => {
    const r = stage.getBoundingClientRect();
    const w = renderer.toWorld(e.clientX - r.left, e.clientY - r.top);
    return { x: Math.floor(w.x / CELL_SIZE_PX), y: Math.floor(w.y / CELL_SIZE_PX) };
  };
  const onMap = (e: Event) => e.target instanceof Node && stage.contains(e.target);

  /** Outlines the brush around `c` (clipped to the map), or nothing. */
  function outline(c: CellData | null): void {
    const map = mapSize();
    const mode = brush.mode.peek();
    if (!c || !map || mode === 'off') layer.setBrush(null);
    else {
      const r = (brush.size.peek() - 1) / 2;
      const x0 = Math.max(0, c.x - r);
      const y0 = Math.max(0, c.y - r);
      const x1 = Math.min(map.width - 1, c.x + r);
      const y1 = Math.min(map.height - 1, c.y + r);
      if (x1 < x0 || y1 < y0) layer.setBrush(null);
      else layer.setBrush({ x: x0, y: y0, width: x1 - x0 + 1, height: y1 - y0 + 1 }, OUTLINE[mode]);
    }
    renderer.requestRender();
  }

  function stamp(squares: Set<number>, from: CellData, to: CellData): void {
    const map = mapSize();
    if (!map) return;
    const r = (brush.size.peek() - 1) / 2;
    for (const c of strokeCells(from, to))
      for (const s of brushCells(c, r, map.width, map.height)) squares.add(s.y * map.width + s.x);
  }

  // The writer (and the party's sight it reads) is the GM's alone: fetched when the brush is
  // first taken, not with the fog every player's page loads.
  let writer: Promise<typeof FogBrushWriter> | null = null;
  const loadWriter = () => (writer ??= import('../../table/vision/fogBrush'));

  function end(write: boolean): void {
    const stroke = active;
    active = null;
    const map = mapSize();
    const mode = brush.mode.peek();
    if (!write || !stroke || !map || mode === 'off') {
      brush.stroke.value = null;
      return;
    }
    const squares = [...stroke.squares].map((k) => ({ x: k % map.width, y: Math.floor(k / map.width) }));
    loadWriter().then(
      (m) => {
        // The doc's new set reaches the snapshot in a microtask, before the next frame is drawn:
        // the preview gives way to it with no flicker.
        paint(m.paintExplored, squares, mode === 'reveal');
        if (!active) brush.stroke.value = null;
      },
      () => {
        if (!active) brush.stroke.value = null;
        writer = null;
        model.say('Fog brush refused: its code could not be fetched (connection lost?)', 'refused');
      },
    );
  }

  function paint(
    paintExplored: typeof FogBrushWriter.paintExplored,
    squares: readonly CellData[],
    reveal: boolean,
  ): void {
    const docs = model.session.connection?.docs;
    if (!docs) return;
    const mode = reveal ? 'reveal' : 'hide';
    try {
      const player = brush.player.peek();
      const n = paintExplored(docs, squares, reveal, player ?? undefined);
      const s = n === 1 ? '' : 's';
      const who = player ? player.name : 'the party';
      if (n === 0) model.say('Nothing changed: those squares were already as painted');
      else if (mode === 'reveal') model.say(`Revealed ${n} square${s} to ${who}: explored, dimmed`, 'ok');
      else model.say(`Hid ${n} square${s} from ${who} again`, 'ok');
    } catch (err) {
      model.say(`Fog brush refused: ${err instanceof Error ? err.message : String(err)}`, 'refused');
    }
  }

  const down = (e: PointerEvent): void => {
    if (brush.mode.peek() === 'off' || e.button !== 0 || e.altKey || !onMap(e)) return;
    e.stopImmediatePropagation(); // neither a token pick nor a pan
    e.preventDefault();
    if (active) return; // a second finger while painting: the stroke goes on
    const c = squareOf(e);
    active = { pointerId: e.pointerId, last: c, squares: new Set() };
    stamp(active.squares, c, c);
    brush.stroke.value = new Set(active.squares);
    outline(c);
  };
  const move = (e: PointerEvent): void => {
    if (brush.mode.peek() === 'off') return;
    if (!active) return void outline(onMap(e) ? squareOf(e) : null);
    if (e.pointerId !== active.pointerId) return;
    const c = squareOf(e);
    if (c.x === active.last.x && c.y === active.last.y) return;
    const before = active.squares.size;
    stamp(active.squares, active.last, c);
    active.last = c;
    if (active.squares.size !== before) brush.stroke.value = new Set(active.squares);
    outline(c);
  };
  const up = (e: PointerEvent): void => {
    if (active && e.pointerId === active.pointerId) end(true);
  };
  const cancel = (e: PointerEvent): void => {
    if (active && e.pointerId === active.pointerId) end(false);
  };
  const leave = (): void => {
    if (!active) outline(null);
  };
  const key = (e: KeyboardEvent): void => {
    if (e.key !== 'Escape' || brush.mode.peek() === 'off' || isTyping(e.target)) return;
    e.preventDefault();
    end(false);
    brush.mode.value = 'off';
    model.say('Fog brush put down: the map pans and moves tokens again');
  };

  const draw = drawStateOf(model);
  const stops = [
    // One tool in hand at a time: the brush puts the drawing tool and the combat tools down, a
    // drawing tool puts the brush down.
    effect(() => {
      const mode = brush.mode.value;
      untracked(() => {
        if (mode !== 'off') {
          void loadWriter().catch(() => (writer = null));
          if (draw.peek().tool) draw.value = { ...draw.peek(), tool: null };
          model.update({ ...NO_TOOL, choiceId: null });
          stage.style.cursor = 'crosshair';
        } else {
          end(false);
          if (stage.style.cursor === 'crosshair' && !draw.peek().tool) stage.style.cursor = '';
        }
        outline(null);
      });
    }),
    effect(() => {
      if (draw.value.tool && untracked(() => brush.mode.value) !== 'off') brush.mode.value = 'off';
    }),
  ];
  window.addEventListener('pointerdown', down, { capture: true });
  window.addEventListener('pointermove', move);
  window.addEventListener('pointerup', up);
  window.addEventListener('pointercancel', cancel);
  stage.addEventListener('pointerleave', leave);
  window.addEventListener('keydown', key);
  return () => {
    stops.forEach((stop) => stop());
    window.removeEventListener('pointerdown', down, { capture: true });
    window.removeEventListener('pointermove', move);
    window.removeEventListener('pointerup', up);
    window.removeEventListener('pointercancel', cancel);
    stage.removeEventListener('pointerleave', leave);
    window.removeEventListener('keydown', key);
  };
}
