import type { Ticker } from 'pixi.js';

/** Quiet frames (about half a second) before the ticker stops until something wakes it. */
export const SLEEP_AFTER_QUIET_FRAMES = 30;

/**
 * A still battlefield costs nothing: after `SLEEP_AFTER_QUIET_FRAMES` frames in a row with nothing
 * to draw and nothing under way the ticker stops (no frames at all, not even empty ones) until a
 * change, input or camera motion wakes it.
 */
export class TickerSleep {
  private quietFrames = 0;

  /** `ticker`: undefined until the application is initialised. */
  constructor(private readonly ticker: () => Ticker | undefined) {}

  /** The ticker runs again (a no-op while it runs). */
  wake(): void {
    this.quietFrames = 0;
    const ticker = this.ticker();
    if (ticker && !ticker.started) ticker.start();
  }

  /** End of a frame: `quiet` when it drew nothing and nothing is under way. */
  frameEnded(quiet: boolean): void {
    this.quietFrames = quiet ? this.quietFrames + 1 : 0;
    if (this.quietFrames >= SLEEP_AFTER_QUIET_FRAMES) this.ticker()?.stop();
  }
}
