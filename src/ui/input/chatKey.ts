import { isTyping } from './installKeyboard';
import type { KeyPress } from './shortcutOf';

/**
 * Where a key press lands, as far as the chat keys care: the map (nothing focused, or the
 * battlefield), a control (a button, a row, a link: Enter is theirs), a field being typed in, or
 * an open dialog (its keys are its own).
 */
export type KeyTarget = 'map' | 'control' | 'typing' | 'dialog';

/**
 * The chat's keys (docs/ui.md "Keyboard"): Enter on the map focuses the chat field, `/` focuses
 * it with "/" typed to start a command; null = not the chat's key. Esc in the field is the
 * field's own.
 */
export function chatKeyOf(e: KeyPress, on: KeyTarget): { typed: '' | '/' } | null {
  if (on === 'typing' || on === 'dialog') return null;
  if (e.ctrlKey || e.metaKey || e.altKey) return null;
  if (e.key === '/') return { typed: '/' };
  if (e.key === 'Enter' && !e.shiftKey && on === 'map') return { typed: '' };
  return null;
}

/** Where a key press landed (see KeyTarget), read from its target element. */
export function keyTargetOf(target: EventTarget | null): KeyTarget {
  if (!(target instanceof Element)) return 'map';
  if (target.closest('dialog')) return 'dialog';
  if (isTyping(target)) return 'typing';
  if (target === document.body || target === document.documentElement || target.tagName === 'CANVAS')
    return 'map';
  return 'control';
}
