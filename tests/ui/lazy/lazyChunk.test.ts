import { describe, expect, it, vi } from 'vitest';
import { ChunkUnavailable, lazyChunk } from '../../../src/ui/lazy/lazyChunk';

/** An importer failing its first `failures` calls, then answering `module`. */
function importer(failures: number, module = { ok: true }) {
  let calls = 0;
  const load = vi.fn(async () => {
    calls++;
    if (calls <= failures) throw new TypeError('Failed to fetch dynamically imported module');
    return module;
  });
  return load;
}

describe('lazyChunk', () => {
  it('fetches once, then answers from what arrived', async () => {
    const load = importer(0);
    const chunk = lazyChunk(load, () => expect.fail('no failure to say'));
    expect(chunk.loaded()).toBeUndefined();
    const [a, b] = await Promise.all([chunk.load(), chunk.load()]);
    expect(a).toBe(b);
    expect(chunk.loaded()).toBe(a);
    await chunk.load();
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('tries a failed download again once, and then has it', async () => {
    const load = importer(1);
    const say = vi.fn();
    await expect(lazyChunk(load, say).load()).resolves.toEqual({ ok: true });
    expect(load).toHaveBeenCalledTimes(2);
    expect(say).not.toHaveBeenCalled();
  });

  it('says so after the second failure, rejects, and tries afresh on the next load', async () => {
    const load = importer(2);
    const say = vi.fn();
    const chunk = lazyChunk(load, say);
    const failed = await chunk.load().catch((e: unknown) => e);
    expect(failed).toBeInstanceOf(ChunkUnavailable);
    expect(load).toHaveBeenCalledTimes(2);
    expect(say).toHaveBeenCalledTimes(1);
    expect(chunk.loaded()).toBeUndefined();
    await expect(chunk.load()).resolves.toEqual({ ok: true });
    expect(load).toHaveBeenCalledTimes(3);
  });
});
