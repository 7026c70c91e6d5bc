import { signal, type Signal } from '@preact/signals';

/** The drawing tools (issue 15): shapes, a text note, and the eraser. */
export type DrawTool = 'free' | 'line' | 'rect' | 'circle' | 'text' | 'eraser';

export const DRAW_TOOLS: readonly { tool: DrawTool; label: string; icon: string }[] = [
  { tool: 'free', label: 'Pen', icon: '✎' },
  { tool: 'line', label: 'Line', icon: '╱' },
  { tool: 'rect', label: 'Rectangle', icon: '▭' },
  { tool: 'circle', label: 'Circle', icon: '◯' },
  { tool: 'text', label: 'Text', icon: 'T' },
  { tool: 'eraser', label: 'Eraser', icon: '⌫' },
];

export interface DrawState {
  /** The tools' box is open. */
  readonly open: boolean;
  /** The tool in hand; null = the map moves tokens as usual. */
  readonly tool: DrawTool | null;
  /** GM only: new drawings go to the GM's layer (players never see it). */
  readonly gmLayer: boolean;
}

const states = new WeakMap<object, Signal<DrawState>>();

/**
 * The drawing tools' state of one room page, shared by the tools' box (DrawTools) and the map's
 * gestures (attachDrawing), keyed by the room model so neither reaches into the other.
 */
export function drawStateOf(model: object): Signal<DrawState> {
  let state = states.get(model);
  if (!state) {
    state = signal<DrawState>({ open: false, tool: null, gmLayer: false });
    states.set(model, state);
  }
  return state;
}
