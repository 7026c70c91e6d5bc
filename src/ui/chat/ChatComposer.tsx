import { Fragment } from 'preact';
import { useRef, useState } from 'preact/hooks';
import type { ChatTarget } from '../../schema/chat';
import { MAX_TEXT_CHARS } from '../../schema/limits';
import type { IntentAnswer } from '../combat/CombatHost';
import { chatCommandHelp, chatCommandOf, type ChatCommandContext } from './chatCommand';

/** Lines kept for ↑ / ↓ recall (this page only). */
const HISTORY = 20;

export interface ComposerProps {
  readonly role: 'gm' | 'player';
  /** The GM's whisper targets, by invite name. */
  readonly players: ChatCommandContext['players'];
  /** Sends an intent; the server's answer decides. */
  readonly send: (intent: SendIntent) => Promise<IntentAnswer>;
  /** The field, for the keys that focus it from the map. */
  readonly fieldRef: { current: HTMLTextAreaElement | null };
}

type SendIntent = Extract<ReturnType<typeof chatCommandOf>, { kind: 'send' }>['intent'];

/** The To choice as a select value: '' everyone, 'gm', or a player's channel. */
function targetOf(value: string): ChatTarget | undefined {
  if (value === '') return undefined;
  if (value === 'gm') return { kind: 'gm' };
  return { kind: 'player', channel: value };
}

/**
 * The chat's composer: one field (Enter sends, Shift+Enter a new line, ↑ your last line, Esc
 * back to the map), a To choice, and under the field in words why a line was not sent (the
 * typed line stays). Commands are read by chatCommandOf; the server decides.
 */
export function ChatComposer({ role, players, send, fieldRef }: ComposerProps) {
  const [text, setText] = useState('');
  const [toValue, setTo] = useState('');
  const [error, setError] = useState('');
  const [help, setHelp] = useState(false);
  const [busy, setBusy] = useState(false);
  const history = useRef<string[]>([]);
  const recalled = useRef<number | null>(null);
  // A player whose invite was revoked is no longer offered: their whispers go nowhere.
  const to = toValue === '' || toValue === 'gm' || players.some((p) => p.channel === toValue) ? toValue : '';

  const submit = async (): Promise<void> => {
    if (busy) return;
    const command = chatCommandOf(text, { role, players, to: targetOf(to) });
    if (command.kind === 'empty') return;
    if (command.kind === 'help') {
      setHelp(true);
      setText('');
      setError('');
      return;
    }
    if (command.kind === 'error') {
      setError(command.reason);
      return;
    }
    setBusy(true);
    try {
      const answer = await send(command.intent);
      if (answer.ok) {
        history.current = [...history.current, text].slice(-HISTORY);
        recalled.current = null;
        setText('');
        setError('');
        // Back to the map once a line is sent (issue 32): a key held next (R for the ruler) is the
        // table's, never typed into the chat. Enter on the map opens the field again.
        fieldRef.current?.blur();
      } else {
        setError(`${command.intent.kind === 'roll' ? 'Not rolled' : 'Not sent'}: ${answer.reason}`);
      }
    } finally {
      setBusy(false);
    }
  };

  const recall = (step: -1 | 1): boolean => {
    const lines = history.current;
    const at = recalled.current;
    // Only from an empty field or a line already recalled: ↑ in a typed line moves the caret.
    if (lines.length === 0 || (text !== '' && (at === null || lines[at] !== text))) return false;
    const next = (at ?? lines.length) + step;
    if (next < 0) return true;
    if (next >= lines.length) {
      recalled.current = null;
      setText('');
      return true;
    }
    recalled.current = next;
    setText(lines[next]!);
    return true;
  };

  const onKeyDown = (e: KeyboardEvent): void => {
    if (e.isComposing) return;
    if (e.key === 'Enter' && !e.shiftKey) {
      e.preventDefault();
      void submit();
    } else if ((e.key === 'ArrowUp' || e.key === 'ArrowDown') && !e.shiftKey) {
      if (recall(e.key === 'ArrowUp' ? -1 : 1)) e.preventDefault();
    } else if (e.key === 'Escape') {
      // Back to the map: the table's keys work again.
      e.preventDefault();
      (e.currentTarget as HTMLElement).blur();
    }
  };

  return (
    <div class="chat-composer">
      {help && (
        <div class="chat-help" data-testid="chat-help" aria-label="Chat commands" role="region">
          <dl>
            {chatCommandHelp(role).map(([keys, what]) => (
              <Fragment key={keys}>
                <dt>
                  <code>{keys}</code>
                </dt>
                <dd>{what}</dd>
              </Fragment>
            ))}
          </dl>
          <button type="button" onClick={() => setHelp(false)}>
            Close help
          </button>
        </div>
      )}
      <div class="row chat-to">
        <label for="chat-to">To</label>
        <select id="chat-to" data-testid="chat-to" value={to} onChange={(e) => setTo(e.currentTarget.value)}>
          <option value="">Everyone</option>
          <option value="gm">{role === 'gm' ? 'Only me (GM)' : 'The GM'}</option>
          {role === 'gm' &&
            players.map((p) => (
              <option key={p.channel} value={p.channel}>
                {p.name}
              </option>
            ))}
        </select>
      </div>
      <div class="row chat-entry">
        <textarea
          ref={fieldRef}
          rows={2}
          maxLength={MAX_TEXT_CHARS}
          value={text}
          aria-label="Chat message"
          aria-describedby="chat-error"
          placeholder="Say something, or /r 2d6+3 · /help"
          data-testid="chat-input"
          onInput={(e) => {
            setText(e.currentTarget.value);
            recalled.current = null;
          }}
          onKeyDown={onKeyDown}
        />
        <button type="button" data-testid="chat-send" disabled={busy} onClick={() => void submit()}>
          Send
        </button>
      </div>
      <div id="chat-error" class="error" role="alert" data-testid="chat-error">
        {error}
      </div>
    </div>
  );
}
