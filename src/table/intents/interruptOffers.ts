import type { FiredInterrupt, TableEvent } from '../../rules/interruptTriggers';
import { interruptTriggers } from '../../rules/interruptTriggers';
import type { InterruptOffer } from '../../schema/interruptOffer';
import type { Intent } from '../../schema/intent';
import type { TableDiff } from '../../schema/tableDiff';
import type { TurnOrder } from '../../schema/turnOrder';
import { same } from '../tableDiff';
import { offersGmOnly } from '../pendingOffers';
import type { HandlerResult, IntentContext } from './IntentContext';
import { fightingCombatants } from './combatants';
import { findAbility } from './findAbility';
import { combatantOf } from '../snapshot';

/** The turn order once `diff` is applied. */
const orderAfter = (ctx: IntentContext, diff: TableDiff | undefined): TurnOrder | null =>
  diff?.turn ? diff.turn.after : ctx.snapshot.turn;

/**
 * The interrupts an event at the table just fired (rules `interruptTriggers`), judged on the
 * handler's snapshot with `diff` applied (the event's own changes: a new turn's counts, squares):
 * the fighting characters (visible, with stats), their squares, the turn in progress. None out of
 * combat (interrupts are counted per turn).
 */
export function interruptOffers(ctx: IntentContext, event: TableEvent, diff?: TableDiff): FiredInterrupt[] {
  const order = orderAfter(ctx, diff);
  if (!order) return [];
  const changed = new Map((diff?.tokens ?? []).map((t) => [t.tokenId, t]));
  const combatants = fightingCombatants(ctx).map((c) => ({ ...c, ...changed.get(c.id)?.state?.after }));
  const positions = combatants.flatMap((c) => {
    const token = ctx.snapshot.tokensById[c.id];
    const cell = changed.get(c.id)?.cell?.after ?? token?.cell;
    return token && cell ? [{ id: c.id, cell, size: token.size }] : [];
  });
  return interruptTriggers(event, {
    combatants,
    positions,
    turnSerial: order.turnSerial,
    currentId: order.currentId,
    catalog: ctx.snapshot.statusCatalog,
  });
}

/** A character's offers as `diff` leaves them (its own change, else as stored). */
export function offersIn(ctx: IntentContext, diff: TableDiff, tokenId: string): readonly InterruptOffer[] {
  return diff.offers?.find((o) => o.tokenId === tokenId)?.after ?? ctx.snapshot.offers[tokenId] ?? [];
}

/** `diff` with the character's offers set to `after` (one part per character; none if unchanged). */
export function withOffers(
  ctx: IntentContext,
  diff: TableDiff,
  tokenId: string,
  after: readonly InterruptOffer[],
): TableDiff {
  const token = ctx.snapshot.tokensById[tokenId];
  if (!token) return diff;
  const before = ctx.snapshot.offers[tokenId] ?? [];
  const others = (diff.offers ?? []).filter((o) => o.tokenId !== tokenId);
  const part = same(before, after)
    ? []
    : [{ tokenId, gmOnly: offersGmOnly(token), before: [...before], after: [...after] }];
  const offers = [...others, ...part];
  const { offers: _old, ...rest } = diff;
  return offers.length ? { ...rest, offers } : rest;
}

/** Who made the event happen (the attacker, the mover, the one whose turn it is). */
function causeOf(event: TableEvent): string {
  switch (event.kind) {
    case 'move':
      return event.moverId;
    case 'attack':
      return event.attackerId;
    case 'turn-start':
    case 'turn-end':
      return event.combatantId;
  }
}

/**
 * Offers the interrupts `event` fired to their owners (docs/table.md "Interrupt offers"): each
 * becomes a pending offer in the resolution's diff, tagged with the round and turn it happened
 * in; a newer offer of the same ability replaces the older. A turn starting or ending first lets
 * every earlier offer lapse. A dash fires none. The seam every handler whose event may trigger
 * an interrupt returns through (forced movement: call it with a `move` event, `dash: false`).
 */
export function offerInterrupts(ctx: IntentContext, event: TableEvent, result: HandlerResult): HandlerResult {
  if (!result.ok) return result;
  const order = orderAfter(ctx, result.diff);
  if (!order) return result;
  const boundary = event.kind === 'turn-start' || event.kind === 'turn-end';
  const fired = interruptOffers(ctx, event, result.diff);
  const owners = new Set([
    ...(boundary ? Object.keys(ctx.snapshot.offers) : []),
    ...fired.map((f) => f.characterId),
  ]);
  let diff = result.diff;
  for (const id of owners) {
    const made = fired
      .filter((f) => f.characterId === id)
      .map((f) => ({
        ability: f.ability,
        trigger: f.trigger,
        subjectId: f.subjectId,
        byId: causeOf(event),
        round: order.round,
        turnSerial: order.turnSerial,
      }));
    const kept = boundary
      ? []
      : offersIn(ctx, diff, id).filter(
          (o) => o.turnSerial === order.turnSerial && !made.some((m) => m.ability === o.ability),
        );
    diff = withOffers(ctx, diff, id, [...kept, ...made]);
  }
  return { ...result, diff };
}

/** The character and ability an intent uses, for the ability intents. */
function abilityUse(intent: Intent): { userId: string; abilityId: string } | null {
  switch (intent.kind) {
    case 'attack':
      return { userId: intent.attackerId, abilityId: intent.abilityId };
    case 'area':
      return { userId: intent.casterId, abilityId: intent.abilityId };
    case 'effect':
      return { userId: intent.userId, abilityId: intent.abilityId };
    default:
      return null;
  }
}

/**
 * Using an interrupt takes up its pending offer (whoever sent it: the GM's use of a foe's
 * interrupt clears its offer too). Called once for every resolved intent, in `applyIntent`.
 */
export function takeUpOffer(ctx: IntentContext, intent: Intent, result: HandlerResult): HandlerResult {
  const use = abilityUse(intent);
  if (!result.ok || !use) return result;
  const token = ctx.snapshot.tokensById[use.userId];
  const user = token ? combatantOf(token) : null;
  if (!user) return result;
  const found = findAbility(user, use.abilityId);
  if ('ok' in found || found.ability.tags.interrupt === null) return result;
  const offers = offersIn(ctx, result.diff, user.id);
  if (!offers.some((o) => o.ability === found.ability.name)) return result;
  const left = offers.filter((o) => o.ability !== found.ability.name);
  return { ...result, diff: withOffers(ctx, result.diff, user.id, left) };
}
