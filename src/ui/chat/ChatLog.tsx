import { useLayoutEffect, useRef, useState } from 'preact/hooks';
import type { ChatMessage } from '../../schema/chat';
import { audienceLabel, speakerLabel } from './chatLabels';
import { ChatRollView } from './ChatRollView';
import { ChatText } from './ChatText';

/** Lines drawn at once (and added per "Show earlier"): a campaign's chat can hold 100,000. */
export const CHAT_PAGE = 200;

const clock = (at: number): string =>
  new Date(at).toLocaleTimeString(undefined, { hour: '2-digit', minute: '2-digit' });

/**
 * The chat lines in time order, newest at the bottom and kept in view (unless the reader has
 * scrolled up to read), keyed by id so a new line adds one row. Only the newest CHAT_PAGE lines
 * are drawn until "Show earlier" asks for more.
 */
export function ChatLog({ lines, role }: { lines: readonly ChatMessage[]; role: 'gm' | 'player' }) {
  const [shown, setShown] = useState(CHAT_PAGE);
  const list = useRef<HTMLDivElement>(null);
  const pinned = useRef(true);
  const newest = lines.at(-1)?.id;
  useLayoutEffect(() => {
    const el = list.current;
    if (el && pinned.current) el.scrollTop = el.scrollHeight;
  }, [newest]);
  const visible = lines.slice(-shown);
  const earlier = lines.length - visible.length;
  return (
    <div class="chat-log">
      {earlier > 0 && (
        <button type="button" class="chat-earlier" onClick={() => setShown(shown + CHAT_PAGE)}>
          {`Show earlier (${earlier.toLocaleString('en-US')} more)`}
        </button>
      )}
      <div
        ref={list}
        class="chat-lines"
        role="log"
        aria-label="Chat messages"
        tabIndex={0}
        data-testid="chat-lines"
        onScroll={(e) => {
          const el = e.currentTarget;
          // Reading older lines: a new one must not yank the view back down.
          pinned.current = el.scrollHeight - el.scrollTop - el.clientHeight < 24;
        }}
      >
        {lines.length === 0 && <p class="muted">No messages yet: say hello, or roll with /r 2d6+3.</p>}
        <ol>
          {visible.map((line) => (
            <ChatLine key={line.id} line={line} role={role} />
          ))}
        </ol>
      </div>
    </div>
  );
}

function ChatLine({ line, role }: { line: ChatMessage; role: 'gm' | 'player' }) {
  const audience = audienceLabel(line, role);
  return (
    <li
      class={`chat-line${audience ? ' whisper' : ''}`}
      data-testid="chat-line"
      data-whisper={audience ? 'true' : undefined}
    >
      <div class="chat-head">
        <span class="who">{speakerLabel(line)}</span>
        {audience && <span class="badge whisper-label">{audience}</span>}
        <time dateTime={new Date(line.at).toISOString()}>{clock(line.at)}</time>
      </div>
      {line.roll ? (
        <div class="chat-words">
          {line.text && <span class="roll-label">{`${line.text}: `}</span>}
          <ChatRollView roll={line.roll} />
        </div>
      ) : (
        <div class="chat-words">
          <ChatText text={line.text} />
        </div>
      )}
    </li>
  );
}
