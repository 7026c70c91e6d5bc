import type { Battlefield } from './battlefield';
import { FLAG_ALLY, FLAG_EDGE, movementModel, positionFlags } from './movementModel';
import type { MovementMode } from './movementModel';
import { reach } from './reach';

/** Why a character may not end its turn where it stands, and whether its movement left can fix it. */
export type TurnEndCheck =
  | { ok: true }
  | {
      ok: false;
      /** 'ally': on an ally's space (rulebook: Movement); 'edge': a flier on an edge (rulebook: Edges). */
      why: 'ally' | 'edge';
      /** The movement left reaches a space where the turn may end. */
      canMoveOff: boolean;
    };

/**
 * May the mover end its turn where it stands? Allies can be passed through and a move may stop on
 * one, but the turn may not end there; fliers cross edge areas but may not end their turn in one.
 * `budget` is the movement it still has (squares), used to tell whether it can still step off.
 */
export function turnEndCheck(
  bf: Battlefield,
  moverId: string,
  budget: number,
  mode: MovementMode = {},
): TurnEndCheck {
  const m = movementModel(bf, moverId, false, undefined, mode);
  const flags = positionFlags(m, m.mover.cell.x, m.mover.cell.y);
  const why = flags & FLAG_ALLY ? 'ally' : m.flying && flags & FLAG_EDGE ? 'edge' : null;
  if (!why) return { ok: true };
  const canMoveOff = reach(bf, moverId, { ...mode, budget }).spaces.some((s) => s.turnMayEnd);
  return { ok: false, why, canMoveOff };
}
