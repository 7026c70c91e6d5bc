import type { Battlefield } from '../../grid/battlefield';
import { turnEndCheck } from '../../grid/turnEnd';
import type { Combatant } from '../../schema/combatant';
import { effectiveSpeed } from '../../rules/statuses';
import type { IntentContext, Refusal } from './IntentContext';
import { intentBattlefield, refuse } from './IntentContext';

/** Squares of standard move the combatant still has this turn (0 once the move is spent). */
export function standardMoveLeft(ctx: IntentContext, c: Combatant): number {
  return c.turn.moveSpent
    ? 0
    : Math.max(0, effectiveSpeed(c, ctx.snapshot.statusCatalog) - c.turn.movementUsed);
}

/** Who else stands on the mover's squares (for the refusal's wording). */
function sharerName(ctx: IntentContext, bf: Battlefield, id: string): string {
  const me = bf.occupants.find((o) => o.id === id)!;
  const other = bf.occupants.find(
    (o) =>
      o.id !== id &&
      o.cell.x < me.cell.x + me.size &&
      me.cell.x < o.cell.x + o.size &&
      o.cell.y < me.cell.y + me.size &&
      me.cell.y < o.cell.y + o.size,
  );
  return other ? (ctx.snapshot.tokensById[other.id]?.name ?? other.id) : 'an ally';
}

/**
 * End turn (rulebook: Movement "…cannot end your turn in their space"; Edges "Flying characters can
 * cross but not end their turn in an edge area"): refused while the character could still move
 * off. A flier with no way off stays and makes the edge save like anyone (docs/rules.md).
 */
export function turnEndRefusal(ctx: IntentContext, c: Combatant, name: string): Refusal | null {
  const bf = intentBattlefield(ctx, c.id);
  const left = standardMoveLeft(ctx, c);
  const check = turnEndCheck(bf, c.id, left);
  if (check.ok || !check.canMoveOff) return null;
  return check.why === 'ally'
    ? refuse(
        `${name} stands in ${sharerName(ctx, bf, c.id)}'s space: move off it before ending the turn (allies can be passed through, but a turn cannot end in their space)`,
      )
    : refuse(
        `${name} is flying over an edge: move off the edge before ending the turn (a flier cannot end its turn there)`,
      );
}

/**
 * A move may stop where the turn may not end (an ally's space; an edge, for a flier) only with
 * movement left to step off again, so ending the turn never becomes impossible. Out of combat
 * there are no turns, so such a stop is simply refused.
 */
export function moveEndRefusal(
  ctx: IntentContext,
  bf: Battlefield,
  id: string,
  name: string,
  end: { x: number; y: number },
  inCombat: boolean,
  leftAfter: number,
): Refusal | null {
  const moved = { ...bf, occupants: bf.occupants.map((o) => (o.id === id ? { ...o, cell: end } : o)) };
  const check = turnEndCheck(moved, id, inCombat ? leftAfter : 0);
  if (check.ok || check.canMoveOff) return null;
  if (!inCombat) {
    const where = check.why === 'ally' ? `in ${sharerName(ctx, moved, id)}'s space` : 'over an edge';
    return refuse(`${name} cannot stop ${where} at (${end.x},${end.y}): it can only pass through`);
  }
  const left = `${leftAfter} square${leftAfter === 1 ? '' : 's'} of movement left`;
  return check.why === 'ally'
    ? refuse(
        `${name} cannot stop in ${sharerName(ctx, moved, id)}'s space at (${end.x},${end.y}) with ${left} to step off: a turn cannot end in an ally's space`,
      )
    : refuse(
        `${name} cannot stop over the edge at (${end.x},${end.y}) with ${left} to fly off: a flier cannot end its turn on an edge`,
      );
}
