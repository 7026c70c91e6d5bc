import type { RoomModel } from '../model/RoomModel';

/**
 * The line-of-sight tool: pick any square or token, then another; the line is drawn and the
 * panel says whether sight is blocked, by which squares and why, and whether the target has
 * cover. Works with or without a fight running (GM planning).
 */
export function SightPanel({ model }: { model: RoomModel }) {
  const s = model.combat.value;
  const r = s.sightMode ? model.derived.value?.sight : null;
  const who = (e: NonNullable<typeof r>['from']) => e.tokenName ?? `(${e.cell.x},${e.cell.y})`;
  return (
    <section class="combat-sight" data-testid="sight-panel" aria-label="Line of sight">
      <button
        data-testid="sight-tool"
        class={s.sightMode ? 'active' : ''}
        aria-pressed={s.sightMode}
        onClick={() =>
          s.sightMode
            ? model.update({ sightMode: false, sightFrom: null, sightTo: null })
            : model.update({ sightMode: true, choiceId: null, targetId: null })
        }
      >
        {s.sightMode ? 'Close line of sight' : 'Line of sight'}
      </button>
      {s.sightMode && !s.sightFrom && <div class="hint">Click the square (or token) to look from.</div>}
      {s.sightMode && s.sightFrom && !r && (
        <div class="hint">Now point at the square to look at; click to fix it.</div>
      )}
      {r && (
        <>
          <div data-testid="sight-summary" class={r.sight.visible ? 'legal' : 'illegal'}>
            {`${who(r.from)} → ${who(r.to)}: ${r.summary}`}
          </div>
          {r.lines.map((l, i) => (
            <div key={i} data-testid="sight-line">
              {l}
            </div>
          ))}
        </>
      )}
    </section>
  );
}
