import { squareName } from '../../grid/footprintFit';
import type { RoomModel } from '../model/RoomModel';

/**
 * The GM's doors: one line per door of the map with its state and a button that opens or closes
 * it (a GM write, undoable; players see it at once). Squares are named as everywhere else on the
 * table (log, status line, refusals), so the GM finds the door the status line points at. A
 * refusal is said on the status line, like every GM write's.
 */
export function DoorsPanel({ model }: { model: RoomModel }) {
  const gm = model.session.gm;
  const doors = model.scene.value.map.doors ?? [];
  if (!gm?.setDoor || doors.length === 0) return null;
  return (
    <section data-testid="doors-panel" aria-label="Doors">
      <h3>Doors</h3>
      <ul class="door-list">
        {doors.map((d) => (
          <li key={`${d.x},${d.y}`}>
            <span>{`Door at ${squareName(d)}: ${d.closed ? 'closed' : 'open'}`}</span>
            <button type="button" onClick={() => gm.setDoor!(d, !d.closed)}>
              {d.closed ? 'Open door' : 'Close door'}
            </button>
          </li>
        ))}
      </ul>
    </section>
  );
}
