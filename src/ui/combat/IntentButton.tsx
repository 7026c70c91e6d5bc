import type { Intent } from '../../schema/intent';
import type { RoomModel } from '../model/RoomModel';

/**
 * A button that sends one intent and says the server's answer on the status line ("Save: done"
 * / "Save refused: …"). With `confirm`, it asks first with the browser's confirm, as the invite
 * panel's Revoke does (one way of asking across the app), for steps that are hard or impossible
 * to take back; the question is read at click time so it names the current state, and Cancel
 * sends nothing.
 */
export function IntentButton(props: {
  model: RoomModel;
  label: string;
  testid: string;
  intent: Intent;
  title?: string;
  confirm?: () => string;
}) {
  const { model, label, intent, confirm } = props;
  const click = (): void => {
    if (confirm && !window.confirm(confirm())) return;
    void model.send(label, intent);
  };
  return (
    <button type="button" data-testid={props.testid} title={props.title} onClick={click}>
      {label}
    </button>
  );
}
