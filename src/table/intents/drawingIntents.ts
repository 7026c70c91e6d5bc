import type { ChannelId } from '../../schema/chat';
import type { Drawing, DrawingLayer } from '../../schema/drawing';
import { MAX_DRAWINGS } from '../../schema/drawing';
import type { IntentOf } from '../../schema/intent';
import { EMPTY_DIFF } from '../../schema/tableDiff';
import { atMost } from '../../schema/limits';
import { authorColour } from '../authorColour';
import { newId } from '../docLayout';
import type { DrawingWrite, IntentContext, IntentHandler, Resolution } from './IntentContext';
import { refuse } from './IntentContext';
import { defineAction } from './defineAction';
import type { Narrate } from './narration';
import { plain } from './narration';

/**
 * Drawings and notes on the map (issue 15; docs/table.md "Drawings"). Anyone draws on the table
 * layer, only the GM on the GM's layer (kept in the secrets doc). Players erase their own, the GM
 * any. A drawing is not a rule's business: the resolution carries no diff and no log line, only
 * the drawing write and an outcome for the sender.
 */

/**
 * Who is drawing, as stored: 'gm', or the player's channel (their invite id, docs/table.md
 * "Channels"), which the server hands over with every player's intent; undefined without it (a
 * table the server does not run cannot tell players apart, so it draws nothing for them).
 */
export function authorKeyOf(ctx: IntentContext): 'gm' | ChannelId | undefined {
  return ctx.actor.role === 'gm' ? 'gm' : ctx.channels?.own;
}

const NO_AUTHOR = 'drawings go through the server: this table cannot tell who drew them';

function done(outcome: Resolution['outcome'], drawings: DrawingWrite): Resolution {
  return { ok: true, outcome, diff: EMPTY_DIFF, log: [], drawings };
}

const layerOf = (ctx: IntentContext, layer: DrawingLayer): readonly Drawing[] => ctx.drawings?.(layer) ?? [];

export const drawIntent: IntentHandler<IntentOf<'draw'>> = (ctx, intent) => {
  if (intent.layer === 'gm' && ctx.actor.role !== 'gm') return refuse('only the GM draws on the GM layer');
  if (layerOf(ctx, intent.layer).length >= MAX_DRAWINGS)
    return refuse(`${atMost(MAX_DRAWINGS, 'drawings')} on the map: clear some first`);
  const key = authorKeyOf(ctx);
  if (!key) return refuse(NO_AUTHOR);
  const drawing: Drawing = {
    id: newId('d'),
    author: { key, name: ctx.senderName.trim() || (key === 'gm' ? 'GM' : 'Player') },
    color: authorColour(key),
    layer: intent.layer,
    shape: intent.shape,
    at: ctx.now,
  };
  return done({ kind: 'draw', drawingId: drawing.id }, { add: drawing });
};

export const eraseDrawingIntent: IntentHandler<IntentOf<'erase-drawing'>> = (ctx, intent) => {
  // A player never reads the GM's layer: its ids are "not on the map" to them, as any unknown id.
  const layers: DrawingLayer[] = ctx.actor.role === 'gm' ? ['table', 'gm'] : ['table'];
  const found = layers
    .flatMap((layer) => layerOf(ctx, layer))
    .find((drawing) => drawing.id === intent.drawingId);
  if (!found) return refuse('that drawing is no longer on the map');
  const key = authorKeyOf(ctx);
  if (!key) return refuse(NO_AUTHOR);
  if (ctx.actor.role !== 'gm' && found.author.key !== key)
    return refuse(`that is ${found.author.name}'s drawing: you erase your own`);
  return done({ kind: 'erase-drawings', count: 1 }, { erase: [{ id: found.id, layer: found.layer }] });
};

export const clearDrawingsIntent: IntentHandler<IntentOf<'clear-drawings'>> = (ctx, intent) => {
  if (intent.scope === 'all' && ctx.actor.role !== 'gm')
    return refuse("only the GM clears everyone's drawings");
  const key = authorKeyOf(ctx);
  if (!key) return refuse(NO_AUTHOR);
  const layers: DrawingLayer[] = ctx.actor.role === 'gm' ? ['table', 'gm'] : ['table'];
  const erase = layers
    .flatMap((layer) => layerOf(ctx, layer))
    .filter((drawing) => intent.scope === 'all' || drawing.author.key === key)
    .map(({ id, layer }) => ({ id, layer }));
  if (erase.length === 0)
    return refuse(
      intent.scope === 'all' ? 'there are no drawings to clear' : 'there are no drawings of yours to clear',
    );
  return done({ kind: 'erase-drawings', count: erase.length }, { erase });
};

// No log line says these (a drawing is not a rule's business): the narrators name what the map shows.

/** "Drawing added". */
export const narrateDraw: Narrate<'draw'> = () => plain('Drawing added');

/** "3 drawings erased". */
export const narrateEraseDrawings: Narrate<'erase-drawings'> = (o) =>
  plain(`${o.count} drawing${o.count === 1 ? '' : 's'} erased`);

// Erasing one and clearing are one registry line: one narrator set.
const eraseNarrators = { 'erase-drawings': narrateEraseDrawings };

export const drawAction = defineAction({
  kind: 'draw',
  roles: 'any',
  resolve: drawIntent,
  narrate: { draw: narrateDraw },
});
export const eraseDrawingAction = defineAction({
  kind: 'erase-drawing',
  roles: 'any',
  resolve: eraseDrawingIntent,
  narrate: eraseNarrators,
});
export const clearDrawingsAction = defineAction({
  kind: 'clear-drawings',
  roles: 'any',
  resolve: clearDrawingsIntent,
  narrate: eraseNarrators,
});
