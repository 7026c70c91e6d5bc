import { el } from '../dom';

/** What a person reads when part of the page could not be downloaded, twice. */
export const CHUNK_FAILURE_SENTENCE =
  'Part of this page could not be downloaded: check your connection, then reload the page.';

/**
 * Puts the reload notice over the page, once: a banner that leaves what already works usable
 * (a table keeps its battlefield), with a Reload button. Plain DOM, so that it needs nothing
 * that could itself have failed to download.
 */
export function showChunkFailure(): void {
  if (document.querySelector('[data-testid="chunk-failure"]')) return;
  const reload = el('button', { type: 'button', class: 'primary' }, 'Reload');
  reload.addEventListener('click', () => window.location.reload());
  document.body.append(
    el(
      'div',
      { class: 'chunk-failure', role: 'alert', 'data-testid': 'chunk-failure' },
      el('p', {}, CHUNK_FAILURE_SENTENCE),
      reload,
    ),
  );
  reload.focus();
}
