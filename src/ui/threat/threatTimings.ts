/** One piece of the threat map's work on the main thread: what, when (performance.now ms) and how long. */
export interface ThreatTiming {
  readonly what: string;
  readonly start: number;
  readonly ms: number;
}

/** The newest pieces, bounded: a long session must not grow it. */
const MAX_TIMINGS = 400;
const timings: ThreatTiming[] = [];

/**
 * Runs `fn` and records how long it held the main thread. The browser test matches these against
 * the Long Tasks API (docs/ui.md "Threat map": each piece stays under 50 ms).
 */
export function timed<T>(what: string, fn: () => T): T {
  const start = performance.now();
  try {
    return fn();
  } finally {
    timings.push({ what, start, ms: performance.now() - start });
    if (timings.length > MAX_TIMINGS) timings.splice(0, timings.length - MAX_TIMINGS);
  }
}

/** A copy of the recorded pieces, oldest first. */
export function threatTimings(): ThreatTiming[] {
  return timings.slice();
}
