/** What a key press asks the table to do (docs/ui.md "Keyboard"). */
export type Shortcut =
  | { kind: 'undo' }
  | { kind: 'redo' }
  | { kind: 'delete' }
  | { kind: 'duplicate' }
  | { kind: 'step'; dx: number; dy: number; free: boolean }
  | { kind: 'zoom'; direction: 1 | -1 }
  | { kind: 'help' }
  | { kind: 'clear' };

export type KeyPress = Pick<KeyboardEvent, 'key' | 'ctrlKey' | 'metaKey' | 'shiftKey' | 'altKey'>;

const STEPS: Readonly<Record<string, readonly [number, number]>> = {
  ArrowLeft: [-1, 0],
  ArrowRight: [1, 0],
  ArrowUp: [0, -1],
  ArrowDown: [0, 1],
};

/**
 * The shortcut a key press means, or null. Ctrl/Cmd combinations other than undo/redo/duplicate stay the
 * browser's (Ctrl + / − zooms the page), and so does Alt+arrow (history on some systems).
 */
export function shortcutOf(e: KeyPress): Shortcut | null {
  const key = e.key;
  if (e.ctrlKey || e.metaKey) {
    if (e.altKey) return null;
    if (key.toLowerCase() === 'z') return { kind: e.shiftKey ? 'redo' : 'undo' };
    if (key.toLowerCase() === 'y') return { kind: 'redo' };
    // Ctrl+D bookmarks the page in browsers; on the table it duplicates the selected token (GM).
    if (key.toLowerCase() === 'd' && !e.shiftKey) return { kind: 'duplicate' };
    return null;
  }
  if (e.altKey) return null;
  const step = STEPS[key];
  if (step) return { kind: 'step', dx: step[0], dy: step[1], free: e.shiftKey };
  if (key === 'Delete' || key === 'Backspace') return { kind: 'delete' };
  // '=' and '_' are the same keys without/with Shift on most layouts.
  if (key === '+' || key === '=') return { kind: 'zoom', direction: 1 };
  if (key === '-' || key === '_') return { kind: 'zoom', direction: -1 };
  if (key === '?') return { kind: 'help' };
  if (key === 'Escape') return { kind: 'clear' };
  return null;
}
