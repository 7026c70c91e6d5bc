import { describe, expect, it } from 'vitest';
import { shortcutOf } from '../../../src/ui/input/shortcutOf';

const key = (k: string, mods: Partial<Record<'ctrlKey' | 'metaKey' | 'shiftKey' | 'altKey', boolean>> = {}) =>
  shortcutOf({ key: k, ctrlKey: false, metaKey: false, shiftKey: false, altKey: false, ...mods });

describe('keys → table shortcuts', () => {
  it('undo and redo with Ctrl or Cmd', () => {
    expect(key('z', { ctrlKey: true })).toEqual({ kind: 'undo' });
    expect(key('Z', { ctrlKey: true, shiftKey: true })).toEqual({ kind: 'redo' });
    expect(key('y', { metaKey: true })).toEqual({ kind: 'redo' });
  });

  it("Ctrl or Cmd+D duplicates the selection (not with Shift: that stays the browser's)", () => {
    expect(key('d', { ctrlKey: true })).toEqual({ kind: 'duplicate' });
    expect(key('D', { metaKey: true })).toEqual({ kind: 'duplicate' });
    expect(key('d', { ctrlKey: true, shiftKey: true })).toBeNull();
    expect(key('d')).toBeNull();
  });

  it('arrows step the selection one square; Shift asks for a free placement', () => {
    expect(key('ArrowLeft')).toEqual({ kind: 'step', dx: -1, dy: 0, free: false });
    expect(key('ArrowDown', { shiftKey: true })).toEqual({ kind: 'step', dx: 0, dy: 1, free: true });
  });

  it('Delete or Backspace removes, + = - _ zoom, ? helps, Esc clears', () => {
    expect(key('Delete')).toEqual({ kind: 'delete' });
    expect(key('Backspace')).toEqual({ kind: 'delete' });
    expect(key('+', { shiftKey: true })).toEqual({ kind: 'zoom', direction: 1 });
    expect(key('=')).toEqual({ kind: 'zoom', direction: 1 });
    expect(key('-')).toEqual({ kind: 'zoom', direction: -1 });
    expect(key('?', { shiftKey: true })).toEqual({ kind: 'help' });
    expect(key('Escape')).toEqual({ kind: 'clear' });
  });

  it("leaves the browser's own combinations alone (Ctrl +/-, Alt+arrow) and other keys", () => {
    expect(key('+', { ctrlKey: true })).toBeNull();
    expect(key('-', { metaKey: true })).toBeNull();
    expect(key('ArrowLeft', { altKey: true })).toBeNull();
    expect(key('ArrowLeft', { ctrlKey: true })).toBeNull();
    expect(key('a')).toBeNull();
  });
});
