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
import {
  intentBattlefield,
  checkTurn,
  combatantOfToken,
  commandedToken,
  findToken,
  refuse,
} from './IntentContext';
import { defineAction } from './defineAction';
import type { Narrate } from './narration';
import { narrated, plain } from './narration';

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
      ...narrated(ctx, narrateInteract, outcome),
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
      ...narrated(ctx, narrateRescue, outcome),
      about: [targetToken.id],
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
    ...narrated(ctx, narrateWhack, outcome),
    gmOnly: token.hidden || targetToken.hidden,
    about: [targetToken.id],
  });
};

/** "Ana interacts: pull the lever". */
export const narrateInteract: Narrate<'interact'> = (o, words) =>
  plain(`${words.name(o.tokenId)} interacts: ${o.note}`);

/**
 * "Ana rescues Bo: back up with 12 HP". Players read no HP when the rescued one's HP is kept from
 * them (`foeHp`) or its stats are hidden.
 */
export const narrateRescue: Narrate<'rescue'> = (o, words) => {
  const rescues = `${words.name(o.tokenId)} rescues ${words.name(o.targetId)}`;
  return {
    gm: { summary: `${rescues}: back up with ${o.hp} HP`, details: [] },
    players: { summary: rescues, details: [] },
  };
};

/**
 * "Ana whacks Ruin Drake: 20 → 19 HP", with the damage trace. Players read the damage as the room
 * shows that target's HP (none when its stat block is hidden).
 */
export const narrateWhack: Narrate<'whack'> = (o, words) => {
  const target = words.name(o.targetId);
  const whacks = `${words.name(o.tokenId)} whacks ${target}`;
  const a = o.application;
  const shown = shownDamage([{ targetId: o.targetId, application: a }], words.shownName, words.hpShown);
  return {
    gm: {
      summary: `${whacks}: ${a.hpBefore} → ${a.hpAfter} HP`,
      details: explainDamageApplication(a, target),
    },
    players: { summary: `${whacks}${shown.clause}`, details: [] },
  };
};

export const basicAction = defineAction({
  kind: 'basic-action',
  roles: 'any',
  resolve: basicActionIntent,
  narrate: { interact: narrateInteract, rescue: narrateRescue, whack: narrateWhack },
});
