import { describe, expect, it } from 'vitest';
import { parseServerConfig } from '../../src/server/config';
import { TokenBucket } from '../../src/server/TokenBucket';
import { api, createRoom, useTestServer } from './helpers';

const HOUR = 3_600_000;

describe('TokenBucket', () => {
  it('allows a burst of `capacity`, then refills capacity per period, per key', () => {
    let now = 0;
    const bucket = new TokenBucket(3, HOUR, () => now);
    expect([1, 2, 3].map(() => bucket.take('10.0.0.1').ok)).toEqual([true, true, true]);
    // Empty: one token comes back after a third of an hour.
    expect(bucket.take('10.0.0.1')).toEqual({ ok: false, retryAfterMs: 1_200_000 });
    expect(bucket.take('10.0.0.2').ok).toBe(true); // another address has its own bucket
    now = 1_199_999;
    expect(bucket.take('10.0.0.1')).toEqual({ ok: false, retryAfterMs: 1 });
    now = 1_200_000;
    expect(bucket.take('10.0.0.1').ok).toBe(true);
    expect(bucket.take('10.0.0.1').ok).toBe(false);
    // A long pause refills to capacity, never beyond.
    now += 10 * HOUR;
    expect([1, 2, 3, 4].map(() => bucket.take('10.0.0.1').ok)).toEqual([true, true, true, false]);
  });

  it('forgets full buckets once it holds more than 10 000 keys', () => {
    let now = 0;
    const bucket = new TokenBucket(1, 1000, () => now);
    for (let i = 0; i < 10_000; i++) bucket.take(`a${i}`);
    expect(bucket.size).toBe(10_000);
    now = 1000; // every bucket is full again
    bucket.take('b');
    expect(bucket.size).toBe(1);
  });

  it('ROOM_LIMIT is read from the environment and checked', () => {
    expect(parseServerConfig([], {}).roomsPerHour).toBeUndefined();
    expect(parseServerConfig([], { ROOM_LIMIT: '0' }).roomsPerHour).toBe(0);
    expect(() => parseServerConfig([], { ROOM_LIMIT: 'lots' })).toThrow(
      'ROOM_LIMIT: expected rooms per hour per client, an integer ≥ 0 (0 = no limit), got "lots"',
    );
  });

  it('LIBRARY_LIMIT is read from the environment and checked the same way', () => {
    expect(parseServerConfig([], {}).librariesPerHour).toBeUndefined();
    expect(parseServerConfig([], { LIBRARY_LIMIT: '0' }).librariesPerHour).toBe(0);
    expect(parseServerConfig([], { LIBRARY_LIMIT: '5' }).librariesPerHour).toBe(5);
    expect(() => parseServerConfig([], { LIBRARY_LIMIT: '-1' })).toThrow(
      'LIBRARY_LIMIT: expected libraries per hour per client, an integer ≥ 0 (0 = no limit), got "-1"',
    );
  });
});

describe('room creation over HTTP, limited per address', () => {
  const server = useTestServer(undefined, { roomsPerHour: 2 });

  it('answers 429 with Retry-After once the address used its rooms, for create and import alike', async () => {
    const first = await createRoom(server.origin);
    await createRoom(server.origin);
    const refused = await fetch(`${server.origin}/api/rooms`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{}',
    });
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(1700); // ~30 min for 1 of 2/hour
    expect(((await refused.json()) as { reason: string }).reason).toMatch(
      /^too many rooms created from this address \(2 per hour\); try again in \d+ s$/,
    );
    const exported = await api(server.origin, `/api/rooms/${first.roomId}/export`, { token: first.gmToken });
    expect(exported.status).toBe(200);
    const imported = await api(server.origin, '/api/rooms/import', { body: exported.body });
    expect(imported.status).toBe(429);
    // Everything else keeps working.
    expect((await api(server.origin, '/api/health')).status).toBe(200);
  });
});
