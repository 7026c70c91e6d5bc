import type { ChatAudience, ChatTarget } from '../../schema/chat';
import type { IntentContext, Refusal } from './IntentContext';
import { refuse } from './IntentContext';

/**
 * Who a chat line or roll goes to: undefined = everyone; else the audience stored on the line,
 * or a refusal (a player whispers to the GM only; the GM to a player of this room).
 * Built by the channels slice; until then every whisper is refused, never said aloud.
 */
export function audienceOf(
  _ctx: IntentContext,
  to: ChatTarget | undefined,
): ChatAudience | undefined | Refusal {
  if (!to) return undefined;
  return refuse('whispers are not available yet');
}
