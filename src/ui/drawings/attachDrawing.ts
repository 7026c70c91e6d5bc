import { effect, type ReadonlySignal } from '@preact/signals';
import { CELL_SIZE_PX } from '../../grid/cell';
import type { BattlefieldRenderer } from '../../render/BattlefieldRenderer';
import type { DrawnDrawing } from '../../render/DrawingLayer';
import {
  MAX_DRAWING_TEXT_CHARS,
  type Drawing,
  type DrawingPoint,
  type DrawingShape,
} from '../../schema/drawing';
import { MAX_MAP_SIDE } from '../../schema/limits';
import { GM_DRAWING_COLOUR } from '../../table/authorColour';
import { isTyping } from '../input/installKeyboard';
import type { RoomModel } from '../model/RoomModel';
import { drawStateOf, DRAW_TOOLS, type DrawTool } from './drawState';
import { drawingAt, shapeOf } from './shapeOf';

declare global {
  interface Window {
    /** What the drawing layer shows now (browser tests read it). */
    __iconVttDrawings?: () => DrawnDrawing[];
  }
}

/** Raw pen points kept per stroke before simplifying (a minute of scribbling at 120 Hz is less). */
const MAX_RAW_POINTS = 10_000;
/** A pen point closer than this (squares) to the previous one adds nothing. */
const MIN_STEP = 0.03;

type Gesture = { tool: Exclude<DrawTool, 'text' | 'eraser'>; points: DrawingPoint[]; keyboard: boolean };

/**
 * The drawing tools' hands on the battlefield (issue 15; docs/ui.md "Drawing"): while a tool is
 * in hand, a press on the map draws instead of selecting or dragging a token (mouse, touch and
 * pen are the same pointer events), and the keyboard has a cursor on the map: arrows move it,
 * Enter starts and ends a shape, Esc cancels. Shapes are sent as intents; everyone's drawings are
 * drawn from `drawings`. Its own listeners, in capture on window like the place-foes picker.
 */
export function attachDrawing(
  model: RoomModel,
  stage: HTMLElement,
  renderer: BattlefieldRenderer,
  drawings: ReadonlySignal<readonly Drawing[]>,
): () => void {
  const state = drawStateOf(model);
  const isGm = model.viewer.role === 'gm';
  let gesture: Gesture | null = null;
  let cursor: DrawingPoint | null = null;
  let field: HTMLInputElement | null = null;

  /** A player's own drawings carry their channel (the server decides; this only aims). */
  const mayErase = (d: Drawing): boolean =>
    isGm || (d.layer === 'table' && d.author.key === model.viewer.channel);
  const colour = (): string =>
    isGm ? GM_DRAWING_COLOUR : ([...drawings.peek()].reverse().find(mayErase)?.color ?? '#ffffff');
  const layer = (): 'table' | 'gm' => (isGm && state.peek().gmLayer ? 'gm' : 'table');

  const mapSize = (): { width: number; height: number } => {
    const map = model.scene.peek().map;
    return { width: map.width, height: map.height };
  };
  const clampPoint = ([x, y]: DrawingPoint): DrawingPoint => {
    const { width, height } = mapSize();
    const limit = (v: number, side: number) => Math.max(0, Math.min(Math.min(side, MAX_MAP_SIDE), v));
    return [limit(x, width), limit(y, height)];
  };
  const pointOf = (e: { clientX: number; clientY: number }): DrawingPoint => {
    const r = stage.getBoundingClientRect();
    const w = renderer.toWorld(e.clientX - r.left, e.clientY - r.top);
    return clampPoint([w.x / CELL_SIZE_PX, w.y / CELL_SIZE_PX]);
  };

  function showPreview(): void {
    const shape: DrawingShape | null = gesture
      ? gesture.tool === 'free'
        ? gesture.points.length > 0
          ? {
              kind: 'free',
              points: gesture.points.length === 1 ? [gesture.points[0]!, gesture.points[0]!] : gesture.points,
            }
          : null
        : shapeOf(gesture.tool, gesture.points)
      : null;
    renderer.setDrawingPreview(shape, colour(), layer() === 'gm', state.peek().tool ? cursor : null);
  }

  function cancel(): boolean {
    const had = !!gesture || !!field;
    gesture = null;
    closeField();
    return had;
  }

  function finish(): void {
    const g = gesture;
    gesture = null;
    showPreview();
    if (!g) return;
    const shape = shapeOf(g.tool, g.points);
    if (!shape)
      return model.say(`Too small to draw: ${g.keyboard ? 'move the cursor further' : 'drag further'}`);
    void send(shape);
  }

  async function send(shape: DrawingShape): Promise<void> {
    const where = layer() === 'gm' ? ' on the GM layer' : '';
    await model.report(
      { kind: 'draw', shape, layer: layer() },
      `${labelOf(shapeTool(shape))} drawn${where}`,
      'Drawing refused',
    );
  }

  function erase(at: DrawingPoint): void {
    const target = drawingAt(drawings.peek(), at, mayErase);
    if (!target) return model.say(isGm ? 'Nothing to erase here' : 'Nothing of yours to erase here');
    void model.report(
      { kind: 'erase-drawing', drawingId: target.id },
      `Erased ${target.author.name}'s ${labelOf(shapeTool(target.shape)).toLowerCase()}`,
      'Erase refused',
    );
  }

  function openField(at: DrawingPoint, client: { x: number; y: number }): void {
    closeField();
    const input = document.createElement('input');
    input.type = 'text';
    input.className = 'draw-text-field';
    input.maxLength = MAX_DRAWING_TEXT_CHARS;
    input.placeholder = 'Words on the map · Enter';
    input.setAttribute('aria-label', 'Words of the note (Enter puts it on the map, Esc cancels)');
    input.dataset['testid'] = 'draw-text-input';
    input.style.left = `${Math.max(4, Math.min(window.innerWidth - 220, client.x))}px`;
    input.style.top = `${Math.max(4, Math.min(window.innerHeight - 40, client.y - 16))}px`;
    input.addEventListener('keydown', (e) => {
      if (e.key === 'Enter') {
        e.preventDefault();
        const text = input.value.trim();
        closeField();
        if (text) void send({ kind: 'text', at: clampPoint(at), text });
        if (state.peek().tool) stage.focus({ preventScroll: true });
      } else if (e.key === 'Escape') {
        e.preventDefault();
        e.stopPropagation();
        closeField();
        model.say('Note cancelled');
      }
    });
    input.addEventListener('blur', () => setTimeout(() => field === input && closeField(), 0));
    document.body.append(input);
    field = input;
    requestAnimationFrame(() => input.focus());
  }

  function closeField(): void {
    const f = field;
    field = null;
    f?.remove();
  }

  const down = (e: PointerEvent): void => {
    const tool = state.peek().tool;
    if (!tool || e.button !== 0 || e.altKey) return;
    if (!(e.target instanceof Node) || !stage.contains(e.target)) return;
    e.stopImmediatePropagation(); // neither a token pick nor a pan
    e.preventDefault();
    const p = pointOf(e);
    if (tool === 'text') return openField(p, { x: e.clientX, y: e.clientY });
    if (tool === 'eraser') return erase(p);
    gesture = { tool, points: [p], keyboard: false };
    showPreview();
  };
  const move = (e: PointerEvent): void => {
    if (!gesture || gesture.keyboard) return;
    const p = pointOf(e);
    if (gesture.tool === 'free') {
      const last = gesture.points.at(-1)!;
      if (Math.hypot(p[0] - last[0], p[1] - last[1]) < MIN_STEP || gesture.points.length >= MAX_RAW_POINTS)
        return;
      gesture.points.push(p);
    } else gesture.points = [gesture.points[0]!, p];
    showPreview();
  };
  const up = (): void => {
    if (gesture && !gesture.keyboard) finish();
  };
  const key = (e: KeyboardEvent): void => {
    const tool = state.peek().tool;
    if (!tool || e.ctrlKey || e.metaKey || e.altKey || isTyping(e.target)) return;
    if (e.key === 'Escape') {
      if (cancel()) model.say('Drawing cancelled');
      else {
        state.value = { ...state.peek(), tool: null };
        model.say('Drawing tools put down: the map moves tokens again');
      }
      showPreview();
      e.preventDefault();
      e.stopImmediatePropagation();
      return;
    }
    // Other keys draw only while the map has the focus (or nothing does).
    const active = document.activeElement;
    if (active && active !== document.body && active !== stage) return;
    const step = e.shiftKey ? 0.25 : 1;
    const arrows: Record<string, [number, number]> = {
      ArrowLeft: [-step, 0],
      ArrowRight: [step, 0],
      ArrowUp: [0, -step],
      ArrowDown: [0, step],
    };
    const delta = arrows[e.key];
    if (!delta && e.key !== 'Enter' && e.key !== ' ') return;
    e.preventDefault();
    e.stopImmediatePropagation(); // not a token step
    if (!cursor) {
      const cam = renderer.camera();
      cursor = clampPoint([Math.floor(cam.x / CELL_SIZE_PX) + 0.5, Math.floor(cam.y / CELL_SIZE_PX) + 0.5]);
      if (delta) return showPreview(); // the first arrow shows where the cursor is
    }
    if (delta) {
      cursor = clampPoint([cursor[0] + delta[0], cursor[1] + delta[1]]);
      if (gesture?.tool === 'free') gesture.points.push(cursor);
      else if (gesture) gesture.points = [gesture.points[0]!, cursor];
      return showPreview();
    }
    if (tool === 'text') {
      const r = stage.getBoundingClientRect();
      const s = renderer.toScreen(cursor[0] * CELL_SIZE_PX, cursor[1] * CELL_SIZE_PX);
      return openField(cursor, { x: r.left + s.x, y: r.top + s.y });
    }
    if (tool === 'eraser') return erase(cursor);
    if (gesture) return finish();
    gesture = { tool, points: [cursor], keyboard: true };
    model.say(`${labelOf(tool)} started: arrow keys draw it, Enter finishes, Esc cancels`);
    showPreview();
  };

  // After every helper above exists: effects run once at once.
  const stops = [
    effect(() => renderer.setDrawings(drawings.value, isGm)),
    effect(() => {
      const { tool } = state.value;
      stage.style.cursor = tool ? 'crosshair' : '';
      // The map takes the keyboard's focus only while a tool is in hand.
      if (tool) {
        stage.tabIndex = 0;
        stage.setAttribute(
          'aria-label',
          `Map: drawing with the ${labelOf(tool)}. Arrow keys move, Enter marks, Esc cancels`,
        );
      } else {
        stage.removeAttribute('tabindex');
        stage.removeAttribute('aria-label');
        cancel();
        cursor = null;
        showPreview();
      }
    }),
  ];

  window.addEventListener('pointerdown', down, { capture: true });
  window.addEventListener('pointermove', move);
  window.addEventListener('pointerup', up);
  window.addEventListener('pointercancel', up);
  window.addEventListener('keydown', key, { capture: true });
  Object.defineProperty(window, '__iconVttDrawings', {
    configurable: true,
    writable: false,
    value: () => renderer.drawings.list(),
  });
  return () => {
    stops.forEach((stop) => stop());
    closeField();
    window.removeEventListener('pointerdown', down, { capture: true });
    window.removeEventListener('pointermove', move);
    window.removeEventListener('pointerup', up);
    window.removeEventListener('pointercancel', up);
    window.removeEventListener('keydown', key, { capture: true });
  };
}

const labelOf = (tool: DrawTool): string => DRAW_TOOLS.find((t) => t.tool === tool)!.label;
const shapeTool = (shape: DrawingShape): DrawTool => shape.kind;
