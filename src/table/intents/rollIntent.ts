import type { IntentOf } from '../../schema/intent';
import { EMPTY_DIFF } from '../../schema/tableDiff';
import { iconRoll } from '../dice/iconRoll';
import { rollNotation } from '../dice/notation';
import { audienceOf } from './chatAudience';
import { speakerOf } from './chatSpeaker';
import type { IntentHandler } from './IntentContext';
import { defineAction } from './defineAction';
import type { Narrate } from './narration';
import { plain } from './narration';

/**
 * A roll in chat (issue 15): an ICON shorthand (`save 2 boons`) or dice notation (`2d6+3`),
 * rolled by the server with its dice and said in chat with every die. No log entry (the log is
 * for game state) and no diff: a chat roll changes nothing on the table.
 */
export const rollIntent: IntentHandler<IntentOf<'roll'>> = (ctx, intent) => {
  const to = audienceOf(ctx, intent.to);
  if (to && 'ok' in to) return to;
  const roll = iconRoll(intent.notation, ctx.dice) ?? rollNotation(intent.notation, ctx.dice);
  if ('ok' in roll) return roll;
  const speaker = speakerOf(ctx);
  return {
    ok: true,
    outcome: { kind: 'roll', from: speaker.from, roll },
    diff: EMPTY_DIFF,
    log: [],
    chat: { ...speaker, text: intent.label ?? '', roll, ...(to ? { to } : {}) },
  };
};

/**
 * "Mia rolls 2d6+3: 11": what the chat's roll shows, in one sentence. The chat line itself is the
 * roll with its label (not in the outcome), so no line is written from it.
 */
export const narrateRoll: Narrate<'roll'> = (o) =>
  plain(`${o.from} rolls ${o.roll.notation}: ${o.roll.total}`);

export const rollAction = defineAction({
  kind: 'roll',
  roles: 'any',
  resolve: rollIntent,
  narrate: { roll: narrateRoll },
});
