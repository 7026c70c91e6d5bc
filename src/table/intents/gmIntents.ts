import type { Combatant } from '../../schema/combatant';
import type { IntentOf } from '../../schema/intent';
import { applyDamage } from '../../rules/applyDamage';
import { explainDamageApplication } from '../../rules/explainOutcome';
import { heal } from '../../rules/health';
import { defeatWords, settleHealth } from '../../rules/settleHealth';
import { applyStatus, removeStatus } from '../../rules/statuses';
import { applyBlight, removeBlight } from '../../rules/blights';
import type { DamageApplication } from '../../rules/applyDamage';
import { EMPTY_DIFF } from '../../schema/tableDiff';
import type { IntentHandler } from './IntentContext';
import { combatantOfToken, commandedToken, findToken, refuse, statusName } from './IntentContext';
import { combatantResolution } from './combatantResolution';
import { healthWord } from './redactLog';
import { defineAction } from './defineAction';
import type { Narrate } from './narration';
import { narrated, plain } from './narration';

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
  let damage: Omit<DamageApplication, 'combatant'> | undefined;
  if (intent.amount > 0 && intent.damageType) {
    const { combatant, ...hit } = applyDamage(
      self,
      { amount: intent.amount, type: intent.damageType, pierce: intent.pierce },
      ctx.snapshot.settings,
    );
    after = combatant;
    damage = hit;
  } else if (intent.amount > 0) {
    after = settleHealth(self, { ...self, hp: Math.max(0, self.hp - intent.amount) });
  } else if (intent.amount < 0) {
    after = heal(self, -intent.amount).combatant;
  }
  const outcome = {
    kind: 'adjust-hp' as const,
    tokenId: token.id,
    amount: intent.amount,
    hpBefore: self.hp,
    hpAfter: after.hp,
    reason: intent.reason,
    ...(damage ? { damage } : {}),
    standing: { before: standingOf(self), after: standingOf(after) },
  };
  return combatantResolution(ctx, outcome, [after], {
    kind: 'gm',
    actor: 'gm',
    ...narrated(ctx, narrateAdjustHp, outcome),
    gmOnly: token.hidden,
    about: [token.id],
  });
};

const standingOf = ({ defeated, dead, wounds }: Combatant) => ({ defeated, dead, wounds });

/**
 * "GM: Brute takes 5 fire damage (trap): 30 → 28 HP" (with the damage steps), or "GM: Brute
 * 30 → 25 HP (trap): defeated" for a correction or healing. Players of a room that keeps this
 * foe's stats or HP from them read "GM: Brute is hurt (trap) (bloodied)": not the numbers that
 * would tell its armor, resistances or vigor (docs/table.md "Foes with hidden stats").
 */
export const narrateAdjustHp: Narrate<'adjust-hp'> = (o, words) => {
  const name = words.name(o.tokenId);
  const reason = o.reason ?? 'GM adjustment';
  const defeated = o.standing ? defeatWords(o.standing.before, o.standing.after) : null;
  const hp = `${o.hpBefore} → ${o.hpAfter} HP`;
  const d = o.damage;
  const summary = d
    ? `GM: ${name} takes ${o.amount}${d.incoming.pierce ? ' piercing' : ''} ${d.incoming.type} damage (${reason}): ${hp}${defeated ? `, ${defeated}` : ''}`
    : `GM: ${name} ${hp} (${reason})${defeated ? `: ${defeated}` : ''}`;
  const change = o.hpAfter < o.hpBefore ? 'is hurt' : o.hpAfter > o.hpBefore ? 'is healed' : 'is unharmed';
  const shown = words.hpShown(o.tokenId);
  return {
    gm: { summary, details: d ? explainDamageApplication(d, name).map((line) => line.trim()) : [] },
    players: {
      summary: `GM: ${name} ${change} (${reason})${shown.mode === 'exact' ? '' : healthWord(o.hpAfter, shown)}`,
      details: [],
    },
  };
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
  const fields = { tokenId: token.id, statusId: intent.statusId, ...(byGm ? {} : { by: ctx.senderName }) };
  const entry = { kind: 'status', actor: byGm ? 'gm' : token.id, gmOnly: token.hidden } as const;
  if (intent.kind === 'add-status') {
    const outcome = { kind: 'add-status' as const, ...fields };
    return combatantResolution(ctx, outcome, [after], {
      ...entry,
      ...narrated(ctx, narrateAddStatus, outcome),
    });
  }
  const outcome = { kind: 'remove-status' as const, ...fields, ongoing: removedOngoing };
  return combatantResolution(ctx, outcome, [after], {
    ...entry,
    ...narrated(ctx, narrateRemoveStatus, outcome),
  });
};

/** " (Mia)" after a player's change; nothing after the GM's. */
const byWhom = (by: string | undefined) => (by === undefined ? '' : ` (${by})`);

/** "Ana gains slow (Mia)": the status's id, as the sender gave it. */
export const narrateAddStatus: Narrate<'add-status'> = (o, words) =>
  plain(`${words.name(o.tokenId)} gains ${o.statusId}${byWhom(o.by)}`);

/**
 * "GM override: Ana loses dazed (ongoing)": a GM removal skips the end-of-turn save that would
 * otherwise decide it, so it is an override; "Ana loses slow (Mia)" for a player's.
 */
export const narrateRemoveStatus: Narrate<'remove-status'> = (o, words) =>
  plain(
    `${o.by === undefined ? 'GM override: ' : ''}${words.name(o.tokenId)} loses ${o.statusId}${o.ongoing ? ' (ongoing)' : ''}${byWhom(o.by)}`,
  );

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
  const fields = { tokenId: token.id, blightId: intent.blightId };
  const entry = { kind: 'status', actor: 'gm', gmOnly: token.hidden } as const;
  if (intent.kind === 'add-blight') {
    const outcome = { kind: 'add-blight' as const, ...fields };
    return combatantResolution(ctx, outcome, [after], {
      ...entry,
      ...narrated(ctx, narrateAddBlight, outcome),
    });
  }
  const outcome = { kind: 'remove-blight' as const, ...fields };
  return combatantResolution(ctx, outcome, [after], {
    ...entry,
    ...narrated(ctx, narrateRemoveBlight, outcome),
  });
};

/** "Ana gains the burning blight". */
export const narrateAddBlight: Narrate<'add-blight'> = (o, words) =>
  plain(`${words.name(o.tokenId)} gains the ${o.blightId} blight`);

/** "Ana loses the burning blight". */
export const narrateRemoveBlight: Narrate<'remove-blight'> = (o, words) =>
  plain(`${words.name(o.tokenId)} loses the ${o.blightId} blight`);

/** GM reveals a hidden token (secrets → public) or hides a visible one (public → secrets). */
export const visibilityIntent: IntentHandler<IntentOf<'reveal' | 'hide'>> = (ctx, intent) => {
  const token = findToken(ctx, intent.tokenId);
  if ('ok' in token) return token;
  if (ctx.snapshot.view !== 'gm') return refuse('hiding and revealing need the secrets document');
  const hide = intent.kind === 'hide';
  // A foe fog of war keeps from players is revealed already: it shows when the party sees it.
  const revealed = !token.hidden || token.outOfSight !== undefined;
  if (revealed !== hide)
    return refuse(
      `${token.name} is already ${hide ? 'hidden' : token.hidden ? 'revealed (out of the party’s sight)' : 'visible'}`,
    );
  const outcome = hide
    ? { kind: 'hide' as const, tokenId: token.id }
    : { kind: 'reveal' as const, tokenId: token.id };
  const told =
    outcome.kind === 'hide' ? narrated(ctx, narrateHide, outcome) : narrated(ctx, narrateReveal, outcome);
  return {
    ok: true,
    outcome,
    diff: EMPTY_DIFF,
    visibility: { tokenId: token.id, hidden: hide, keepStatsHidden: !hide && intent.keepStatsHidden },
    // A reveal is news for the players; a hide is logged for the GM only (saying it would tell).
    // A reveal fog of war keeps back (out of the party's sight) stays the GM's line too.
    log: [{ kind: 'reveal', actor: 'gm', ...told, outcome, gmOnly: hide, shows: [token.id] }],
  };
};

/** "Ruin Drake appears". */
export const narrateReveal: Narrate<'reveal'> = (o, words) => plain(`${words.name(o.tokenId)} appears`);

/** "Ruin Drake is hidden" (the GM's line only). */
export const narrateHide: Narrate<'hide'> = (o, words) => plain(`${words.name(o.tokenId)} is hidden`);

// The intent kinds of one registry line write the same outcome kinds: one narrator set each.
const statusNarrators = { 'add-status': narrateAddStatus, 'remove-status': narrateRemoveStatus };
const blightNarrators = { 'add-blight': narrateAddBlight, 'remove-blight': narrateRemoveBlight };
const visibilityNarrators = { reveal: narrateReveal, hide: narrateHide };

export const adjustHpAction = defineAction({
  kind: 'adjust-hp',
  roles: { gm: 'change HP directly' },
  resolve: adjustHpIntent,
  narrate: { 'adjust-hp': narrateAdjustHp },
});
export const addStatusAction = defineAction({
  kind: 'add-status',
  roles: 'any',
  resolve: statusIntent,
  narrate: statusNarrators,
});
export const removeStatusAction = defineAction({
  kind: 'remove-status',
  roles: 'any',
  resolve: statusIntent,
  narrate: statusNarrators,
});
export const addBlightAction = defineAction({
  kind: 'add-blight',
  roles: { gm: 'add a blight' },
  resolve: blightIntent,
  narrate: blightNarrators,
});
export const removeBlightAction = defineAction({
  kind: 'remove-blight',
  roles: { gm: 'remove a blight' },
  resolve: blightIntent,
  narrate: blightNarrators,
});
export const revealAction = defineAction({
  kind: 'reveal',
  roles: { gm: 'reveal a character' },
  resolve: visibilityIntent,
  narrate: visibilityNarrators,
});
export const hideAction = defineAction({
  kind: 'hide',
  roles: { gm: 'hide a character' },
  resolve: visibilityIntent,
  narrate: visibilityNarrators,
});
