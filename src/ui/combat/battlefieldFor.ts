import type { Battlefield } from '../../grid/battlefield';
import { makeBattlefield } from '../../grid/battlefield';
import type { RoomSnapshot } from '../../table/snapshot';

/**
 * The battlefield this reader's rules see: every combatant token in the snapshot (incapacitated
 * ones flagged), hidden tokens only when named in `extraIds`. It mirrors the server's
 * `battlefieldOf`, so what the targeting panel promises is what the server will check.
 */
export function battlefieldFor(snapshot: RoomSnapshot, extraIds: readonly string[] = []): Battlefield | null {
  if (!snapshot.map) return null;
  const occupants = snapshot.tokens
    .filter((t) => t.combatant && (!t.hidden || extraIds.includes(t.id)))
    .map((t) => ({
      id: t.id,
      cell: t.cell,
      size: t.size,
      side: t.side,
      incapacitated: t.state?.incapacitated ?? false,
    }));
  // The room's settings carry the geometry switches (e.g. `tallTerrainBlocksSight`).
  return makeBattlefield(snapshot.map, occupants, snapshot.chapter, snapshot.settings);
}
