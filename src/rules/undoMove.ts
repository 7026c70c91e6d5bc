import type { Combatant, LastMove } from '../schema/combatant';
import type { CellData } from '../schema/cell';
import type { Refusal } from './health';

/** JSON with object keys sorted: the same data gives the same text whatever order it was built in. */
function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  if (value && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, v]) => v !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonical(v)}`).join(',')}}`;
  }
  return JSON.stringify(value);
}

/** FNV-1a over the canonical JSON, as 8 hex digits: a short mark that changes when the data does. */
function mark(value: unknown): string {
  const text = canonical(value);
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return (h >>> 0).toString(16).padStart(8, '0');
}

/**
 * Two marks of a combatant: `acted` covers its action economy (any action, ability, move or
 * interrupt changes it), `state` everything else (HP, vigor, statuses, blights, flags…).
 */
export function moveFingerprints(c: Combatant): { actedMark: string; stateMark: string } {
  const {
    statBlock: _s,
    lastMove: _l,
    turn,
    usedThisRound,
    attackedThisRound,
    interruptsSinceTurn,
    interruptLastTurn,
    ...rest
  } = c;
  return {
    actedMark: mark([turn, usedThisRound, attackedThisRound, interruptsSinceTurn, interruptLastTurn]),
    stateMark: mark(rest),
  };
}

/** Records a move on the mover (after its costs and any damage), so it can be taken back. */
export function recordMove(
  before: Combatant,
  after: Combatant,
  move: { turnSerial: number; from: CellData; to: CellData; dealtDamage: boolean },
): Combatant {
  const lastMove: LastMove = {
    ...move,
    from: { x: move.from.x, y: move.from.y },
    to: { x: move.to.x, y: move.to.y },
    before: { turn: before.turn, usedThisRound: before.usedThisRound },
    ...moveFingerprints(after),
  };
  return { ...after, lastMove };
}

/**
 * Taking back a move (docs/rules/movement.md#taking-back-a-move): before the character acts after moving,
 * the move may be undone and its movement (and a Run's or Dash's actions) given back, as long as
 * nothing else has happened to the character since. Where it stands and whether its start square
 * is free are the battlefield's questions (the caller's).
 */
export function undoMove(
  current: Combatant,
  turnSerial: number,
): { ok: true; combatant: Combatant; lastMove: LastMove } | Refusal {
  const last = current.lastMove;
  if (!last || last.turnSerial !== turnSerial)
    return { ok: false, reason: `${current.name} has no move to take back this turn` };
  const never = 'it can no longer be taken back';
  if (last.dealtDamage)
    return { ok: false, reason: `that move dealt damage (dangerous terrain or a fall): ${never}` };
  const now = moveFingerprints(current);
  if (now.actedMark !== last.actedMark)
    return { ok: false, reason: `${current.name} has acted since that move: ${never}` };
  if (now.stateMark !== last.stateMark)
    return { ok: false, reason: `something else happened to ${current.name} since that move: ${never}` };
  return {
    ok: true,
    combatant: {
      ...current,
      turn: last.before.turn,
      usedThisRound: last.before.usedThisRound,
      lastMove: null,
    },
    lastMove: last,
  };
}
