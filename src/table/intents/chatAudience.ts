import type { ChatAudience, ChatTarget } from '../../schema/chat';
import type { IntentContext, Refusal } from './IntentContext';
import { refuse } from './IntentContext';

/**
 * Who a chat line or roll goes to: undefined = everyone; else the audience stored on the line,
 * or a refusal. A player whispers to the GM only (stored as `{kind: 'gm'}`; the player's own copy
 * is in their channel). The GM whispers to the GM (a private line or roll) or to a player of this
 * room, stored with the name on that player's invite. docs/table.md "Channels".
 */
export function audienceOf(
  ctx: IntentContext,
  to: ChatTarget | undefined,
): ChatAudience | undefined | Refusal {
  if (!to) return undefined;
  const channels = ctx.channels;
  // Without the server's channels a whisper has nowhere private to go: refused, never said aloud.
  if (!channels || (ctx.actor.role === 'player' && !channels.own))
    return refuse('whispers go through the server: this table cannot carry them');
  if (ctx.actor.role === 'player')
    return to.kind === 'gm' ? { kind: 'gm' } : refuse('players whisper to the GM only');
  if (to.kind === 'gm') return { kind: 'gm' };
  const name = channels.nameOf(to.channel);
  return name === undefined
    ? refuse('no such player in this room')
    : { kind: 'player', channel: to.channel, name };
}
