import type { IntentOf } from '../../schema/intent';
import { EMPTY_DIFF } from '../../schema/tableDiff';
import { audienceOf } from './chatAudience';
import { speakerOf } from './chatSpeaker';
import type { IntentHandler } from './IntentContext';
import { defineAction } from './defineAction';

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
    chat: { ...speaker, text: intent.text, ...(to ? { to } : {}) },
  };
};

export const chatAction = defineAction({ kind: 'chat', roles: 'any', resolve: chatIntent });
