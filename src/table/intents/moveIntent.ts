import type { IntentOf } from '../../schema/intent';
import type { Combatant } from '../../schema/combatant';
import { checkPath } from '../../grid/checkPath';
import type { MovementEvent } from '../../grid/movementEvents';
import type { DamageApplication } from '../../rules/applyDamage';
import { applyDamage } from '../../rules/applyDamage';
import { movementEventDamage } from '../../rules/movementDamage';
import { checkAction, spendAction } from '../../rules/actionEconomy';
import { effectiveSpeed } from '../../rules/statuses';
import { recordMove } from '../../rules/undoMove';
import { diffOf } from '../tableDiff';
import type { IntentHandler } from './IntentContext';
import { intentBattlefield, checkTurn, combatantOfToken, commandedToken, refuse } from './IntentContext';
import { moveEndRefusal, standardMoveLeft } from './turnEndRule';
import { offerInterrupts } from './interruptOffers';
import { defineAction } from './defineAction';
import type { Narrate } from './narration';
import { narrated, plain } from './narration';

/** Out of combat nobody counts squares; paths must still be legal (no walking through foes). */
const FREE_MOVE_BUDGET = 999;

/**
 * Move / Run / Dash ("Movement", "Actions on a turn"). In combat: a standard move spends squares
 * of Speed; Run costs 1 action for half Speed (rounded up); Dash costs 2 actions for Speed and
 * ignores engagement. The path is checked square by square by src/grid; dangerous squares and
 * falls along it deal their damage at once, as the rules engine's `movementEventDamage` says
 * ("Dangerous": chapter number, piercing; "Falling": 1 per level, armor per the room setting).
 */
export const moveIntent: IntentHandler<IntentOf<'move'>> = (ctx, intent) => {
  const token = commandedToken(ctx, intent.tokenId);
  if ('ok' in token) return token;
  const notTurn = checkTurn(ctx, token);
  if (notTurn) return notTurn;
  const inCombat = ctx.snapshot.turn !== null && token.combatant;
  const before = token.combatant ? combatantOfToken(token) : null;
  if (before && 'ok' in before) return before;
  if (before?.incapacitated) return refuse(`${token.name} is incapacitated and cannot move`);

  let budget = FREE_MOVE_BUDGET;
  let mover: Combatant | null = before;
  const catalog = ctx.snapshot.statusCatalog;
  const order = ctx.snapshot.turn;
  const actionContext = { onOwnTurn: true, turnSerial: order?.turnSerial ?? 0, catalog };
  if (inCombat && mover && intent.mode !== 'move') {
    const checked = checkAction(mover, { kind: 'basic', action: intent.mode }, actionContext);
    if (!checked.ok) return checked;
    budget = checked.charge.grantsMovement;
    mover = spendAction(mover, checked.charge, actionContext.turnSerial);
  } else if (inCombat && mover) {
    if (mover.turn.moveSpent) return refuse('your standard move is already spent this turn');
    budget = Math.max(0, effectiveSpeed(mover, catalog) - mover.turn.movementUsed);
  }

  const bf = intentBattlefield(ctx, token.id);
  const path = checkPath(bf, token.id, intent.path, { budget, dash: intent.mode === 'dash' });
  if (!path.ok) return refuse(path.reason);

  if (inCombat && mover && intent.mode === 'move' && path.cost > 0) {
    const checked = checkAction(mover, { kind: 'move', squares: path.cost }, actionContext);
    if (!checked.ok) return checked;
    mover = spendAction(mover, checked.charge, actionContext.turnSerial);
  }

  // A stop on an ally (or a flier's stop over an edge) needs movement left to step off again.
  const left = before ? (intent.mode === 'move' ? budget - path.cost : standardMoveLeft(ctx, before)) : 0;
  const stop = intent.path[intent.path.length - 1]!;
  const stuck = moveEndRefusal(ctx, bf, token.id, token.name, stop, Boolean(inCombat), left);
  if (stuck) return stuck;

  const damage: { event: MovementEvent; application: DamageApplication }[] = [];
  for (const event of path.events) {
    if (!mover) continue;
    // The rules engine says what each event deals (falls honour `fallDamageIgnoresArmor`).
    const incoming = movementEventDamage(event, ctx.snapshot.settings);
    if (!incoming) continue;
    const application = applyDamage(mover, incoming, ctx.snapshot.settings);
    damage.push({ event, application });
    mover = application.combatant;
  }

  const end = intent.path[intent.path.length - 1]!;
  // Kept so the move can be taken back before the character acts (undoMoveIntent).
  if (inCombat && mover && before)
    mover = recordMove(before, mover, {
      turnSerial: order?.turnSerial ?? 0,
      from: token.cell,
      to: end,
      dealtDamage: damage.length > 0,
    });
  const outcome = {
    kind: 'move' as const,
    tokenId: token.id,
    mode: intent.mode,
    from: token.cell,
    to: end,
    cost: path.cost,
    budget: inCombat ? budget : null,
    events: path.events,
    damage,
  };
  // The move may trigger interrupts (a dash none): offered to their owners.
  const event = {
    kind: 'move',
    moverId: token.id,
    path: [token.cell, ...intent.path],
    dash: intent.mode === 'dash',
  } as const;
  return offerInterrupts(ctx, event, {
    ok: true,
    outcome,
    diff: diffOf(ctx.snapshot, {
      cells: [{ tokenId: token.id, cell: end }],
      combatants: mover && (inCombat || damage.length) ? [mover] : [],
    }),
    log: [
      {
        kind: 'move',
        actor: token.id,
        ...narrated(ctx, narrateMove, outcome),
        outcome,
        gmOnly: token.hidden,
      },
    ],
  });
};

/** "Ana runs to (4,2), cost 3", with the path's cost and what each fall or dangerous square did. */
export const narrateMove: Narrate<'move'> = (o, words) => {
  const name = words.name(o.tokenId);
  const modeName = o.mode === 'move' ? 'moves' : o.mode === 'run' ? 'runs' : 'dashes';
  const details = [
    `path cost ${o.cost}${o.budget !== null ? ` of ${o.budget} available` : ''}`,
    ...o.events.map((e) =>
      e.kind === 'dangerous'
        ? `entered dangerous (${e.cell.x},${e.cell.y}): ${e.damage} piercing damage`
        : e.kind === 'fall'
          ? `fell ${e.levels} levels at (${e.cell.x},${e.cell.y}): ${e.levels} physical damage`
          : `ends on an edge: must save at the end of the turn or leave play`,
    ),
    ...o.damage.map((d) => `${name}: ${d.application.hpBefore} → ${d.application.hpAfter} HP`),
  ];
  return plain(`${name} ${modeName} to (${o.to.x},${o.to.y}), cost ${o.cost}`, details);
};

export const moveAction = defineAction({
  kind: 'move',
  roles: 'any',
  resolve: moveIntent,
  narrate: { move: narrateMove },
});
