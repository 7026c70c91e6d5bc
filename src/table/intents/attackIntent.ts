import type { IntentOf } from '../../schema/intent';
import { attackContext } from '../../grid/attackContext';
import { resolveAttack } from '../../rules/resolveAttack';
import { withUserGrants } from '../../rules/applyEffect';
import { explainAttack } from '../../rules/explainOutcome';
import type { IntentHandler } from './IntentContext';
import { combatantResolution } from './combatantResolution';
import { intentBattlefield, combatantOfToken, commandedToken, findToken, refuse } from './IntentContext';
import { attackAbility } from './attackAbility';
import { shownDamage } from './redactLog';
import { spendTurnAction } from './spendAbilityAction';
import { componentOf, forceByComponent, forcedMoves, shoveRefusal, withForcedSentences } from './forcedMoves';
import { narrateTerrainDamage, terrainAttackIntent } from './terrainAttackIntent';
import type { Narrate } from './narration';
import { narrated } from './narration';
import { refuseUnlessHostile } from './sides';
import { offerInterrupts } from './interruptOffers';
import { defineAction } from './defineAction';

/**
 * A single-target attack ("Attacks"): legal by the action economy (one attack per round, action
 * cost, no repeats) and by the battlefield (range with height bonus, line of sight), then rolled
 * with the battlefield's boons/curses and cover plus the GM's extra modifiers.
 */
export const attackIntent: IntentHandler<IntentOf<'attack'>> = (ctx, intent) => {
  const attackerToken = commandedToken(ctx, intent.attackerId);
  if ('ok' in attackerToken) return attackerToken;
  // An attack on a destructible square (docs/rules.md "Destructible terrain").
  if (intent.targetCell || intent.targetId === undefined) return terrainAttackIntent(ctx, intent);
  const targetToken = findToken(ctx, intent.targetId);
  if ('ok' in targetToken) return targetToken;
  if (targetToken.id === attackerToken.id) return refuse('cannot attack yourself');
  const ally = refuseUnlessHostile(attackerToken, targetToken);
  if (ally) return ally;
  const attacker = combatantOfToken(attackerToken);
  if ('ok' in attacker) return attacker;
  const target = combatantOfToken(targetToken);
  if ('ok' in target) return target;
  if (intent.modifiers.length && ctx.actor.role !== 'gm')
    return refuse('only the GM may add boons or curses');

  const use = attackAbility(ctx, attackerToken, attacker, intent.abilityId);
  if ('ok' in use) return use;
  const { ability, turn, request } = use;

  const noShove = shoveRefusal(ability, intent.direction);
  if (noShove) return noShove;

  const spent = spendTurnAction(ctx, attacker, request, turn);
  if ('ok' in spent) return spent;

  const bf = intentBattlefield(ctx, [attackerToken.id, targetToken.id]);
  const range = ability.range ?? 1;
  const where = attackContext(bf, attackerToken.id, targetToken.id, { kind: ability.attack.kind, range });
  if (!where.legal) return refuse(where.reason ?? `${targetToken.name} cannot be attacked from here`);

  const outcome = resolveAttack(
    {
      attacker: spent,
      target,
      ability,
      modifiers: [...where.modifiers, ...intent.modifiers],
      cover: where.cover,
      settings: ctx.snapshot.settings,
    },
    ctx.dice,
  );
  // Forced movement after the damage, by each applied component that says so.
  const forced = forcedMoves(bf);
  let moved = outcome.target;
  for (const effect of outcome.effects)
    moved = forceByComponent(ctx, forced, componentOf(ability, effect.component), {
      sourceId: attackerToken.id,
      source: { cell: attackerToken.cell, size: attackerToken.size },
      target: moved,
      direction: intent.direction,
    });
  const result = {
    ...outcome,
    distance: where.distance,
    effectiveRange: where.effectiveRange,
    ...(forced.outcomes.length ? { forced: forced.outcomes } : {}),
  };
  const event = { kind: 'attack', attackerId: attacker.id, targetIds: [target.id] } as const;
  return offerInterrupts(
    ctx,
    event,
    combatantResolution(
      ctx,
      result,
      [withUserGrants(spent, outcome.effects), moved],
      {
        kind: 'attack',
        actor: attackerToken.id,
        ...narrated(ctx, narrateAttack, result),
        gmOnly: attackerToken.hidden || targetToken.hidden,
        about: [targetToken.id],
      },
      forced.cells,
    ),
  );
};

/**
 * "Ana uses Cleave on Ruin Drake: hit", the trace under it, and the forced moves after it. Players
 * read who attacked whom, the verdict and the damage their side may see when a stat block or HP is
 * kept from them (the ability and the dice would tell it).
 */
export const narrateAttack: Narrate<'attack'> = (o, words) => {
  const attacker = words.name(o.attackerId);
  const target = words.name(o.targetId);
  const [summary, ...details] = explainAttack(o, { attacker, target, status: words.status }).split('\n');
  const shown = shownDamage(o.effects, words.shownName, words.hpShown);
  return {
    gm: { summary: withForcedSentences(`${summary}: ${o.result}`, o.forced, words), details },
    players: {
      summary: withForcedSentences(
        `${attacker} attacks ${target}: ${o.result}${shown.clause}`,
        o.forced,
        words,
        true,
      ),
      details: shown.details,
    },
  };
};

export const attackAction = defineAction({
  kind: 'attack',
  roles: 'any',
  pending: true,
  resolve: attackIntent,
  narrate: { attack: narrateAttack, 'terrain-damage': narrateTerrainDamage },
});
