import type { IntentOf } from '../../schema/intent';
import type { IntentHandler } from './IntentContext';

/** A chat line from the sender (players chat through the server so the name cannot be forged). */
export const chatIntent: IntentHandler<IntentOf<'chat'>> = (ctx, intent) => {
  const outcome = { kind: 'chat' as const, from: ctx.senderName, text: intent.text };
  return { ok: true, outcome, commit: (w) => w.chat(ctx.senderName, intent.text) };
};
