import type { CellData } from '../../schema/cell';
import type { EncounterFoe } from '../../schema/encounter';
import { squareName } from '../../grid/footprintFit';

/**
 * The placed foes in the encounter's order, each numbered as on the picture and named as the
 * room will name it ("Hollow Husk 2"), with its square; it can be marked hidden (it starts hidden
 * from players), moved (then a square is chosen on the picture) or removed.
 */
export function PlacedList({
  foes,
  names,
  movingId,
  partyStarts,
  onHidden,
  onMove,
  onRemove,
}: {
  foes: readonly EncounterFoe[];
  names: readonly string[];
  movingId: string | undefined;
  partyStarts: readonly CellData[];
  onHidden: (id: string, hidden: boolean) => void;
  onMove: (id: string) => void;
  onRemove: (id: string) => void;
}) {
  return (
    <div class="placed-foes">
      <h4>
        Foes <span class="muted">({foes.length})</span>
      </h4>
      {foes.length === 0 && <p class="muted">None yet: choose a foe, then a square on the map.</p>}
      <ul data-testid="encounter-foes">
        {foes.map((foe, i) => {
          const name = names[i]!;
          return (
            <li key={foe.id} class={foe.id === movingId ? 'moving' : undefined}>
              <span>
                <span class="placed-number" aria-hidden="true">
                  {i + 1}.
                </span>{' '}
                {name} at {squareName(foe.cell)}
              </span>
              <span class="placed-foe-actions">
                <label>
                  <input
                    type="checkbox"
                    checked={foe.hidden}
                    aria-label={`${name} starts hidden`}
                    onChange={(e) => onHidden(foe.id, e.currentTarget.checked)}
                  />{' '}
                  hidden
                </label>
                <button
                  type="button"
                  aria-pressed={foe.id === movingId}
                  aria-label={`Move ${name}`}
                  onClick={() => onMove(foe.id)}
                >
                  Move
                </button>
                <button type="button" aria-label={`Remove ${name}`} onClick={() => onRemove(foe.id)}>
                  Remove
                </button>
              </span>
            </li>
          );
        })}
      </ul>
      <p class="muted" data-testid="encounter-starts">
        Party starts: {partyStarts.length ? partyStarts.map(squareName).join(', ') : 'none yet'}
      </p>
    </div>
  );
}
