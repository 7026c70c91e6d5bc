import { useEffect, useRef } from 'preact/hooks';
import type { ChatCommandContext } from './chatCommand';
import { chatKeyOf, keyTargetOf } from '../input/chatKey';
import { inviteListOf } from '../inviteList';
import type { RoomModel } from '../model/RoomModel';
import { ChatComposer } from './ChatComposer';
import { ChatLog } from './ChatLog';

const NO_PLAYERS: ChatCommandContext['players'] = [];

/**
 * Table talk (issue 15; docs/ui.md "Chat"): the room's chat lines and rolls as this viewer may
 * read them (`snapshot.chat`, whispers included once they are sent to this viewer), and the
 * composer. Enter on the map focuses the field and `/` starts a command there (src/ui/input/chatKey.ts).
 * Lines and rolls go to the server as intents; its refusal is shown under the field.
 */
export function ChatPanel({ model }: { model: RoomModel }) {
  const field = useRef<HTMLTextAreaElement | null>(null);
  useEffect(() => {
    const onKey = (e: KeyboardEvent): void => {
      if (e.defaultPrevented) return;
      const key = chatKeyOf(e, keyTargetOf(e.target));
      const el = field.current;
      if (!key || !el) return;
      e.preventDefault();
      if (key.typed && el.value === '') {
        // Through the field's own input event, so the composer's state follows.
        el.value = key.typed;
        el.dispatchEvent(new Event('input', { bubbles: true }));
      }
      el.focus();
      el.setSelectionRange(el.value.length, el.value.length);
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);
  const snapshot = model.snapshot.value;
  const host = model.host;
  if (!snapshot || !host) return null;
  const role = model.viewer.role;
  const invites = role === 'gm' ? inviteListOf(model).invites.value : null;
  const players = invites ? invites.map((i) => ({ name: i.name, channel: i.id })) : NO_PLAYERS;
  return (
    <section class="chat-panel" data-testid="chat-panel" aria-labelledby="chat-title">
      <h3 id="chat-title">Chat</h3>
      <ChatLog lines={snapshot.chat} role={role} />
      <ChatComposer role={role} players={players} send={(intent) => host.intent(intent)} fieldRef={field} />
    </section>
  );
}
