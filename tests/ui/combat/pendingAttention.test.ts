import { describe, expect, it } from 'vitest';
import { PENDING_FLASH_MS, PendingAttention } from '../../../src/ui/combat/pendingAttention';

describe('PendingAttention: a result waiting for this viewer draws the eye once', () => {
  it('is first seen once per entry and flashes for PENDING_FLASH_MS', () => {
    let now = 1_000;
    const attention = new PendingAttention(() => now);
    expect(attention.flashLeft('log-1')).toBe(0);
    expect(attention.firstSight('log-1')).toBe(true);
    expect(attention.flashLeft('log-1')).toBe(PENDING_FLASH_MS);

    // Later snapshots show the same entry again: no second scroll, the flash runs on.
    now += 500;
    expect(attention.firstSight('log-1')).toBe(false);
    expect(attention.flashLeft('log-1')).toBe(PENDING_FLASH_MS - 500);

    // Once the flash time is over, the block shows without the flash.
    now += PENDING_FLASH_MS;
    expect(attention.flashLeft('log-1')).toBe(0);

    // A new pending entry gets its own scroll and flash; the old one never flashes again.
    expect(attention.firstSight('log-2')).toBe(true);
    expect(attention.flashLeft('log-2')).toBe(PENDING_FLASH_MS);
    expect(attention.firstSight('log-1')).toBe(false);
    expect(attention.flashLeft('log-1')).toBe(0);
  });
});
