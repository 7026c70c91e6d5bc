import type { IntentOf } from '../../schema/intent';
import { drinkElixir, surrender } from '../../rules/health';
import type { IntentHandler } from './IntentContext';
import { combatantOfToken, commandedToken, refuse } from './IntentContext';
import { combatantResolution } from './combatantResolution';
import { defineAction } from './defineAction';

/**
 * Elixirs ("Elixirs": out of combat, heal 50% of max HP, two per expedition) and surrender
 * (defeated for the battle, no wound, cannot be rescued). Both are the character's own choice.
 */
export const recoveryIntent: IntentHandler<IntentOf<'drink-elixir' | 'surrender'>> = (ctx, intent) => {
  const token = commandedToken(ctx, intent.tokenId);
  if ('ok' in token) return token;
  const self = combatantOfToken(token);
  if ('ok' in self) return self;
  if (intent.kind === 'drink-elixir') {
    const drunk = drinkElixir(self, ctx.snapshot.turn !== null);
    if (!drunk.ok) return drunk;
    const outcome = {
      kind: 'drink-elixir' as const,
      tokenId: token.id,
      healed: drunk.healed,
      hp: drunk.combatant.hp,
    };
    return combatantResolution(ctx, outcome, [drunk.combatant], {
      kind: 'basic-action',
      actor: token.id,
      summary: `${token.name} drinks an elixir: +${drunk.healed} HP (${drunk.combatant.elixirs} left)`,
      gmOnly: token.hidden,
    });
  }
  if (self.surrendered) return refuse(`${token.name} has already surrendered`);
  if (self.dead) return refuse(`${token.name} is dead`);
  const after = surrender(self);
  const outcome = { kind: 'surrender' as const, tokenId: token.id };
  return combatantResolution(ctx, outcome, [after], {
    kind: 'basic-action',
    actor: token.id,
    summary: `${token.name} surrenders`,
    gmOnly: token.hidden,
  });
};

export const drinkElixirAction = defineAction({
  kind: 'drink-elixir',
  roles: 'any',
  resolve: recoveryIntent,
});
export const surrenderAction = defineAction({ kind: 'surrender', roles: 'any', resolve: recoveryIntent });
