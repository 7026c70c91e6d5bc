import { describe, expect, it } from 'vitest';
import type { Ticker } from 'pixi.js';
import { SLEEP_AFTER_QUIET_FRAMES, TickerSleep } from '../../src/render/TickerSleep';

/** A stand-in for Pixi's ticker: only `started`, `start` and `stop` are used. */
function fakeTicker(): Ticker {
  const ticker = {
    started: true,
    start: () => (ticker.started = true),
    stop: () => (ticker.started = false),
  };
  return ticker as unknown as Ticker;
}

describe('the renderer sleeps on a still battlefield', () => {
  it('stops after the quiet frames in a row, not before; a busy frame starts the count again', () => {
    const ticker = fakeTicker();
    const sleep = new TickerSleep(() => ticker);
    for (let i = 1; i < SLEEP_AFTER_QUIET_FRAMES; i++) sleep.frameEnded(true);
    sleep.frameEnded(false);
    for (let i = 1; i < SLEEP_AFTER_QUIET_FRAMES; i++) sleep.frameEnded(true);
    expect(ticker.started).toBe(true);
    sleep.frameEnded(true);
    expect(ticker.started).toBe(false);
  });

  it('a wake starts it again and starts the count afresh; before init it does nothing', () => {
    const ticker = fakeTicker();
    const sleep = new TickerSleep(() => ticker);
    for (let i = 0; i < SLEEP_AFTER_QUIET_FRAMES; i++) sleep.frameEnded(true);
    sleep.wake();
    expect(ticker.started).toBe(true);
    sleep.frameEnded(true);
    expect(ticker.started).toBe(true);
    expect(() => new TickerSleep(() => undefined).wake()).not.toThrow();
  });
});
