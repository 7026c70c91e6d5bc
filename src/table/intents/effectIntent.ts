import type { IntentOf } from '../../schema/intent';
import { footprintDistance } from '../../grid/battlefield';
import { lineOfSight } from '../../grid/lineOfSight';
import { applyEffect, withUserGrants } from '../../rules/applyEffect';
import { gainsHeightRange } from '../../rules/areaOptions';
import type { EffectOutcome } from '../../rules/applyEffect';
import { explainDamageApplication } from '../../rules/explainOutcome';
import type { SaveRoll } from '../../rules/rollSave';
import { rollSave } from '../../rules/rollSave';
import { statusSaveModifiers } from '../../rules/statuses';
import type { IntentHandler } from './IntentContext';
import {
  abilityTurn,
  combatantOfToken,
  commandedToken,
  findToken,
  intentBattlefield,
  refuse,
} from './IntentContext';
import { combatantResolution } from './combatantResolution';
import { findAbility } from './findAbility';
import { shownDamage } from './redactLog';
import { spendAbilityAction } from './spendAbilityAction';
import { forceByComponent, forcedMoves, shoveRefusal, withForcedSentences } from './forcedMoves';
import { defineAction } from './defineAction';
import type { Narrate } from './narration';
import { narrated } from './narration';

/**
 * A non-attack, non-area ability used on one character ("Attack vs. ability vs. effect": the
 * effect component simply happens): grant vigor to an ally, put a status on a foe, heal yourself…
 * No target = the user itself. Another target must be within the ability's range (no listed range
 * = adjacent) and in line of sight (our reading, docs/table.md). With `targetSave` the effect
 * relies on a save: the target rolls one (statuses that boon or curse saves count) and a success
 * avoids the whole effect. Resolved by the rules engine's `applyEffect`. Interrupts may be used
 * off-turn, like attack interrupts. Dice order: the save (d20, boon/curse d6s), then damage dice.
 */
export const effectIntent: IntentHandler<IntentOf<'effect'>> = (ctx, intent) => {
  const userToken = commandedToken(ctx, intent.userId);
  if ('ok' in userToken) return userToken;
  const user = combatantOfToken(userToken);
  if ('ok' in user) return user;
  const found = findAbility(user, intent.abilityId);
  if ('ok' in found) return found;
  const { ability } = found;
  if (ability.attack) return refuse(`${ability.name} is an attack: roll it with an attack`);
  if (ability.area) return refuse(`${ability.name} is an area ability: place its pattern on the map`);
  if (!ability.effect) return refuse(`${ability.name} has no effect to apply`);
  const turn = abilityTurn(ctx, userToken, ability);
  if ('ok' in turn) return turn;

  const targetToken = findToken(ctx, intent.targetId ?? userToken.id);
  if ('ok' in targetToken) return targetToken;
  const selfTarget = targetToken.id === userToken.id;
  const targetState = selfTarget ? user : combatantOfToken(targetToken);
  if ('ok' in targetState) return targetState;
  const range = ability.range ?? 1;
  if (!selfTarget) {
    const distance = footprintDistance(userToken.cell, userToken.size, targetToken.cell, targetToken.size);
    // +1 per level the user stands above the target, when the room extends it to effects.
    const bonus = gainsHeightRange(ability, ctx.snapshot.settings)
      ? Math.max(0, userToken.elevation - targetToken.elevation)
      : 0;
    if (distance > range + bonus)
      return refuse(
        `${targetToken.name} is ${distance} squares away; ${ability.name} reaches ${range}${bonus ? ` + ${bonus} for height = ${range + bonus}` : ''}`,
      );
    const bf = intentBattlefield(ctx, [userToken.id, targetToken.id]);
    if (!lineOfSight(bf, userToken.id, targetToken.id).visible)
      return refuse(`${userToken.name} cannot see ${targetToken.name}`);
  }

  const noShove = shoveRefusal(ability, intent.direction);
  if (noShove) return noShove;
  const spent = spendAbilityAction(ctx, user, ability, turn);
  if ('ok' in spent) return spent;
  const target = selfTarget ? spent : targetState;

  let save: SaveRoll | null = null;
  if (intent.targetSave) save = rollSave(statusSaveModifiers(target, ctx.snapshot.statusCatalog), ctx.dice);
  let effect: EffectOutcome | null = null;
  let after = target;
  if (!save?.success) {
    const delivery = {
      damageType: ability.damageType,
      pierce: ability.tags.pierce,
      ranged: range > 1,
      cover: false,
      critical: false,
    };
    const applied = applyEffect(
      spent,
      target,
      'effect',
      ability.effect,
      delivery,
      ctx.dice,
      ctx.snapshot.settings,
    );
    effect = applied.outcome;
    after = applied.target;
  }
  // Forced movement after the effect's damage ("push 1"): away from / toward the user.
  const forced = forcedMoves(intentBattlefield(ctx, [userToken.id, targetToken.id]));
  if (effect)
    after = forceByComponent(ctx, forced, ability.effect, {
      sourceId: userToken.id,
      source: { cell: userToken.cell, size: userToken.size },
      target: after,
      direction: intent.direction,
    });

  const outcome = {
    kind: 'effect' as const,
    ability: ability.name,
    userId: userToken.id,
    targetId: targetToken.id,
    interrupt: ability.tags.interrupt !== null && !turn.onOwnTurn,
    save,
    effect,
    ...(forced.outcomes.length ? { forced: forced.outcomes } : {}),
  };
  const changed = selfTarget ? [after] : [withUserGrants(spent, effect ? [effect] : []), after];
  return combatantResolution(
    ctx,
    outcome,
    ctx.snapshot.turn || selfTarget ? changed : [after],
    {
      // No log kind of its own yet (the UI maps every kind to an icon): damage or status.
      kind:
        effect?.application || forced.outcomes.some((f) => f.kind === 'forced-move' && f.damage.length)
          ? 'damage'
          : 'status',
      actor: userToken.id,
      ...narrated(ctx, narrateEffect, outcome),
      gmOnly: userToken.hidden || targetToken.hidden,
      about: [targetToken.id],
    },
    forced.cells,
  );
};

/**
 * "Sefa uses Mend on Ana" (": saved" when the save avoided it) with the save, the damage steps
 * and what the effect gave under it, then the forced moves. Players read no ability of a user
 * whose stats are hidden, and the damage their side may see.
 */
export const narrateEffect: Narrate<'effect'> = (o, words) => {
  const user = words.name(o.userId);
  const target = words.name(o.targetId);
  const on = o.userId === o.targetId ? '' : ` on ${target}`;
  const saved = o.save?.success ? ': saved' : '';
  const details: string[] = [];
  if (o.save) details.push(`${target} saves: ${o.save.total} — ${o.save.success ? 'avoids it' : 'fails'}`);
  const e = o.effect;
  if (e) {
    if (e.application) details.push(...explainDamageApplication(e.application, target));
    if (e.statusesApplied.length) details.push(`gains ${e.statusesApplied.join(', ')}`);
    if (e.blightsApplied.length) details.push(`gains blight ${e.blightsApplied.join(', ')}`);
    if (e.vigorGained) details.push(`gains ${e.vigorGained} vigor`);
    if (e.healed) details.push(`heals ${e.healed} HP`);
    if (e.blightsRemoved.length) details.push(`loses blight ${e.blightsRemoved.join(', ')}`);
    details.push(...e.refused, ...(e.text ? [`GM: ${e.text}`] : []));
  }
  const shown = shownDamage(e ? [e] : [], words.shownName, words.hpShown);
  const ability = words.shownName(o.userId) === null ? 'an ability' : o.ability;
  return {
    gm: { summary: withForcedSentences(`${user} uses ${o.ability}${on}${saved}`, o.forced, words), details },
    players: {
      summary: withForcedSentences(
        `${user} uses ${ability}${on}${saved}${shown.clause}`,
        o.forced,
        words,
        true,
      ),
      details: shown.details,
    },
  };
};

export const effectAction = defineAction({
  kind: 'effect',
  roles: 'any',
  pending: true,
  resolve: effectIntent,
  narrate: { effect: narrateEffect },
});
