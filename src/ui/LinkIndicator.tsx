import { useEffect, useRef } from 'preact/hooks';
import type { LinkState } from '../table/linkState';
import type { RoomModel } from './model/RoomModel';

const LABEL: Record<LinkState, string> = {
  connecting: 'Connecting…',
  connected: 'Connected',
  reconnecting: 'Reconnecting…',
  offline: 'Offline',
};

/** What the link state means for this person: the GM's edits wait, rolled actions do not. */
export function explainLink(state: LinkState, role: 'gm' | 'player'): string {
  if (state === 'connected') return 'Linked to the server: changes arrive as they happen.';
  const waiting =
    role === 'gm' ? ' Your map and token edits are kept in this page and sent when the link is back;' : '';
  return `The server cannot be reached; the page keeps trying.${waiting} moves, rolls and turns are refused until then.`;
}

/** The sentence for the status line when the link goes from `before` to `now`, if any. */
export function linkChangeMessage(
  before: LinkState,
  now: LinkState,
  role: 'gm' | 'player',
): { text: string; kind: 'ok' | 'refused' } | null {
  if (before === now) return null;
  if (now === 'connected' && (before === 'reconnecting' || before === 'offline'))
    return {
      text:
        role === 'gm'
          ? 'The link is back: the table is up to date and your edits made meanwhile were sent.'
          : 'The link is back: the table is up to date.',
      kind: 'ok',
    };
  if (now === 'reconnecting')
    return { text: `Lost the link to the server: reconnecting… ${explainLink(now, role)}`, kind: 'refused' };
  if (now === 'offline') return { text: `Offline. ${explainLink(now, role)}`, kind: 'refused' };
  return null;
}

/**
 * The status bar's link indicator (issue 12, item 4): "Connected" / "Reconnecting…" / "Offline",
 * drawn from the model's link, with a sentence in the status line when the link drops, stays
 * down, and comes back.
 */
export function LinkIndicator({ model }: { model: RoomModel }) {
  const state = model.link.value;
  const role = model.viewer.role;
  const shown = useRef(state);
  useEffect(() => {
    const message = linkChangeMessage(shown.current, state, role);
    shown.current = state;
    if (message) model.say(message.text, message.kind);
  }, [state]);
  return (
    <span
      class="link"
      role="status"
      data-testid="status-link"
      data-state={state}
      title={explainLink(state, role)}
    >
      {LABEL[state]}
    </span>
  );
}
