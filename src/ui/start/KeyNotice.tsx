import { render } from 'preact';
import { useSignal } from '@preact/signals';
import { browserStorage } from '../browserStorage';
import { dismissKeyNotice, keyNoticePending } from './keyNoticeState';
import type { KeyValueStorage } from './yourRooms';

/**
 * Shown on the GM's table after the first room made in this browser: the page's address is the
 * GM link, and nothing else opens the room as GM. Stays until "Got it" (then never again here).
 */
function KeyNotice({ storage, onClose }: { storage: KeyValueStorage; onClose: () => void }) {
  const copied = useSignal('');
  const copy = async (): Promise<void> => {
    try {
      await navigator.clipboard.writeText(window.location.href);
      copied.value = 'Copied.';
    } catch {
      copied.value = 'Could not copy here: copy the address bar instead.';
    }
  };
  return (
    <section class="key-notice" aria-labelledby="key-notice-title" data-testid="key-notice">
      <strong id="key-notice-title">Keep this page’s link: it is the key to this room.</strong>
      <p>
        Whoever opens it is the GM, and there is no other way back in as GM. Bookmark this page or copy the
        link; this browser also lists the room under “Your rooms” on the start page.
      </p>
      <div class="row">
        <button type="button" onClick={() => void copy()}>
          Copy the GM link
        </button>
        <button
          type="button"
          class="primary"
          onClick={() => {
            dismissKeyNotice(storage);
            onClose();
          }}
        >
          Got it
        </button>
        <span class="muted">{copied.value}</span>
      </div>
    </section>
  );
}

/** Mount the notice over the GM's table when it is pending (a room was just created here). */
export function showKeyNoticeIfPending(storage: KeyValueStorage = browserStorage()): void {
  if (!keyNoticePending(storage)) return;
  const host = document.createElement('div');
  document.body.append(host);
  const close = (): void => {
    render(null, host);
    host.remove();
  };
  render(<KeyNotice storage={storage} onClose={close} />, host);
}
