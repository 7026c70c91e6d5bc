import type { IntentOf } from '../../schema/intent';
import { rollSave } from '../../rules/rollSave';
import { removeStatus, statusSaveModifiers } from '../../rules/statuses';
import type { IntentHandler } from './IntentContext';
import { combatantOfToken, commandedToken, refuse, statusName } from './IntentContext';
import { combatantResolution } from './combatantResolution';
import { defineAction } from './defineAction';
import type { Narrate } from './narration';
import { narrated } from './narration';

/**
 * Saves happen at the end of the bearer's turn, one per status, rolled by the table in 'end-turn'
 * (rulebook: Actions on a turn). A save at any other time is the GM's override, logged as such;
 * players cannot call one (docs/rules/statuses.md#saves). Success ends the status unless it is ongoing.
 */
export const saveIntent: IntentHandler<IntentOf<'save'>> = (ctx, intent) => {
  const token = commandedToken(ctx, intent.tokenId);
  if ('ok' in token) return token;
  if (ctx.actor.role !== 'gm')
    return refuse(
      'saves are rolled by the table at the end of your turn (one per status); only the GM may call for one at another time',
    );
  const self = combatantOfToken(token);
  if ('ok' in self) return self;
  const applied = self.statuses.find((s) => s.id === intent.statusId);
  if (!applied) return refuse(`${token.name} is not ${statusName(ctx, intent.statusId)}`);
  if (applied.ongoing) return refuse(`${statusName(ctx, intent.statusId)} is ongoing: a save cannot end it`);
  const roll = rollSave(statusSaveModifiers(self, ctx.snapshot.statusCatalog), ctx.dice);
  const after = roll.success ? removeStatus(self, intent.statusId) : self;
  const outcome = {
    kind: 'save' as const,
    tokenId: token.id,
    statusId: intent.statusId,
    roll,
    ended: roll.success,
  };
  return combatantResolution(ctx, outcome, [after], {
    kind: 'save',
    actor: 'gm',
    ...narrated(ctx, narrateSave, outcome),
    gmOnly: token.hidden,
  });
};

/**
 * "GM override: Ana saves against dazed: 12 — it ends". Players read no total when a stat block
 * or HP is kept from them: it would tell a hidden stat block's save bonus.
 */
export const narrateSave: Narrate<'save'> = (o, words) => {
  const who = `GM override: ${words.name(o.tokenId)} saves against ${o.statusId}`;
  const verdict = o.ended ? 'it ends' : 'it stays';
  return {
    gm: { summary: `${who}: ${o.roll.total} — ${verdict}`, details: [] },
    players: { summary: `${who}: ${verdict}`, details: [] },
  };
};

export const saveAction = defineAction({
  kind: 'save',
  roles: 'any',
  resolve: saveIntent,
  narrate: { save: narrateSave },
});
