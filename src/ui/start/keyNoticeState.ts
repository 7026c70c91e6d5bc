import type { KeyValueStorage } from './yourRooms';

/**
 * The one-time "the GM link is the key to the room" notice. Creating a room marks it pending
 * (unless the GM already dismissed it once); the GM's table shows it while pending; "Got it"
 * dismisses it for good in this browser.
 */
export const KEY_NOTICE_KEY = 'icon-vtt.keyNotice';

type NoticeState = 'pending' | 'dismissed';

function read(storage: KeyValueStorage): NoticeState | undefined {
  try {
    const value = storage.getItem(KEY_NOTICE_KEY);
    return value === 'pending' || value === 'dismissed' ? value : undefined;
  } catch {
    return undefined;
  }
}

function write(storage: KeyValueStorage, state: NoticeState): void {
  try {
    storage.setItem(KEY_NOTICE_KEY, state);
  } catch {
    // Storage off: the notice may show again next time, which is harmless.
  }
}

/** A room was just created: the GM should be told, unless they already were. */
export function keyNoticeAfterCreate(storage: KeyValueStorage): void {
  if (read(storage) !== 'dismissed') write(storage, 'pending');
}

export function keyNoticePending(storage: KeyValueStorage): boolean {
  return read(storage) === 'pending';
}

export function dismissKeyNotice(storage: KeyValueStorage): void {
  write(storage, 'dismissed');
}
