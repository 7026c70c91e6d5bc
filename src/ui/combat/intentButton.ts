// Legacy: the DOM builders still used by the turn tracker (TurnTrackerPanel.ts) until it is a
// component; the component panels use IntentButton.tsx. Delete this file with that conversion.
import type { Intent } from '../../schema/intent';
import { el } from '../dom';
import type { CombatHost } from './CombatHost';

/** How a panel reports to the status line under the table. */
export type StatusLine = (text: string, kind: 'ok' | 'refused' | 'info') => void;

/** A button that sends one intent and reports the server's answer ("Save: done" / "Save refused: …"). */
export function intentButton(
  host: Pick<CombatHost, 'intent'>,
  status: StatusLine,
  label: string,
  testid: string,
  intent: Intent,
): HTMLButtonElement {
  const b = el('button', { 'data-testid': testid }, label);
  b.onclick = async () => {
    const r = await host.intent(intent);
    status(r.ok ? `${label}: done` : `${label} refused: ${r.reason}`, r.ok ? 'ok' : 'refused');
  };
  return b;
}

/**
 * An intent button that asks first, with the browser's confirm as the invite panel's Revoke does
 * (one way of asking across the app), for steps that are hard or impossible to take back.
 * `question` is read at click time so it names the current state; Cancel sends nothing.
 */
export function confirmedIntentButton(
  host: Pick<CombatHost, 'intent'>,
  status: StatusLine,
  label: string,
  testid: string,
  intent: Intent,
  question: () => string,
): HTMLButtonElement {
  const b = intentButton(host, status, label, testid, intent);
  const send = b.onclick!;
  b.onclick = (e) => (window.confirm(question()) ? send.call(b, e) : undefined);
  return b;
}
