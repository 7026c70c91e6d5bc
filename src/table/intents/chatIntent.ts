import type { IntentOf } from '../../schema/intent';
import { EMPTY_DIFF } from '../../schema/tableDiff';
import type { IntentHandler } from './IntentContext';
import { refuse } from './IntentContext';

/** A chat line from the sender (players chat through the server so the name cannot be forged). */
export const chatIntent: IntentHandler<IntentOf<'chat'>> = (ctx, intent) => {
  // Until channels exist a whisper has nowhere private to go: refuse rather than say it aloud.
  if (intent.to) return refuse('whispers are not available yet');
  const outcome = { kind: 'chat' as const, from: ctx.senderName, text: intent.text };
  return { ok: true, outcome, diff: EMPTY_DIFF, log: [], chat: { from: ctx.senderName, text: intent.text } };
};
