import type { InputController } from '../InputController';
import type { TableSession } from '../TableSession';
import type { StatusFn } from './commitTokenMove';
import { shortcutOf } from './shortcutOf';
import { shortcutsDialog } from './shortcutsDialog';

export interface KeyboardHost {
  readonly input: InputController;
  readonly session: TableSession;
  /** Zoom by one step of the toolbar's + / − buttons. */
  zoom(direction: 1 | -1): void;
  readonly status: StatusFn;
}

/** Typing goes to the field: no shortcut fires in an input, a text area, a select or editable text. */
export function isTyping(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  return target.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(target.tagName);
}

/**
 * The table's keyboard (docs/ui.md "Keyboard"): arrows move the selection by the same rules as a
 * drag, Delete removes it (GM), Ctrl+D duplicates it (GM), Ctrl+Z / Ctrl+Shift+Z undo and redo (GM), + / − zoom, ? lists
 * the shortcuts, Esc clears the selection. Returns the list's `open` for the toolbar's ? button.
 */
export function installKeyboard(host: KeyboardHost): { openHelp(): void } {
  const { input, session, status } = host;
  const gm = session.gm;
  const help = shortcutsDialog(!!gm);
  window.addEventListener('keydown', (e) => {
    // The open list handles its own keys (Escape closes it).
    if (e.defaultPrevented || help.isOpen() || isTyping(e.target)) return;
    const shortcut = shortcutOf(e);
    if (!shortcut) return;
    switch (shortcut.kind) {
      case 'undo':
      case 'redo':
        if (!gm) return;
        e.preventDefault();
        if (!gm[shortcut.kind]()) status(`Nothing to ${shortcut.kind}`, 'info');
        return;
      case 'delete': {
        const token = session.scene().tokens.find((t) => t.id === input.selectedId);
        if (!gm || !token) return;
        e.preventDefault();
        // Said first: if the writer refuses, its reason replaces this line (TableScreen's guardGm).
        status(`${token.name} removed. Ctrl+Z brings it back.`, 'ok');
        gm.removeToken(token.id);
        return;
      }
      case 'duplicate': {
        const token = session.scene().tokens.find((t) => t.id === input.selectedId);
        // Players keep the browser's Ctrl+D; so does a GM with nothing selected.
        if (!gm?.duplicateToken || !token) return;
        e.preventDefault();
        const copy = gm.duplicateToken(token.id) as ReturnType<typeof gm.duplicateToken> | undefined;
        if (!copy) return; // refused: guardGm said why
        input.select(copy.id);
        status(`${copy.name} placed: a copy of ${token.name}. Ctrl+Z takes it back.`, 'ok');
        return;
      }
      case 'step':
        if (!input.selectedId) return;
        e.preventDefault();
        void input.step(shortcut.dx, shortcut.dy, shortcut.free);
        return;
      case 'zoom':
        e.preventDefault();
        host.zoom(shortcut.direction);
        return;
      case 'help':
        e.preventDefault();
        help.open();
        return;
      case 'clear':
        input.select(undefined);
        return;
    }
  });
  return { openHelp: () => help.open() };
}
