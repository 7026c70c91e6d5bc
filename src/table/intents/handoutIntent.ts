import { atMost } from '../../schema/limits';
import { MAX_HANDOUTS } from '../../schema/actions/handout';
import type { IntentOf } from '../../schema/intent';
import { EMPTY_DIFF } from '../../schema/tableDiff';
import type { IntentHandler } from './IntentContext';
import { refuse } from './IntentContext';
import { defineAction } from './defineAction';
import type { Narrate } from './narration';
import { plain } from './narration';
import { NOT_THIS_ROOMS_IMAGE } from './portraitIntent';

/**
 * The GM shows a handout (docs/table/handouts.md): a title with a text, a picture of this room or
 * both, to everyone or to one player of this room (named by their channel, as a whisper is).
 * It writes no log line: the handout itself is the record (everyone's Handouts list keeps it, the
 * GM's lists every one with whom it went to), and a line in the public log would tell the other
 * players that a private one exists.
 */
export const showHandoutIntent: IntentHandler<IntentOf<'show-handout'>> = (ctx, intent) => {
  const text = intent.text || undefined;
  if (!text && !intent.image) return refuse('a handout shows a text, a picture or both');
  // The server decides which images belong to the room; without that answer none does.
  if (intent.image && !ctx.assetLinked?.(intent.image)) return refuse(NOT_THIS_ROOMS_IMAGE);
  const kept = ctx.handoutsKept?.() ?? 0;
  if (kept >= MAX_HANDOUTS)
    return refuse(`this room keeps ${atMost(MAX_HANDOUTS, 'handouts')}: take one back first`);
  let to: { kind: 'player'; channel: string; name: string } | undefined;
  if (intent.to) {
    // Without the server's channels a handout for one player has nowhere private to go.
    const channels = ctx.channels;
    if (!channels)
      return refuse('handouts to one player go through the server: this table cannot carry them');
    const name = channels.nameOf(intent.to.channel);
    if (name === undefined) return refuse('no such player in this room');
    to = { kind: 'player', channel: intent.to.channel, name };
  }
  const outcome = { kind: 'show-handout' as const, title: intent.title, ...(to ? { to: to.name } : {}) };
  return {
    ok: true,
    outcome,
    diff: EMPTY_DIFF,
    log: [],
    handout: {
      title: intent.title,
      ...(text ? { text } : {}),
      ...(intent.image ? { image: intent.image } : {}),
      ...(to ? { to } : {}),
    },
  };
};

/** "Handout shown to Ana: The letter" / "Handout shown to everyone: The letter". */
export const narrateShowHandout: Narrate<'show-handout'> = (o) =>
  plain(`Handout shown to ${o.to ?? 'everyone'}: ${o.title}`);

export const showHandoutAction = defineAction({
  kind: 'show-handout',
  roles: { gm: 'show a handout' },
  resolve: showHandoutIntent,
  narrate: { 'show-handout': narrateShowHandout },
});
