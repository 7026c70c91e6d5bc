import type { IntentOf } from '../../schema/intent';
import type { Combatant } from '../../schema/combatant';
import { footprintDistance } from '../../grid/battlefield';
import { lineOfSight } from '../../grid/lineOfSight';
import { spendTurnAction } from './spendAbilityAction';
import { resolveWhack, WHACK_RANGE } from '../../rules/resolveWhack';
import { rescue } from '../../rules/health';
import { explainDamageApplication } from '../../rules/explainOutcome';
import type { IntentHandler, Refusal } from './IntentContext';
import { combatantResolution } from './combatantResolution';
import { shownDamage } from './redactLog';
import { hpShownAs, nameIfStatsShown } from './shownNames';
import {
  intentBattlefield,
  checkTurn,
  combatantOfToken,
  commandedToken,
  findToken,
  refuse,
} from './IntentContext';
import { defineAction } from './defineAction';

/**
 * Interact, Rescue and Whack ("Actions on a turn"), 1 action each. Rescue: an ADJACENT defeated
 * ally heals to full minus wounds. Whack: 1 physical damage as an effect (no roll) to a character
 * within range 3 that the user can see (line of sight: our reading, docs/table.md).
 */
export const basicActionIntent: IntentHandler<IntentOf<'basic-action'>> = (ctx, intent) => {
  const token = commandedToken(ctx, intent.tokenId);
  if ('ok' in token) return token;
  const notTurn = checkTurn(ctx, token);
  if (notTurn) return notTurn;
  const self = combatantOfToken(token);
  if ('ok' in self) return self;
  const order = ctx.snapshot.turn;
  if (!order && self.statBlock.kind === 'foe' && intent.action !== 'interact') {
    return refuse(`foes cannot use ${intent.action}`);
  }
  /** The action economy is checked after the target, so the first refusal is the most useful one. */
  const spend = (): Combatant | Refusal =>
    spendTurnAction(ctx, self, { kind: 'basic', action: intent.action }, { onOwnTurn: true });
  /** The user's state is only rewritten in combat (outside it no actions are counted). */
  const spent = (user: Combatant): Combatant[] => (order ? [user] : []);

  if (intent.action === 'interact') {
    const user = spend();
    if ('ok' in user) return user;
    const what = intent.note?.trim() || 'something on the map';
    const outcome = { kind: 'interact' as const, tokenId: token.id, note: what };
    return combatantResolution(ctx, outcome, spent(user), {
      kind: 'basic-action',
      actor: token.id,
      summary: `${token.name} interacts: ${what}`,
      gmOnly: token.hidden,
    });
  }

  if (!intent.targetId) return refuse(`${intent.action} needs a target`);
  const targetToken = findToken(ctx, intent.targetId);
  if ('ok' in targetToken) return targetToken;
  const target = combatantOfToken(targetToken);
  if ('ok' in target) return target;
  const distance = footprintDistance(token.cell, token.size, targetToken.cell, targetToken.size);

  if (intent.action === 'rescue') {
    if (targetToken.id === token.id) return refuse('cannot rescue yourself');
    if (target.side !== self.side) return refuse(`${targetToken.name} is not an ally`);
    if (distance !== 1) return refuse(`${targetToken.name} is not adjacent (${distance} squares away)`);
    const rescued = rescue(target);
    if (!rescued.ok) return rescued;
    const user = spend();
    if ('ok' in user) return user;
    const outcome = {
      kind: 'rescue' as const,
      tokenId: token.id,
      targetId: targetToken.id,
      hp: rescued.combatant.hp,
    };
    return combatantResolution(ctx, outcome, [...spent(user), rescued.combatant], {
      kind: 'basic-action',
      actor: token.id,
      summary: `${token.name} rescues ${targetToken.name}: back up with ${rescued.combatant.hp} HP`,
      about: [targetToken.id],
      // Players' line when the rescued one's HP is kept from them (`foeHp`) or its stats are hidden.
      redacted: { summary: `${token.name} rescues ${targetToken.name}` },
    });
  }

  // Whack
  if (targetToken.id === token.id) return refuse('cannot whack yourself');
  if (distance > WHACK_RANGE)
    return refuse(`${targetToken.name} is ${distance} squares away; whack reaches ${WHACK_RANGE}`);
  const sight = lineOfSight(intentBattlefield(ctx, [token.id, targetToken.id]), token.id, targetToken.id);
  if (!sight.visible) return refuse(`${token.name} cannot see ${targetToken.name}`);
  const user = spend();
  if ('ok' in user) return user;
  // The rules engine's whack: 1 physical damage, armor per the room's `whackIgnoresArmor`.
  const whacked = resolveWhack(user, target, ctx.snapshot.settings);
  const application = whacked.outcome.application!;
  const outcome = { kind: 'whack' as const, tokenId: token.id, targetId: targetToken.id, application };
  return combatantResolution(ctx, outcome, [...spent(user), application.combatant], {
    kind: 'basic-action',
    actor: token.id,
    summary: `${token.name} whacks ${targetToken.name}: ${application.hpBefore} → ${application.hpAfter} HP`,
    details: explainDamageApplication(application, targetToken.name),
    gmOnly: token.hidden || targetToken.hidden,
    about: [targetToken.id],
    redacted: {
      summary: `${token.name} whacks ${targetToken.name}${shownDamage([{ targetId: targetToken.id, application }], nameIfStatsShown(ctx), hpShownAs(ctx)).clause}`,
    },
  });
};

export const basicAction = defineAction({ kind: 'basic-action', roles: 'any', resolve: basicActionIntent });
