import fc from 'fast-check';
import * as encoding from 'lib0/encoding';
import { describe, expect, it } from 'vitest';
import {
  encodeSyncStep1,
  encodeSyncStep2,
  encodeSyncUpdate,
  MESSAGE_SYNC,
  parseClientMessage,
  SYNC_STEP_1,
  SYNC_STEP_2,
  SYNC_UPDATE,
} from '../../src/server/protocol';

/** What y-websocket and y-protocols write for a sync message (the encoding the clients decode). */
function lib0Sync(step: number, payload: Uint8Array): Uint8Array {
  const encoder = encoding.createEncoder();
  encoding.writeVarUint(encoder, MESSAGE_SYNC);
  encoding.writeVarUint(encoder, step);
  encoding.writeVarUint8Array(encoder, payload);
  return encoding.toUint8Array(encoder);
}

/** Byte equality (a deep `toEqual` of 70 KB arrays, hundreds of times, takes seconds). */
const same = (a: Uint8Array, b: Uint8Array): boolean => Buffer.compare(a, b) === 0;

/** Payload lengths around every varUint width boundary, and some in between. */
const payloadLength = fc.oneof(
  fc.constantFrom(0, 1, 127, 128, 129, 16_383, 16_384, 16_385, 70_000),
  fc.integer({ min: 0, max: 40_000 }),
);

describe('sync frames', () => {
  it('are byte for byte what lib0 encodes, for every payload length', () => {
    fc.assert(
      fc.property(payloadLength, fc.integer({ min: 0, max: 255 }), (length, fill) => {
        const payload = new Uint8Array(length).fill(fill);
        expect(same(encodeSyncUpdate(payload), lib0Sync(SYNC_UPDATE, payload))).toBe(true);
        expect(same(encodeSyncStep1(payload), lib0Sync(SYNC_STEP_1, payload))).toBe(true);
        expect(same(encodeSyncStep2(payload), lib0Sync(SYNC_STEP_2, payload))).toBe(true);
      }),
      { numRuns: 200 },
    );
  });

  it('read back as the update they carry', () => {
    const payload = new Uint8Array(300).map((_, i) => i & 255);
    expect(parseClientMessage(encodeSyncUpdate(payload))).toEqual({
      type: 'sync-update',
      step: 'update',
      update: payload,
    });
  });
});
