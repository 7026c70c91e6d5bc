import type { IntentOf } from '../../schema/intent';
import { EMPTY_DIFF } from '../../schema/tableDiff';
import { audienceOf } from './chatAudience';
import { speakerOf } from './chatSpeaker';
import type { IntentHandler } from './IntentContext';
import { defineAction } from './defineAction';
import type { Narrate } from './narration';
import { narrationWords, plain } from './narration';

/** A chat line from the sender (players chat through the server so the name cannot be forged). */
export const chatIntent: IntentHandler<IntentOf<'chat'>> = (ctx, intent) => {
  const to = audienceOf(ctx, intent.to);
  if (to && 'ok' in to) return to;
  const speaker = speakerOf(ctx);
  const outcome = { kind: 'chat' as const, from: speaker.from, text: intent.text };
  return {
    ok: true,
    outcome,
    diff: EMPTY_DIFF,
    log: [],
    // No log line: the chat line says it, in the narrator's words (one wording).
    chat: { ...speaker, text: narrateChat(outcome, narrationWords(ctx)).gm.summary, ...(to ? { to } : {}) },
  };
};

/** "the door is trapped!": the chat line's words, as typed. */
export const narrateChat: Narrate<'chat'> = (o) => plain(o.text);

export const chatAction = defineAction({
  kind: 'chat',
  roles: 'any',
  resolve: chatIntent,
  narrate: { chat: narrateChat },
});
