import type { IntentOf } from '../../schema/intent';
import { rollSave } from '../../rules/rollSave';
import { removeStatus, statusSaveModifiers } from '../../rules/statuses';
import type { IntentHandler } from './IntentContext';
import { combatantOfToken, commandedToken, refuse } from './IntentContext';
import { combatantResolution } from './combatantResolution';

/**
 * A save against one status, rolled on request (e.g. the GM calls for it, or a player saves off a
 * status an ability lets them). Success ends the status unless it is ongoing. The automatic
 * end-of-turn saves happen in 'end-turn'.
 */
export const saveIntent: IntentHandler<IntentOf<'save'>> = (ctx, intent) => {
  const token = commandedToken(ctx, intent.tokenId);
  if ('ok' in token) return token;
  const self = combatantOfToken(token);
  if ('ok' in self) return self;
  const applied = self.statuses.find((s) => s.id === intent.statusId);
  if (!applied) return refuse(`${token.name} does not have ${intent.statusId}`);
  if (applied.ongoing) return refuse(`${intent.statusId} is ongoing: a save cannot end it`);
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
    actor: token.id,
    summary: `${token.name} saves against ${intent.statusId}: ${roll.total} — ${roll.success ? 'it ends' : 'it stays'}`,
    gmOnly: token.hidden,
    // The total would tell a hidden stat block's save bonus.
    redacted: {
      summary: `${token.name} saves against ${intent.statusId}: ${roll.success ? 'it ends' : 'it stays'}`,
    },
  });
};
