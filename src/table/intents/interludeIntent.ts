import type { IntentOf } from '../../schema/intent';
import type { Combatant } from '../../schema/combatant';
import { interlude, startExpedition } from '../../rules/interlude';
import { combatantOf } from '../snapshot';
import { diffOf } from '../tableDiff';
import type { IntentHandler } from './IntentContext';
import { refuse } from './IntentContext';
import { defineAction } from './defineAction';
import type { Narrate } from './narration';
import { narrated, plain } from './narration';

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
    return {
      ok: true,
      outcome,
      diff: diffOf(ctx.snapshot, { combatants: healed.map((r) => r.combatant) }),
      log: [{ kind: 'gm', actor: 'gm', ...narrated(ctx, narrateInterlude, outcome), outcome }],
    };
  }
  const refilled = pcs.map((e) => startExpedition(e.combatant, settings));
  const outcome = { kind: 'new-expedition' as const, elixirs: settings.elixirsPerExpedition };
  return {
    ok: true,
    outcome,
    diff: diffOf(ctx.snapshot, { combatants: refilled }),
    log: [{ kind: 'gm', actor: 'gm', ...narrated(ctx, narrateNewExpedition, outcome), outcome }],
  };
};

/** "Interlude: Ana recovers 2 wounds, Bo recovers 1 wound" (or that nobody had wounds). */
export const narrateInterlude: Narrate<'interlude'> = (o, words) =>
  plain(
    o.healed.length
      ? `Interlude: ${o.healed.map((h) => `${words.name(h.tokenId)} recovers ${h.wounds} wound${h.wounds === 1 ? '' : 's'}`).join(', ')}`
      : 'Interlude: nobody has wounds to recover',
  );

/** "New expedition: every player character has 2 elixirs". */
export const narrateNewExpedition: Narrate<'new-expedition'> = (o) =>
  plain(`New expedition: every player character has ${o.elixirs} elixirs`);

// Both intent kinds are one registry line: they share its narrators.
const betweenFightsNarrators = { interlude: narrateInterlude, 'new-expedition': narrateNewExpedition };

export const interludeAction = defineAction({
  kind: 'interlude',
  roles: { gm: 'call an interlude' },
  resolve: betweenFightsIntent,
  narrate: betweenFightsNarrators,
});
export const newExpeditionAction = defineAction({
  kind: 'new-expedition',
  roles: { gm: 'start a new expedition' },
  resolve: betweenFightsIntent,
  narrate: betweenFightsNarrators,
});
