import { defineConfig } from 'vitest/config';
import { BaseSequencer, type TestSpecification } from 'vitest/node';

/**
 * Files that wait in real time, longest first. vitest starts files it has timed before longest
 * first, but a fresh clone has no timings: there quietLink.test.ts (35 s of y-websocket's own
 * silence timeout) started last and ran alone for 30 s after every other file had finished.
 */
const WAITS_IN_REAL_TIME = [
  'quietLink',
  'assetsLimits',
  'shutdown',
  'intentLogCost',
  'whispers',
  'durability',
];

/** vitest's own order, with the files that wait in real time moved to the front. */
class RealTimeFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const rank = (file: TestSpecification): number => {
      const at = WAITS_IN_REAL_TIME.findIndex((name) => file.moduleId.endsWith(`/${name}.test.ts`));
      return at < 0 ? WAITS_IN_REAL_TIME.length : at;
    };
    // Array.prototype.sort is stable: files not listed keep vitest's order among themselves.
    return (await super.sort(files)).sort((a, b) => rank(a) - rank(b));
  }
}

// Unit, property and server tests. Browser tests live in tests/e2e and run under Playwright.
export default defineConfig({
  test: {
    include: ['tests/**/*.test.ts', 'tests/**/*.test.tsx'],
    exclude: ['tests/e2e/**', 'node_modules/**'],
    testTimeout: 20_000,
    hookTimeout: 30_000,
    // Files share a worker's modules instead of importing zod, Yjs and the rules afresh for each
    // of 225 files: on two cores that import was 87 of the suite's 316 s (docs/testing.md). A
    // test that changes module state (a spy, a configured service) puts it back.
    isolate: false,
    // Three workers on two cores: many server tests wait on sockets, timers or a child process.
    maxWorkers: '150%',
    sequence: { sequencer: RealTimeFirst },
    // The run as it goes; the JSON for `npm run test:report` (scripts/testReport.ts).
    reporters: ['default', 'json'],
    outputFile: { json: 'test-report/unit.json' },
  },
});
