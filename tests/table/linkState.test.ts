import { describe, expect, it, vi } from 'vitest';
import type { WebsocketProvider } from 'y-websocket';
import { createLinkWatch, OFFLINE_AFTER_MS, type LinkState } from '../../src/table/linkState';
import { CLOSE_REFUSED } from '../../src/table/wireCodes';

/** Just the provider surface the watch listens to: close and sync events, and `synced`. */
class FakeProvider {
  synced = false;
  private handlers = new Map<string, Set<(arg: unknown) => void>>();
  on(name: string, f: (arg: unknown) => void): void {
    if (!this.handlers.has(name)) this.handlers.set(name, new Set());
    this.handlers.get(name)!.add(f);
  }
  off(name: string, f: (arg: unknown) => void): void {
    this.handlers.get(name)?.delete(f);
  }
  close(code = 1006): void {
    this.setSynced(false);
    this.handlers.get('connection-close')?.forEach((f) => f({ code }));
  }
  setSynced(s: boolean): void {
    if (this.synced === s) return;
    this.synced = s;
    this.handlers.get('sync')?.forEach((f) => f(s));
  }
}

const asProviders = (ps: FakeProvider[]) => ps as unknown as WebsocketProvider[];

describe('createLinkWatch', () => {
  it('goes connected → reconnecting → offline → connected, once every doc synced again', () => {
    vi.useFakeTimers();
    try {
      const watch = createLinkWatch();
      const seen: LinkState[] = [];
      watch.onChange((s) => seen.push(s));
      const [pub, sec] = [new FakeProvider(), new FakeProvider()];
      watch.watch(asProviders([pub, sec]));
      expect(watch.state).toBe('connecting');
      pub.setSynced(true);
      expect(watch.state).toBe('connecting'); // the secrets doc is not there yet
      sec.setSynced(true);
      expect(watch.state).toBe('connected');

      pub.close();
      expect(watch.state).toBe('reconnecting');
      vi.advanceTimersByTime(OFFLINE_AFTER_MS - 1);
      expect(watch.state).toBe('reconnecting');
      vi.advanceTimersByTime(1);
      expect(watch.state).toBe('offline');
      pub.setSynced(true);
      expect(watch.state).toBe('connected');
      // Back in time: no late "offline" from the old timer.
      vi.advanceTimersByTime(OFFLINE_AFTER_MS * 2);
      expect(seen).toEqual(['connected', 'reconnecting', 'offline', 'connected']);
    } finally {
      vi.useRealTimers();
    }
  });

  it('a refused write swaps the docs without showing an outage', () => {
    const watch = createLinkWatch();
    const old = new FakeProvider();
    const stop = watch.watch(asProviders([old]));
    old.setSynced(true);
    old.close(CLOSE_REFUSED);
    expect(watch.state).toBe('connected');
    stop();
    old.close(); // the old provider's own closing after it was dropped
    const fresh = new FakeProvider();
    watch.watch(asProviders([fresh]));
    expect(watch.state).toBe('connected');
    fresh.setSynced(true);
    expect(watch.state).toBe('connected');
    watch.destroy();
  });

  it('a revoked link stays offline', () => {
    const watch = createLinkWatch();
    const p = new FakeProvider();
    watch.watch(asProviders([p]));
    p.setSynced(true);
    watch.endForGood();
    expect(watch.state).toBe('offline');
    p.setSynced(true);
    expect(watch.state).toBe('offline');
    watch.destroy();
  });
});
