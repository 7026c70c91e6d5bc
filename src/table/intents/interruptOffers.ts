import type { FiredInterrupt, TableEvent } from '../../rules/interruptTriggers';
import { interruptTriggers } from '../../rules/interruptTriggers';
import type { IntentContext } from './IntentContext';
import { fightingCombatants } from './combatants';

/**
 * The interrupts an event at the table just fired (rules `interruptTriggers`), judged on the
 * handler's snapshot: the fighting characters (visible, with stats), their squares, the turn in
 * progress. None out of combat (interrupts are counted per turn). This is the seam for offering
 * interrupts to their owners (docs/table.md "Interpretations": not offered yet).
 */
export function interruptOffers(ctx: IntentContext, event: TableEvent): FiredInterrupt[] {
  const order = ctx.snapshot.turn;
  if (!order) return [];
  const combatants = fightingCombatants(ctx);
  const positions = combatants.flatMap((c) => {
    const token = ctx.snapshot.tokensById[c.id];
    return token ? [{ id: c.id, cell: token.cell, size: token.size }] : [];
  });
  return interruptTriggers(event, {
    combatants,
    positions,
    turnSerial: order.turnSerial,
    currentId: order.currentId,
    catalog: ctx.snapshot.statusCatalog,
  });
}
