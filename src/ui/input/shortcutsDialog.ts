import { el } from '../dom';

/** The rows of the "?" list: keys as people press them, and what they do. */
function rows(gm: boolean): Array<[string, string]> {
  return [
    [
      'Arrow keys',
      'Move the selected token one square (by the rules; in combat only the acting character moves)',
    ],
    ...(gm
      ? ([
          [
            'Shift + arrow keys, Shift-drag',
            'Place the token freely; in combat the log says the GM placed it',
          ],
          ['Delete', 'Remove the selected token (Ctrl+Z brings it back)'],
          ['Ctrl+D', 'Duplicate the selected token: a fresh copy on the nearest free square'],
          ['Ctrl+Z, Ctrl+Shift+Z or Ctrl+Y', 'Undo, redo your last change'],
        ] as Array<[string, string]>)
      : []),
    ['+ / −', 'Zoom in, zoom out'],
    ['Alt+click', 'Ping a square for everyone'],
    [
      'R (hold), or the Ruler button',
      'Measure: drag from a square or token; a click adds a waypoint; release or Esc ends it',
    ],
    ['Enter', 'Chat: type a message (Enter sends, Shift+Enter a new line, ↑ your last line)'],
    ['/', 'Chat: start a command (/r 2d6+3 rolls; /help lists them)'],
    ['Esc in the chat', 'Back to the map'],
    ['← / →, Page Up / Page Down, Home / End', 'Stepping through a fight: entries, rounds, first and last'],
    ['Esc', 'Clear the selection; close this list; stop stepping through a fight'],
    ['?', 'This list'],
  ];
}

const CSS = `
dialog.shortcuts { background: var(--panel, #24262b); color: var(--text, #eee); border: 1px solid #4a4d55;
  border-radius: 8px; padding: 12px 16px; max-width: min(34rem, 92vw); }
dialog.shortcuts::backdrop { background: rgb(0 0 0 / 45%); }
dialog.shortcuts h2 { font-size: 16px; margin: 0 0 8px; }
dialog.shortcuts dl { display: grid; grid-template-columns: max-content 1fr; gap: 6px 14px; margin: 0 0 12px; font-size: 13px; }
dialog.shortcuts dt { font-weight: 600; white-space: nowrap; }
dialog.shortcuts dd { margin: 0; }
@media (max-width: 480px) { dialog.shortcuts dl { grid-template-columns: 1fr; gap: 2px; }
  dialog.shortcuts dd { margin-bottom: 6px; } dialog.shortcuts dt { white-space: normal; } }
`;

let injected = false;
function injectStyles(): void {
  if (injected) return;
  injected = true;
  const style = document.createElement('style');
  style.dataset['owner'] = 'shortcuts';
  style.textContent = CSS;
  document.head.append(style);
}

/**
 * The "?" list: a modal <dialog> (Escape closes it natively); when it closes, focus goes back to
 * where it was, so a keyboard user carries on from the same button.
 */
export function shortcutsDialog(gm: boolean): { open(): void; isOpen(): boolean } {
  injectStyles();
  const close = el('button', { type: 'button', 'data-testid': 'shortcuts-close' }, 'Close');
  const list = el('dl');
  for (const [keys, what] of rows(gm)) list.append(el('dt', {}, keys), el('dd', {}, what));
  const dialog = el(
    'dialog',
    { class: 'shortcuts', 'data-testid': 'shortcuts-dialog', 'aria-labelledby': 'shortcuts-title' },
    el('h2', { id: 'shortcuts-title' }, 'Keyboard shortcuts'),
    list,
    close,
  );
  document.body.append(dialog);
  let opener: Element | null = null;
  close.onclick = () => dialog.close();
  dialog.addEventListener('close', () => {
    if (opener instanceof HTMLElement && opener.isConnected) opener.focus();
    opener = null;
  });
  return {
    open() {
      if (dialog.open) return;
      opener = document.activeElement;
      dialog.showModal();
    },
    isOpen: () => dialog.open,
  };
}
