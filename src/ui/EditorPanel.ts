import type { MapData, SpaceType } from '../schema/map';
import { el, setChildren } from './dom';
import type { EditorTool } from './editorTools';
import type { EditorState } from './InputController';
import { mapFileName, serializeMap } from './mapFile';
import type { GmActions } from './TableSession';

const SPACES: Array<[SpaceType, string]> = [
  ['ground', 'Ground'],
  ['difficult', 'Difficult'],
  ['dangerous', 'Dangerous'],
  ['impassable', 'Impassable'],
  ['edge', 'Edge'],
];

/**
 * GM map editor: tool (brush / rectangle / fill), what to paint (space type and/or height),
 * brush size, map size, undo/redo and "save as file". Setting a tool puts the battlefield in
 * paint mode; "Stop editing" returns to moving tokens.
 */
export function editorPanel(
  gm: GmActions,
  getMap: () => MapData,
  onChange: (state: EditorState | undefined) => void,
): HTMLElement {
  let state: EditorState | undefined;
  const root = el('section', { 'data-testid': 'editor-panel' });
  const render = (): void => {
    const map = getMap();
    const toolBtn = (tool: EditorTool, label: string): HTMLButtonElement => {
      const b = el(
        'button',
        { 'data-testid': `tool-${tool}`, 'aria-pressed': String(state?.tool === tool) },
        label,
      );
      b.onclick = () => {
        state = { tool, paint: state?.paint ?? { height: 1 }, radius: state?.radius ?? 0 };
        onChange(state);
        render();
      };
      return b;
    };
    const spaceSel = el(
      'select',
      { 'data-testid': 'paint-space' },
      el('option', { value: '' }, '(keep)'),
      ...SPACES.map(([v, l]) => el('option', { value: v }, l)),
    );
    spaceSel.value = state?.paint.space ?? '';
    const heightSel = el(
      'select',
      { 'data-testid': 'paint-height' },
      el('option', { value: '' }, '(keep)'),
      ...[0, 1, 2, 3].map((h) => el('option', { value: String(h) }, `Height ${h}`)),
    );
    heightSel.value = state?.paint.height === undefined ? '' : String(state.paint.height);
    const radius = el('input', {
      type: 'number',
      min: 0,
      max: 5,
      value: state?.radius ?? 0,
      'data-testid': 'brush-radius',
    });
    const update = (): void => {
      if (!state) state = { tool: 'brush', paint: {}, radius: 0 };
      state = {
        ...state,
        paint: {
          ...(spaceSel.value ? { space: spaceSel.value as SpaceType } : {}),
          ...(heightSel.value !== '' ? { height: Number(heightSel.value) } : {}),
        },
        radius: Math.max(0, Math.min(5, Number(radius.value) || 0)),
      };
      onChange(state);
      render();
    };
    spaceSel.onchange = update;
    heightSel.onchange = update;
    radius.onchange = update;
    const stop = el('button', { 'data-testid': 'tool-none', 'aria-pressed': String(!state) }, 'Move tokens');
    stop.onclick = () => {
      state = undefined;
      onChange(undefined);
      render();
    };
    const w = el('input', { type: 'number', min: 1, max: 200, value: map.width, 'data-testid': 'map-width' });
    const h = el('input', {
      type: 'number',
      min: 1,
      max: 200,
      value: map.height,
      'data-testid': 'map-height',
    });
    const resize = el('button', { 'data-testid': 'map-resize' }, 'Resize');
    resize.onclick = () =>
      gm.resize(
        Math.max(1, Math.min(200, Number(w.value) || map.width)),
        Math.max(1, Math.min(200, Number(h.value) || map.height)),
      );
    const undo = el('button', { 'data-testid': 'undo', title: 'Ctrl+Z' }, 'Undo');
    undo.onclick = () => gm.undo();
    const redo = el('button', { 'data-testid': 'redo', title: 'Ctrl+Shift+Z' }, 'Redo');
    redo.onclick = () => gm.redo();
    const save = el('button', { 'data-testid': 'map-save' }, 'Save map file');
    save.onclick = () => {
      const m = getMap();
      const a = el('a', {
        href: URL.createObjectURL(new Blob([serializeMap(m)], { type: 'application/json' })),
        download: mapFileName(m),
      });
      a.click();
      setTimeout(() => URL.revokeObjectURL(a.href), 1000);
    };
    setChildren(
      root,
      el('h3', {}, 'Map editor'),
      el(
        'div',
        { class: 'row' },
        stop,
        toolBtn('brush', 'Brush'),
        toolBtn('rect', 'Rect'),
        toolBtn('fill', 'Fill'),
      ),
      el('div', { class: 'row' }, el('label', {}, 'Space'), spaceSel),
      el('div', { class: 'row' }, el('label', {}, 'Height'), heightSel),
      el('div', { class: 'row' }, el('label', {}, 'Brush r.'), radius),
      el('div', { class: 'row' }, el('label', {}, 'Size'), w, '×', h, resize),
      el('div', { class: 'row' }, undo, redo, save),
    );
  };
  render();
  return root;
}
