import type { IntentOf } from '../../schema/intent';
import { EMPTY_DIFF } from '../../schema/tableDiff';
import { offersGmOnly, pendingOffers } from '../pendingOffers';
import type { IntentHandler } from './IntentContext';
import { combatantOfToken, commandedToken, findToken, refuse } from './IntentContext';
import { findAbility } from './findAbility';
import { withOffers } from './interruptOffers';
import { defineAction } from './defineAction';
import type { Narrate } from './narration';
import { narrated, plain } from './narration';

/**
 * The GM offers an interrupt whose trigger happened (a free-text trigger the GM confirms, or one
 * the table cannot see), or its owner (or the GM) declines a pending offer. docs/table.md
 * "Interrupt offers". A foe's offer is logged for the GM only: its abilities are secret.
 */
export const offerIntent: IntentHandler<IntentOf<'interrupt-offer'>> = (ctx, intent) => {
  const offering = intent.action === 'offer';
  if (offering && ctx.actor.role !== 'gm')
    return refuse('only the GM may offer an interrupt: ask the GM to confirm that its trigger happened');
  const token = offering ? findToken(ctx, intent.tokenId) : commandedToken(ctx, intent.tokenId);
  if ('ok' in token) return token;
  const owner = combatantOfToken(token);
  if ('ok' in owner) return owner;
  const order = ctx.snapshot.turn;
  if (!order) return refuse('no combat is running: interrupts are offered during combat only');
  const found = findAbility(owner, intent.abilityId);
  if ('ok' in found) return found;
  const { ability } = found;
  if (ability.tags.interrupt === null) return refuse(`${ability.name} is not an interrupt`);

  const pending = pendingOffers(ctx.snapshot, token.id);
  const others = pending.filter((o) => o.ability !== ability.name);
  if (!offering && others.length === pending.length)
    return refuse(`${token.name} has no pending offer of ${ability.name}`);
  const made = offering
    ? [
        {
          ability: ability.name,
          trigger: 'text' as const,
          subjectId: null,
          byId: null,
          round: order.round,
          turnSerial: order.turnSerial,
        },
      ]
    : [];
  const outcome = {
    kind: 'interrupt-offer' as const,
    tokenId: token.id,
    ability: ability.name,
    action: intent.action,
  };
  return {
    ok: true,
    outcome,
    diff: withOffers(ctx, EMPTY_DIFF, token.id, [...others, ...made]),
    log: [
      {
        kind: 'status',
        actor: offering ? 'gm' : token.id,
        ...narrated(ctx, narrateInterruptOffer, outcome),
        outcome,
        gmOnly: offersGmOnly(token),
        about: [token.id],
      },
    ],
  };
};

/** "The GM confirms the trigger of Ana's Parry: it may be used now" / "Ana declines Parry". */
export const narrateInterruptOffer: Narrate<'interrupt-offer'> = (o, words) =>
  plain(
    o.action === 'offer'
      ? `The GM confirms the trigger of ${words.name(o.tokenId)}'s ${o.ability}: it may be used now`
      : `${words.name(o.tokenId)} declines ${o.ability}`,
  );

export const interruptOfferAction = defineAction({
  kind: 'interrupt-offer',
  roles: 'any',
  resolve: offerIntent,
  narrate: { 'interrupt-offer': narrateInterruptOffer },
});
