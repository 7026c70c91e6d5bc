import type { Battlefield } from '../grid/battlefield';
import { makeBattlefield } from '../grid/battlefield';
import { movementModeOf } from '../rules/movementMode';
import type { TableState } from './snapshot';

/**
 * The battlefield the rules see in a snapshot: every combatant token the reader can see
 * (incapacitated ones flagged), plus hidden tokens named in `extraIds` (the GM moving an
 * unrevealed foe), judged with the room's settings (`tallTerrainBlocksSight`). Hidden tokens
 * never obstruct anyone else, so what a player's client computes from its snapshot is what the
 * server checks. Null when the room has no map yet.
 * Used by the server's intent handlers and by the UI's previews alike.
 */
export function battlefieldOf(
  snapshot: TableState,
  extraIds: string | readonly string[] = [],
): Battlefield | null {
  if (!snapshot.map) return null;
  const extra = typeof extraIds === 'string' ? [extraIds] : extraIds;
  const occupants = snapshot.tokens
    .filter((t) => t.combatant && (!t.hidden || extra.includes(t.id)))
    .map((t) => {
      // A Flying / Phasing trait or a status granting it (src/rules/movementMode.ts).
      const mode = movementModeOf(
        { statBlock: t.statBlock, statuses: t.state?.statuses ?? [] },
        snapshot.statusCatalog,
      );
      return {
        id: t.id,
        name: t.name,
        cell: t.cell,
        size: t.size,
        side: t.side,
        incapacitated: t.state?.incapacitated ?? false,
        ...(mode.flying ? { flying: true } : {}),
        ...(mode.phasing ? { phasing: true } : {}),
      };
    });
  // The room's settings go along so sight, cover and areas honour `tallTerrainBlocksSight`, and
  // movement `defeatedPlayersObstruct` and `allySpaceForbids`.
  return makeBattlefield(snapshot.map, occupants, snapshot.chapter, snapshot.settings);
}
