import type { Combatant } from '../../schema/combatant';
import type { IntentOf } from '../../schema/intent';
import { applyDamage } from '../../rules/applyDamage';
import { explainDamageApplication } from '../../rules/explainOutcome';
import { heal } from '../../rules/health';
import { defeatWords, settleHealth } from '../../rules/settleHealth';
import { applyStatus, removeStatus } from '../../rules/statuses';
import { applyBlight, removeBlight } from '../../rules/blights';
import { EMPTY_DIFF } from '../../schema/tableDiff';
import type { IntentHandler } from './IntentContext';
import { combatantOfToken, commandedToken, findToken, refuse, statusName } from './IntentContext';
import { combatantResolution } from './combatantResolution';
import { healthWord } from './redactLog';
import { hpShownAs } from './shownNames';
import { defineAction } from './defineAction';

/**
 * The GM's HP box. Positive with a `damageType`: damage through the rules (armor, resistance,
 * vigor, defeat: `applyDamage`, as an attack's); positive without one: a correction straight off
 * HP (reaching 0 defeats as damage does, via `settleHealth`); negative: healing up to max HP.
 */
export const adjustHpIntent: IntentHandler<IntentOf<'adjust-hp'>> = (ctx, intent) => {
  const token = findToken(ctx, intent.tokenId);
  if ('ok' in token) return token;
  const self = combatantOfToken(token);
  if ('ok' in self) return self;
  let after = self;
  let details: string[] = [];
  if (intent.amount > 0 && intent.damageType) {
    const hit = applyDamage(
      self,
      { amount: intent.amount, type: intent.damageType, pierce: intent.pierce },
      ctx.snapshot.settings,
    );
    after = hit.combatant;
    details = explainDamageApplication(hit, token.name).map((line) => line.trim());
  } else if (intent.amount > 0) {
    after = settleHealth(self, { ...self, hp: Math.max(0, self.hp - intent.amount) });
  } else if (intent.amount < 0) {
    after = heal(self, -intent.amount).combatant;
  }
  const defeated = defeatWords(self, after);
  // Players whose room keeps this foe's HP from them read "(bloodied)" at most (`foeHp`).
  const shownHp = hpShownAs(ctx)(token.id);
  const outcome = {
    kind: 'adjust-hp' as const,
    tokenId: token.id,
    amount: intent.amount,
    hpBefore: self.hp,
    hpAfter: after.hp,
  };
  return combatantResolution(ctx, outcome, [after], {
    kind: 'gm',
    actor: 'gm',
    summary:
      intent.amount > 0 && intent.damageType
        ? `GM: ${token.name} takes ${intent.amount}${intent.pierce ? ' piercing' : ''} ${intent.damageType} damage (${intent.reason}): ${self.hp} → ${after.hp} HP${defeated ? `, ${defeated}` : ''}`
        : `GM: ${token.name} ${self.hp} → ${after.hp} HP (${intent.reason})${defeated ? `: ${defeated}` : ''}`,
    details,
    gmOnly: token.hidden,
    // A foe whose stats are hidden: players read that it was hurt, not the numbers that would
    // tell its armor, resistances or vigor (docs/table.md "Foes with hidden stats").
    about: [token.id],
    redacted: {
      summary: `GM: ${token.name} ${after.hp < self.hp ? 'is hurt' : after.hp > self.hp ? 'is healed' : 'is unharmed'} (${intent.reason})${shownHp.mode === 'exact' ? '' : healthWord(after.hp, shownHp)}`,
    },
  });
};

/**
 * Adds or removes a status from the room's catalog. The GM may do it for anyone; a player for
 * their own characters (issue 6: the GM and the owner manage statuses), except removing an
 * ongoing one, which only the GM may do (logged as an override).
 */
export const statusIntent: IntentHandler<IntentOf<'add-status' | 'remove-status'>> = (ctx, intent) => {
  const token = commandedToken(ctx, intent.tokenId);
  if ('ok' in token) return token;
  const self = combatantOfToken(token);
  if ('ok' in self) return self;
  const byGm = ctx.actor.role === 'gm';
  let after: Combatant;
  let removedOngoing = false;
  if (intent.kind === 'add-status') {
    const source = byGm ? 'GM' : ctx.senderName;
    const applied = applyStatus(self, intent.statusId, ctx.snapshot.statusCatalog, { source });
    if (!applied.ok) return applied;
    after = applied.combatant;
  } else {
    const applied = self.statuses.find((s) => s.id === intent.statusId);
    if (!applied) return refuse(`${token.name} is not ${statusName(ctx, intent.statusId)}`);
    // "Ongoing statuses cannot be removed": only the GM ends one, as an override (docs/rules/statuses.md#saves).
    if (applied.ongoing && !byGm)
      return refuse(
        `${statusName(ctx, intent.statusId)} is ongoing: it cannot be removed (only the GM can end it, as an override)`,
      );
    removedOngoing = applied.ongoing;
    after = removeStatus(self, intent.statusId);
  }
  const verb = intent.kind === 'add-status' ? 'gains' : 'loses';
  const outcome =
    intent.kind === 'add-status'
      ? { kind: 'add-status' as const, tokenId: token.id, statusId: intent.statusId }
      : { kind: 'remove-status' as const, tokenId: token.id, statusId: intent.statusId };
  // A GM removal skips the end-of-turn save that would otherwise decide it: an override.
  const override = byGm && intent.kind === 'remove-status' ? 'GM override: ' : '';
  return combatantResolution(ctx, outcome, [after], {
    kind: 'status',
    actor: byGm ? 'gm' : token.id,
    summary: `${override}${token.name} ${verb} ${intent.statusId}${removedOngoing ? ' (ongoing)' : ''}${byGm ? '' : ` (${ctx.senderName})`}`,
    gmOnly: token.hidden,
  });
};

/** GM adds or removes a blight ("Blights"; each kind at most once, defeated characters immune). */
export const blightIntent: IntentHandler<IntentOf<'add-blight' | 'remove-blight'>> = (ctx, intent) => {
  const token = findToken(ctx, intent.tokenId);
  if ('ok' in token) return token;
  const self = combatantOfToken(token);
  if ('ok' in self) return self;
  const has = self.blights.includes(intent.blightId);
  let after: Combatant;
  if (intent.kind === 'add-blight') {
    if (has) return refuse(`${token.name} already has the ${intent.blightId} blight`);
    const applied = applyBlight(self, intent.blightId);
    if (!applied.ok) return applied;
    after = applied.combatant;
  } else {
    if (!has) return refuse(`${token.name} does not have the ${intent.blightId} blight`);
    after = removeBlight(self, intent.blightId);
  }
  const verb = intent.kind === 'add-blight' ? 'gains' : 'loses';
  const outcome =
    intent.kind === 'add-blight'
      ? { kind: 'add-blight' as const, tokenId: token.id, blightId: intent.blightId }
      : { kind: 'remove-blight' as const, tokenId: token.id, blightId: intent.blightId };
  return combatantResolution(ctx, outcome, [after], {
    kind: 'status',
    actor: 'gm',
    summary: `${token.name} ${verb} the ${intent.blightId} blight`,
    gmOnly: token.hidden,
  });
};

/** GM reveals a hidden token (secrets → public) or hides a visible one (public → secrets). */
export const visibilityIntent: IntentHandler<IntentOf<'reveal' | 'hide'>> = (ctx, intent) => {
  const token = findToken(ctx, intent.tokenId);
  if ('ok' in token) return token;
  if (ctx.snapshot.view !== 'gm') return refuse('hiding and revealing need the secrets document');
  const hide = intent.kind === 'hide';
  if (token.hidden === hide) return refuse(`${token.name} is already ${hide ? 'hidden' : 'visible'}`);
  const outcome = hide
    ? { kind: 'hide' as const, tokenId: token.id }
    : { kind: 'reveal' as const, tokenId: token.id };
  return {
    ok: true,
    outcome,
    diff: EMPTY_DIFF,
    visibility: { tokenId: token.id, hidden: hide, keepStatsHidden: !hide && intent.keepStatsHidden },
    // A reveal is news for the players; a hide is logged for the GM only (saying it would tell).
    log: [
      {
        kind: 'reveal',
        actor: 'gm',
        summary: `${token.name} ${hide ? 'is hidden' : 'appears'}`,
        outcome,
        gmOnly: hide,
      },
    ],
  };
};

export const adjustHpAction = defineAction({
  kind: 'adjust-hp',
  roles: { gm: 'change HP directly' },
  resolve: adjustHpIntent,
});
export const addStatusAction = defineAction({ kind: 'add-status', roles: 'any', resolve: statusIntent });
export const removeStatusAction = defineAction({
  kind: 'remove-status',
  roles: 'any',
  resolve: statusIntent,
});
export const addBlightAction = defineAction({
  kind: 'add-blight',
  roles: { gm: 'add a blight' },
  resolve: blightIntent,
});
export const removeBlightAction = defineAction({
  kind: 'remove-blight',
  roles: { gm: 'remove a blight' },
  resolve: blightIntent,
});
export const revealAction = defineAction({
  kind: 'reveal',
  roles: { gm: 'reveal a character' },
  resolve: visibilityIntent,
});
export const hideAction = defineAction({
  kind: 'hide',
  roles: { gm: 'hide a character' },
  resolve: visibilityIntent,
});
