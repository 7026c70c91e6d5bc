import type { TableConnection } from '../table/client';
import type { LinkState } from '../table/linkState';
import { el } from './dom';

type Status = (text: string, kind: 'ok' | 'refused' | 'info') => void;

const LABEL: Record<LinkState, string> = {
  connecting: 'Connecting…',
  connected: 'Connected',
  reconnecting: 'Reconnecting…',
  offline: 'Offline',
};

/** What the link state means for this person: the GM's edits wait, rolled actions do not. */
function explain(state: LinkState, role: 'gm' | 'player'): string {
  if (state === 'connected') return 'Linked to the server: changes arrive as they happen.';
  const waiting =
    role === 'gm' ? ' Your map and token edits are kept in this page and sent when the link is back;' : '';
  return `The server cannot be reached; the page keeps trying.${waiting} moves, rolls and turns are refused until then.`;
}

/**
 * The status bar's link indicator (issue 12, item 4): "Connected" / "Reconnecting…" / "Offline",
 * with a sentence in the status line when the link drops, stays down, and comes back.
 */
export function linkIndicator(
  conn: Pick<TableConnection, 'link' | 'onLink'>,
  role: 'gm' | 'player',
  status: Status,
): HTMLElement {
  const node = el('span', { class: 'link', role: 'status', 'data-testid': 'status-link' });
  let shown: LinkState | undefined;
  const show = (state: LinkState): void => {
    const before = shown;
    shown = state;
    node.textContent = LABEL[state];
    node.dataset['state'] = state;
    node.title = explain(state, role);
    if (before === undefined || before === state) return;
    if (state === 'connected' && (before === 'reconnecting' || before === 'offline')) {
      status(
        role === 'gm'
          ? 'The link is back: the table is up to date and your edits made meanwhile were sent.'
          : 'The link is back: the table is up to date.',
        'ok',
      );
    } else if (state === 'reconnecting') {
      status(`Lost the link to the server: reconnecting… ${explain(state, role)}`, 'refused');
    } else if (state === 'offline') {
      status(`Offline. ${explain(state, role)}`, 'refused');
    }
  };
  show(conn.link);
  conn.onLink(show);
  return node;
}
