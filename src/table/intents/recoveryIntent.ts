import type { IntentOf } from '../../schema/intent';
import { drinkElixir, surrender } from '../../rules/health';
import type { IntentHandler } from './IntentContext';
import { combatantOfToken, commandedToken, refuse } from './IntentContext';
import { combatantResolution } from './combatantResolution';
import { defineAction } from './defineAction';
import type { Narrate, Narrators } from './narration';
import { narrated, plain } from './narration';

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
      elixirsLeft: drunk.combatant.elixirs,
    };
    return combatantResolution(ctx, outcome, [drunk.combatant], {
      kind: 'basic-action',
      actor: token.id,
      ...narrated(ctx, narrateDrinkElixir, outcome),
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
    ...narrated(ctx, narrateSurrender, outcome),
    gmOnly: token.hidden,
  });
};

/** "Ana drinks an elixir: +10 HP (1 left)" (older outcomes do not say how many are left). */
export const narrateDrinkElixir: Narrate<'drink-elixir'> = (o, words) =>
  plain(
    `${words.name(o.tokenId)} drinks an elixir: +${o.healed} HP` +
      (o.elixirsLeft === undefined ? '' : ` (${o.elixirsLeft} left)`),
  );

/** "Ana surrenders". */
export const narrateSurrender: Narrate<'surrender'> = (o, words) =>
  plain(`${words.name(o.tokenId)} surrenders`);

/** Drinking an elixir and surrendering share one registry line, so one set of narrators. */
const recoveryNarrators: Narrators<'drink-elixir' | 'surrender'> = {
  'drink-elixir': narrateDrinkElixir,
  surrender: narrateSurrender,
};

export const drinkElixirAction = defineAction<'drink-elixir'>({
  kind: 'drink-elixir',
  roles: 'any',
  resolve: recoveryIntent,
  narrate: recoveryNarrators,
});
export const surrenderAction = defineAction<'surrender'>({
  kind: 'surrender',
  roles: 'any',
  resolve: recoveryIntent,
  narrate: recoveryNarrators,
});
