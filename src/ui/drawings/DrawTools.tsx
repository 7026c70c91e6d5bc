import { useState } from 'preact/hooks';
import type { RoomModel } from '../model/RoomModel';
import { drawStateOf, DRAW_TOOLS, type DrawTool } from './drawState';

/**
 * The toolbar's "Draw" button and its box of tools (issue 15; docs/ui.md "Drawing"): pen, line,
 * rectangle, circle, text and eraser; for the GM a "GM layer only" switch; Clear mine; and the
 * GM's Clear all, asked first. Closing the box puts the tool down (the map moves tokens again).
 */
export function DrawTools({ model }: { model: RoomModel }) {
  const state = drawStateOf(model);
  const { open, tool, gmLayer } = state.value;
  const isGm = model.viewer.role === 'gm';
  const [asking, setAsking] = useState(false);
  const set = (patch: Partial<typeof state.value>) => (state.value = { ...state.peek(), ...patch });

  const toggleOpen = () => {
    set({ open: !open, tool: open ? null : tool });
    setAsking(false);
    if (open) model.say('Drawing tools put down: the map moves tokens again');
  };
  const pick = (next: DrawTool, label: string) => {
    const same = tool === next;
    set({ tool: same ? null : next });
    model.say(
      same
        ? `${label} put down: the map moves tokens again`
        : next === 'eraser'
          ? `Eraser: press a drawing${isGm ? '' : ' of yours'} to erase it`
          : next === 'text'
            ? 'Text: press the map where the note goes, type, then Enter'
            : `${label}: drag on the map to draw`,
    );
  };
  const clear = (scope: 'mine' | 'all') => {
    setAsking(false);
    void model.report(
      { kind: 'clear-drawings', scope },
      scope === 'all' ? 'Every drawing cleared' : 'Your drawings cleared',
      'Clear refused',
    );
  };

  return (
    <>
      <button
        type="button"
        title="Draw and write notes on the map"
        aria-expanded={open}
        aria-controls="draw-tools"
        data-testid="draw-open"
        class={open ? 'active' : ''}
        onClick={toggleOpen}
      >
        ✐
      </button>
      {open && (
        <div
          id="draw-tools"
          class="draw-tools"
          role="group"
          aria-label="Drawing tools"
          data-testid="draw-tools"
        >
          <div class="draw-tool-row">
            {DRAW_TOOLS.map(({ tool: t, label, icon }) => (
              <button
                type="button"
                key={t}
                aria-pressed={tool === t}
                title={label}
                aria-label={label}
                data-testid={`draw-tool-${t}`}
                onClick={() => pick(t, label)}
              >
                <span aria-hidden="true">{icon}</span>
                <span class="draw-tool-name" aria-hidden="true">
                  {' '}
                  {label}
                </span>
              </button>
            ))}
          </div>
          {isGm && (
            <label class="draw-gm-layer">
              <input
                type="checkbox"
                checked={gmLayer}
                data-testid="draw-gm-layer"
                onChange={(e) => set({ gmLayer: (e.currentTarget as HTMLInputElement).checked })}
              />{' '}
              GM layer only <span class="muted">(players never see it; drawn dashed)</span>
            </label>
          )}
          <p class="draw-help muted" data-testid="draw-help">
            Drag on the map (mouse, finger or pen). Keyboard: Tab to the map, arrows move, Enter starts and
            ends, Esc cancels.
          </p>
          <div class="draw-tool-row">
            <button type="button" data-testid="draw-clear-mine" onClick={() => clear('mine')}>
              Clear mine
            </button>
            {isGm && !asking && (
              <button type="button" data-testid="draw-clear-all" onClick={() => setAsking(true)}>
                Clear all…
              </button>
            )}
            <button type="button" data-testid="draw-done" onClick={toggleOpen}>
              Done
            </button>
          </div>
          {isGm && asking && (
            <div
              class="draw-confirm"
              role="alertdialog"
              aria-label="Clear all drawings?"
              data-testid="draw-clear-confirm"
            >
              <p>Clear every drawing, everyone's, on both layers (table and GM)?</p>
              <button
                type="button"
                class="danger"
                data-testid="draw-clear-confirm-yes"
                onClick={() => clear('all')}
              >
                Clear all
              </button>{' '}
              <button type="button" data-testid="draw-clear-keep" onClick={() => setAsking(false)}>
                Keep them
              </button>
            </div>
          )}
        </div>
      )}
    </>
  );
}
