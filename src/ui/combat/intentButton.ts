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
