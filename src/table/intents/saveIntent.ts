import type { IntentOf } from '../../schema/intent';
import { rollSave } from '../../rules/rollSave';
import { removeStatus, statusSaveModifiers } from '../../rules/statuses';
import type { IntentHandler } from './IntentContext';
import { combatantOfToken, commandedToken, refuse, statusName } from './IntentContext';
import { combatantResolution } from './combatantResolution';
import { defineAction } from './defineAction';

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
    summary: `GM override: ${token.name} saves against ${intent.statusId}: ${roll.total} — ${roll.success ? 'it ends' : 'it stays'}`,
    gmOnly: token.hidden,
    // The total would tell a hidden stat block's save bonus.
    redacted: {
      summary: `GM override: ${token.name} saves against ${intent.statusId}: ${roll.success ? 'it ends' : 'it stays'}`,
    },
  });
};

export const saveAction = defineAction({ kind: 'save', roles: 'any', resolve: saveIntent });
