import type { BrushMode, FogBrush } from './attachFogBrush';
import { BRUSH_SIZES } from './attachFogBrush';

const MODES: readonly { mode: BrushMode; label: string }[] = [
  { mode: 'off', label: 'Off' },
  { mode: 'reveal', label: 'Reveal' },
  { mode: 'hide', label: 'Hide again' },
];

const ROW = { display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: '4px 6px', margin: '4px 0' };

/**
 * The GM's fog brush (docs/ui/vision.md): off, Reveal or Hide again, and its size; shown under
 * "Fog of: the whole party". Without fog of war there is nothing to paint: it says so.
 */
export function FogBrushControls({ fogOn, brush }: { fogOn: boolean; brush: FogBrush }) {
  if (!fogOn)
    return (
      <div class="hint" data-testid="fog-brush-off-note">
        The brush paints what players have explored under fog of war (turn tracker): the whole party's with
        the party's sight, one player's with each player's own sight.
      </div>
    );
  const mode = brush.mode.value;
  const size = brush.size.value;
  const who = brush.player.value?.name ?? 'the party';
  return (
    <div data-testid="fog-brush">
      <div role="group" aria-label="Fog brush" style={ROW}>
        <span>Brush:</span>
        {MODES.map((m) => (
          <button
            key={m.mode}
            type="button"
            data-testid={`fog-brush-${m.mode}`}
            class={mode === m.mode ? 'active' : ''}
            aria-pressed={mode === m.mode}
            onClick={() => (brush.mode.value = m.mode)}
          >
            {m.label}
          </button>
        ))}
      </div>
      <div role="group" aria-label="Brush size" style={ROW}>
        <span>Size:</span>
        {BRUSH_SIZES.map((n) => (
          <button
            key={n}
            type="button"
            data-testid={`fog-brush-size-${n}`}
            class={size === n ? 'active' : ''}
            aria-pressed={size === n}
            aria-label={n === 1 ? '1 square' : `${n} by ${n} squares`}
            onClick={() => (brush.size.value = n)}
          >
            {n === 1 ? '1 square' : `${n}×${n}`}
          </button>
        ))}
      </div>
      <div class="hint" data-testid="fog-brush-hint">
        {mode === 'off'
          ? `Paint squares ${who} has explored: Reveal shows that terrain, dimmed; Hide again makes it dark again.`
          : `Drag on the map to ${mode === 'reveal' ? 'reveal squares to' : 'hide squares from'} ${who} (what they see now stays seen). Off, or Esc, puts the brush down.`}
      </div>
    </div>
  );
}
