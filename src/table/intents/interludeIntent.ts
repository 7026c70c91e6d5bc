import type { IntentOf } from '../../schema/intent';
import type { Combatant } from '../../schema/combatant';
import { interlude, startExpedition } from '../../rules/interlude';
import { combatantOf } from '../snapshot';
import { diffOf } from '../tableDiff';
import type { IntentHandler } from './IntentContext';
import { refuse } from './IntentContext';
import { defineAction } from './defineAction';

/**
 * Between fights, GM only, never during combat: `interlude` heals the player characters' wounds
 * (rules `interlude`, room setting `woundsPerInterlude`); `new-expedition` refills their elixirs
 * to `elixirsPerExpedition` ("Each character starts every expedition with 2 elixirs").
 */
export const betweenFightsIntent: IntentHandler<IntentOf<'interlude' | 'new-expedition'>> = (ctx, intent) => {
  if (ctx.snapshot.turn) {
    return refuse(
      intent.kind === 'interlude'
        ? 'an interlude happens between fights: end combat first'
        : 'a new expedition starts between fights: end combat first',
    );
  }
  const settings = ctx.snapshot.settings;
  const pcs = ctx.snapshot.tokens
    .map((t) => ({ token: t, combatant: combatantOf(t) }))
    .filter(
      (e): e is { token: typeof e.token; combatant: Combatant } => e.combatant?.statBlock.kind === 'pc',
    );
  if (intent.kind === 'interlude') {
    const rested = pcs.map((e) => ({ ...e, ...interlude(e.combatant, settings) }));
    const healed = rested.filter((r) => r.woundsHealed > 0);
    const outcome = {
      kind: 'interlude' as const,
      healed: healed.map((r) => ({ tokenId: r.token.id, wounds: r.woundsHealed })),
    };
    const summary = healed.length
      ? `Interlude: ${healed.map((r) => `${r.token.name} recovers ${r.woundsHealed} wound${r.woundsHealed === 1 ? '' : 's'}`).join(', ')}`
      : 'Interlude: nobody has wounds to recover';
    return {
      ok: true,
      outcome,
      diff: diffOf(ctx.snapshot, { combatants: healed.map((r) => r.combatant) }),
      log: [{ kind: 'gm', actor: 'gm', summary, outcome }],
    };
  }
  const refilled = pcs.map((e) => startExpedition(e.combatant, settings));
  const outcome = { kind: 'new-expedition' as const, elixirs: settings.elixirsPerExpedition };
  return {
    ok: true,
    outcome,
    diff: diffOf(ctx.snapshot, { combatants: refilled }),
    log: [
      {
        kind: 'gm',
        actor: 'gm',
        summary: `New expedition: every player character has ${settings.elixirsPerExpedition} elixirs`,
        outcome,
      },
    ],
  };
};

export const interludeAction = defineAction({
  kind: 'interlude',
  roles: { gm: 'call an interlude' },
  resolve: betweenFightsIntent,
});
export const newExpeditionAction = defineAction({
  kind: 'new-expedition',
  roles: { gm: 'start a new expedition' },
  resolve: betweenFightsIntent,
});
