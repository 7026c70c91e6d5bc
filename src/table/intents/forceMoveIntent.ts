import { EffectComponentSchema } from '../../schema/ability';
import type { IntentOf } from '../../schema/intent';
import type { Footprint } from '../../grid/sightCore';
import { diffOf } from '../tableDiff';
import type { IntentHandler } from './IntentContext';
import { combatantOfToken, findToken, intentBattlefield, refuse } from './IntentContext';
import { forceByComponent, forcedMoves } from './forcedMoves';
import { defineAction } from './defineAction';
import { forcedSentences } from './forcedMoves';
import type { Narrate } from './narration';
import { narrated } from './narration';

/**
 * The GM moves a character by force ("push 2 from the ogre"): the same grid rules and damage as
 * an ability's forced movement (falls, dangerous squares, edges), logged as one sentence. The
 * GM's drag stays a free placement (docs/table.md "Forced movement").
 */
export const forceMoveIntent: IntentHandler<IntentOf<'force-move'>> = (ctx, intent) => {
  const token = findToken(ctx, intent.tokenId);
  if ('ok' in token) return token;
  const target = combatantOfToken(token);
  if ('ok' in target) return target;
  if (intent.sourceId !== undefined && intent.sourceCell)
    return refuse('a forced move has one source: a token (sourceId) or a square (sourceCell), not both');
  let source: Footprint | null = null;
  if (intent.sourceId !== undefined) {
    const from = findToken(ctx, intent.sourceId);
    if ('ok' in from) return from;
    if (from.id === token.id) return refuse(`${token.name} cannot ${intent.move} itself`);
    source = { cell: from.cell, size: from.size };
  } else if (intent.sourceCell) {
    const map = ctx.snapshot.map!;
    const c = intent.sourceCell;
    if (c.x >= map.width || c.y >= map.height)
      return refuse(`(${c.x},${c.y}) is outside the ${map.width}×${map.height} map`);
    source = { cell: c, size: 1 };
  }
  if (intent.move === 'shove') {
    if (!intent.direction) return refuse('a shove needs a direction: choose one of the eight');
    source ??= { cell: token.cell, size: token.size };
  } else if (!source) {
    return refuse(`a ${intent.move} needs a source: a token (sourceId) or a square (sourceCell)`);
  }
  if (target.incapacitated) return refuse(`${token.name} is out of the fight`);

  const state = forcedMoves(
    intentBattlefield(ctx, [token.id, ...(intent.sourceId ? [intent.sourceId] : [])]),
  );
  const after = forceByComponent(
    ctx,
    state,
    EffectComponentSchema.parse({ forcedMove: { kind: intent.move, squares: intent.squares } }),
    { sourceId: intent.sourceId ?? 'gm', source, target, direction: intent.direction },
  );
  const outcome = state.outcomes[0];
  // forceByComponent declines with a reason (e.g. centred on the source): say it.
  if (outcome?.kind !== 'forced-move')
    return refuse(outcome?.kind === 'not-moved' ? outcome.text : `${token.name} cannot be moved`);
  return {
    ok: true,
    outcome,
    diff: diffOf(ctx.snapshot, { cells: state.cells, combatants: [after] }),
    log: [
      {
        kind: 'gm',
        actor: 'gm',
        ...narrated(ctx, narrateForcedMove, outcome),
        outcome,
        about: [token.id],
        gmOnly: token.hidden,
      },
    ],
  };
};

/** "GM: Ruin Drake is pushed 2 squares west: 2 damage" (players: no damage for a foe whose stats are hidden). */
export const narrateForcedMove: Narrate<'forced-move'> = (o, words) => ({
  gm: { summary: `GM: ${o.text}`, details: [] },
  players: { summary: `GM: ${forcedSentences([o], words, true)[0]}`, details: [] },
});

export const forceMoveAction = defineAction({
  kind: 'force-move',
  roles: { gm: 'push, pull or shove a character by hand' },
  resolve: forceMoveIntent,
  narrate: { 'forced-move': narrateForcedMove },
});
