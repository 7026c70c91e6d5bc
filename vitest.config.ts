import { defineConfig } from 'vitest/config';

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
    // The run as it goes; the JSON for `npm run test:report` (scripts/testReport.ts).
    reporters: ['default', 'json'],
    outputFile: { json: 'test-report/unit.json' },
  },
});
