import { useState } from 'preact/hooks';
import type { SpaceType } from '../../schema/map';
import { BattlemapFieldset } from '../backdrop/BattlemapFieldset';
import type { EditorTool } from '../editorTools';
import type { EditorState } from '../InputController';
import { mapFileName, serializeMap } from '../mapFile';
import type { RoomModel } from '../model/RoomModel';
import { mapImportChunk } from '../lazy/chunks';
import { Lazy } from '../lazy/Lazy';

const SPACES: Array<[SpaceType, string]> = [
  ['ground', 'Ground'],
  ['difficult', 'Difficult'],
  ['dangerous', 'Dangerous'],
  ['impassable', 'Impassable'],
  ['edge', 'Edge'],
];

/** The largest map side the resize accepts (the map schema's bound). */
const MAX_SIDE = 200;

/**
 * GM map editor: tool (brush / rectangle / fill), what to paint (space type and/or height),
 * brush size, map size, undo/redo and "save as file". Setting a tool puts the battlefield in
 * paint mode (`onChange` hands the brush to the battlefield's input); "Move tokens" returns to
 * moving tokens. The map file import and the doors list come with the map import chunk, fetched
 * when the GM's table first draws this panel.
 */
export function EditorPanel({
  model,
  onChange,
}: {
  model: RoomModel;
  onChange: (state: EditorState | undefined) => void;
}) {
  const gm = model.session.gm;
  const map = model.scene.value.map;
  const [state, setState] = useState<EditorState | undefined>(undefined);
  // What the GM typed into the size fields, until Resize; the map's size otherwise.
  const [size, setSize] = useState<{ w: string; h: string } | null>(null);
  if (!gm) return null;
  const choose = (next: EditorState | undefined) => {
    setState(next);
    onChange(next);
  };
  const paintWith = (patch: { space?: string; height?: string; radius?: string }) => {
    const base = state ?? { tool: 'brush' as const, paint: {}, radius: 0 };
    const space = patch.space ?? base.paint.space ?? '';
    const height = patch.height ?? (base.paint.height === undefined ? '' : String(base.paint.height));
    choose({
      ...base,
      paint: {
        ...(space ? { space: space as SpaceType } : {}),
        ...(height !== '' ? { height: Number(height) } : {}),
      },
      radius: patch.radius !== undefined ? Math.max(0, Math.min(5, Number(patch.radius) || 0)) : base.radius,
    });
  };
  const toolButton = (tool: EditorTool, label: string) => (
    <button
      data-testid={`tool-${tool}`}
      aria-pressed={state?.tool === tool}
      onClick={() => choose({ tool, paint: state?.paint ?? { height: 1 }, radius: state?.radius ?? 0 })}
    >
      {label}
    </button>
  );
  const shown = size ?? { w: String(map.width), h: String(map.height) };
  const side = (v: string, fallback: number) =>
    Math.max(1, Math.min(MAX_SIDE, Math.floor(Number(v)) || fallback));
  const save = () => {
    const a = document.createElement('a');
    a.href = URL.createObjectURL(new Blob([serializeMap(map)], { type: 'application/json' }));
    a.download = mapFileName(map);
    a.click();
    setTimeout(() => URL.revokeObjectURL(a.href), 1000);
  };
  return (
    <section data-testid="editor-panel" aria-label="Map editor">
      <h3>Map editor</h3>
      <div class="row">
        <button data-testid="tool-none" aria-pressed={!state} onClick={() => choose(undefined)}>
          Move tokens
        </button>
        {toolButton('brush', 'Brush')}
        {toolButton('rect', 'Rect')}
        {toolButton('fill', 'Fill')}
      </div>
      <div class="row">
        <label for="paint-space">Space</label>
        <select
          id="paint-space"
          data-testid="paint-space"
          value={state?.paint.space ?? ''}
          onChange={(e) => paintWith({ space: e.currentTarget.value })}
        >
          <option value="">(keep)</option>
          {SPACES.map(([v, l]) => (
            <option key={v} value={v}>
              {l}
            </option>
          ))}
        </select>
      </div>
      <div class="row">
        <label for="paint-height">Height</label>
        <select
          id="paint-height"
          data-testid="paint-height"
          value={state?.paint.height === undefined ? '' : String(state.paint.height)}
          onChange={(e) => paintWith({ height: e.currentTarget.value })}
        >
          <option value="">(keep)</option>
          {[0, 1, 2, 3].map((h) => (
            <option key={h} value={String(h)}>{`Height ${h}`}</option>
          ))}
        </select>
      </div>
      <div class="row">
        <label for="brush-radius">Brush r.</label>
        <input
          id="brush-radius"
          type="number"
          min={0}
          max={5}
          value={state?.radius ?? 0}
          data-testid="brush-radius"
          onChange={(e) => paintWith({ radius: e.currentTarget.value })}
        />
      </div>
      <div class="row">
        <label for="map-width">Size</label>
        <input
          id="map-width"
          type="number"
          min={1}
          max={MAX_SIDE}
          value={shown.w}
          data-testid="map-width"
          onInput={(e) => setSize({ ...shown, w: e.currentTarget.value })}
        />
        ×
        <input
          type="number"
          aria-label="Map height"
          min={1}
          max={MAX_SIDE}
          value={shown.h}
          data-testid="map-height"
          onInput={(e) => setSize({ ...shown, h: e.currentTarget.value })}
        />
        <button
          data-testid="map-resize"
          onClick={() => {
            gm.resize(side(shown.w, map.width), side(shown.h, map.height));
            setSize(null);
          }}
        >
          Resize
        </button>
      </div>
      <div class="row">
        <button data-testid="undo" title="Ctrl+Z" onClick={() => gm.undo()}>
          Undo
        </button>
        <button data-testid="redo" title="Ctrl+Shift+Z" onClick={() => gm.redo()}>
          Redo
        </button>
        <button data-testid="map-save" onClick={save}>
          Save map file
        </button>
      </div>
      <BattlemapFieldset model={model} />
      <Lazy
        chunk={mapImportChunk}
        render={(m) => (
          <>
            <m.MapImportPanel model={model} />
            <m.DoorsPanel model={model} />
          </>
        )}
      />
    </section>
  );
}
