import type { ReadonlySignal } from '@preact/signals';
import type { CellData } from '../../schema/cell';
import type { ThreatChoice } from './ThreatPanel';
import type { ThreatTool } from './threatTool';
import type { ThreatWho } from './threatView';

const whoValue = (who: ThreatWho) => (typeof who === 'string' ? who : `id:${who.id}`);
const whoOf = (value: string): ThreatWho =>
  value.startsWith('id:') ? { id: value.slice(3) } : (value as 'foes' | 'party');
const at = (c: CellData) => `(${c.x},${c.y})`;

/**
 * The threat map's controls once it is open (fetched with the threat chunk): whose attacks, who
 * to plan for, the ★ Danger heat map, a one-line summary and the inspector for the square under
 * the pointer (or the one tapped). Reads the tool's view; the map draws the same view.
 */
export function ThreatControls<T>({
  tool,
  characters,
  pointer,
  defaultPlanned,
}: {
  tool: ThreatTool<T>;
  characters: readonly ThreatChoice[];
  pointer: ReadonlySignal<CellData | null>;
  defaultPlanned: string | null;
}) {
  const s = tool.state.value;
  const view = tool.view.value;
  const plannable = characters.filter((c) => c.known);
  const planned = s.plannedId ?? defaultPlanned ?? plannable.find((c) => c.side === 'party')?.id ?? null;
  // Nothing pointed at: where the planned-for character stands (a keyboard user's answer too).
  const square = pointer.value ?? s.pinned ?? view?.planned?.cell ?? null;
  const inspection = s.on ? tool.inspect(square) : null;
  const plannedName = plannable.find((c) => c.id === planned)?.name;
  let summary = '';
  if (view && !view.danger) {
    let squares = 0;
    for (const n of view.count) if (n > 0) squares++;
    const n = view.attackers.length;
    summary = `${squares} square${squares === 1 ? '' : 's'} threatened by ${n} character${n === 1 ? '' : 's'}.`;
  } else if (view?.dangerMap) {
    const d = view.dangerMap;
    const safest =
      d.safest.slice(0, 4).map(at).join(', ') +
      (d.safest.length > 4 ? ` and ${d.safest.length - 4} more` : '');
    const least = d.safest[0] ? d.expected[d.safest[0].y * d.width + d.safest[0].x]! : 0;
    summary = d.safest.length
      ? `Safest within reach: ${safest} (${least > 0 ? `about ${least.toFixed(1)} damage` : 'no attack reaches them'} next round).`
      : `${plannedName ?? 'This character'} cannot move this turn.`;
  }
  return (
    <>
      {s.on && (
        <div class="threat-controls">
          <label>
            Attacks of{' '}
            <select
              data-testid="threat-who"
              value={whoValue(s.who)}
              onChange={(e) => tool.update({ who: whoOf((e.target as HTMLSelectElement).value) })}
            >
              <option value="foes">every foe</option>
              <option value="party">every party character</option>
              {characters.map((c) => (
                <option key={c.id} value={`id:${c.id}`}>
                  {c.name}
                </option>
              ))}
            </select>
          </label>
          {plannable.length > 0 && (
            <label>
              Plan for{' '}
              <select
                data-testid="threat-planned"
                value={planned ?? ''}
                onChange={(e) => tool.update({ plannedId: (e.target as HTMLSelectElement).value })}
              >
                {plannable.map((c) => (
                  <option key={c.id} value={c.id}>
                    {c.name}
                  </option>
                ))}
              </select>
            </label>
          )}
          {plannable.length > 0 && (
            <button
              data-testid="threat-danger"
              class={s.danger ? 'active' : ''}
              aria-pressed={s.danger}
              onClick={() => tool.update({ danger: !s.danger, plannedId: planned })}
            >
              ★ Danger{plannedName ? ` for ${plannedName}` : ''}
            </button>
          )}
        </div>
      )}
      {s.on && (
        <div class="hint" data-testid="threat-summary" aria-live="polite">
          {tool.busy.value && !view ? 'Working out who can reach where…' : summary}
        </div>
      )}
      {s.on && view && view.leftOut.length > 0 && (
        <div class="hint" data-testid="threat-left-out">
          {`Left out, their stats are hidden: ${view.leftOut.join(', ')}.`}
        </div>
      )}
      {s.on && !pointer.value && !s.pinned && (
        <div class="hint">Point at a square (tap it on a phone) to see who threatens it.</div>
      )}
      {inspection && (
        <div class="threat-inspect" data-testid="threat-inspect">
          <div class="threat-square">
            {(inspection.target && !pointer.value && !s.pinned ? `Where ${inspection.target} stands, ` : '') +
              (inspection.rows.length === 0
                ? `${at(inspection.square)}: nobody can attack here next turn.`
                : `${at(inspection.square)}: ${inspection.rows.length} way${inspection.rows.length === 1 ? '' : 's'} to be hit`)}
          </div>
          <ul>
            {inspection.rows.map((r, i) => (
              <li key={i} data-testid="threat-row">
                {`${r.attacker}: ${r.ability} from ${at(r.from)}${r.space === 'area' ? ' (inside its area)' : ''}${r.cover ? ', cover' : ''}`}
                {r.odds && <div class="hint">{r.odds}</div>}
              </li>
            ))}
          </ul>
        </div>
      )}
    </>
  );
}
