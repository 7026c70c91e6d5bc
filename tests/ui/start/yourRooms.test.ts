import { describe, expect, it } from 'vitest';
import {
  forgetRoom,
  MAX_YOUR_ROOMS,
  readYourRooms,
  rememberRoom,
  YOUR_ROOMS_KEY,
  type KeyValueStorage,
  type YourRoom,
} from '../../../src/ui/start/yourRooms';
import {
  dismissKeyNotice,
  keyNoticeAfterCreate,
  keyNoticePending,
} from '../../../src/ui/start/keyNoticeState';

function memory(initial: Record<string, string> = {}): KeyValueStorage & { data: Map<string, string> } {
  const data = new Map(Object.entries(initial));
  return { data, getItem: (k) => data.get(k) ?? null, setItem: (k, v) => void data.set(k, v) };
}

const TOKEN = 'abcdefghijklmnopqrstuv';
function room(i: number): YourRoom {
  return {
    name: `Room ${i}`,
    gmLink: `/?room=room${i}&token=${TOKEN}`,
    createdAt: new Date(Date.UTC(2025, 0, 1, 0, i)).toISOString(),
  };
}

describe('Your rooms (localStorage)', () => {
  it('remembers newest first, keeps at most MAX_YOUR_ROOMS, and forgets one', () => {
    const s = memory();
    for (let i = 0; i < MAX_YOUR_ROOMS + 5; i++) rememberRoom(s, room(i));
    const rooms = readYourRooms(s);
    expect(rooms).toHaveLength(MAX_YOUR_ROOMS);
    expect(rooms[0]!.name).toBe(`Room ${MAX_YOUR_ROOMS + 4}`);
    forgetRoom(s, rooms[0]!.gmLink);
    expect(readYourRooms(s).map((r) => r.name)).not.toContain(`Room ${MAX_YOUR_ROOMS + 4}`);
  });

  it('remembering a link again moves it to the top instead of listing it twice', () => {
    const s = memory();
    rememberRoom(s, room(1));
    rememberRoom(s, room(2));
    rememberRoom(s, { ...room(1), createdAt: new Date(Date.UTC(2025, 5, 1)).toISOString() });
    expect(readYourRooms(s).map((r) => r.name)).toEqual(['Room 1', 'Room 2']);
  });

  it('drops bad entries one by one: other sites, script links, wrong shapes, too long names', () => {
    const s = memory({
      [YOUR_ROOMS_KEY]: JSON.stringify({
        version: 1,
        rooms: [
          room(1),
          { ...room(2), gmLink: 'javascript:alert(1)' },
          { ...room(3), gmLink: `https://evil.example/?room=x&token=${TOKEN}` },
          { ...room(4), name: 'x'.repeat(121) },
          { ...room(5), createdAt: 'yesterday' },
          'Room 6',
          null,
        ],
      }),
    });
    expect(readYourRooms(s).map((r) => r.name)).toEqual(['Room 1']);
  });

  it('reads broken JSON, another version or a throwing storage as an empty list', () => {
    expect(readYourRooms(memory({ [YOUR_ROOMS_KEY]: '{oops' }))).toEqual([]);
    expect(
      readYourRooms(memory({ [YOUR_ROOMS_KEY]: JSON.stringify({ version: 2, rooms: [room(1)] }) })),
    ).toEqual([]);
    const throwing: KeyValueStorage = {
      getItem: () => {
        throw new Error('SecurityError');
      },
      setItem: () => {
        throw new Error('QuotaExceededError');
      },
    };
    expect(readYourRooms(throwing)).toEqual([]);
    expect(() => rememberRoom(throwing, room(1))).not.toThrow();
  });
});

describe('the GM-link notice', () => {
  it('is pending after the first room, and never again once dismissed', () => {
    const s = memory();
    expect(keyNoticePending(s)).toBe(false);
    keyNoticeAfterCreate(s);
    expect(keyNoticePending(s)).toBe(true);
    dismissKeyNotice(s);
    keyNoticeAfterCreate(s);
    expect(keyNoticePending(s)).toBe(false);
  });
});
