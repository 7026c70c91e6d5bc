import { describe, expect, it } from 'vitest';
import { chatKeyOf, type KeyTarget } from '../../../src/ui/input/chatKey';

const press = (
  key: string,
  on: KeyTarget,
  mods: Partial<Record<'ctrlKey' | 'metaKey' | 'shiftKey' | 'altKey', boolean>> = {},
) => chatKeyOf({ key, ctrlKey: false, metaKey: false, shiftKey: false, altKey: false, ...mods }, on);

describe('keys that open the chat', () => {
  it('Enter on the map focuses the field; / focuses it with "/" typed', () => {
    expect(press('Enter', 'map')).toEqual({ typed: '' });
    expect(press('/', 'map')).toEqual({ typed: '/' });
  });

  it('Enter on a button or a row stays theirs; / still opens the chat from them', () => {
    expect(press('Enter', 'control')).toBeNull();
    expect(press('/', 'control')).toEqual({ typed: '/' });
  });

  it('never while typing, in a dialog, or with a modifier', () => {
    expect(press('Enter', 'typing')).toBeNull();
    expect(press('/', 'typing')).toBeNull();
    expect(press('/', 'dialog')).toBeNull();
    expect(press('Enter', 'map', { shiftKey: true })).toBeNull();
    expect(press('Enter', 'map', { ctrlKey: true })).toBeNull();
    expect(press('/', 'map', { altKey: true })).toBeNull();
  });
});
