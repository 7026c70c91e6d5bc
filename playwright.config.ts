import { defineConfig } from '@playwright/test';

// Debian's Chromium, never a downloaded browser build (see scripts/ensure-chromium.sh).
export const CHROMIUM_LAUNCH = {
  executablePath: '/usr/bin/chromium',
  args: [
    '--no-sandbox',
    '--disable-gpu',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
    '--no-first-run',
  ],
};

/** What a page gets when its context names no size. */
export const DEFAULT_VIEWPORT = { width: 1280, height: 800 };

export default defineConfig({
  testDir: 'tests/e2e',
  testMatch: '**/*.spec.ts',
  // Per test and per hook: a spec's beforeAll that opens a GM and two players (three PixiJS pages
  // under SwiftShader) once needed over 60 s at load average 50 from other jobs on a CI machine.
  // A file-level `test.setTimeout` would not cover that hook, so the budget is set here, once.
  timeout: 120_000,
  // What a person sees within a second on a quiet machine can take several on a CI machine
  // shared with other jobs (a clean-clone run at load average 41 once waited over 5 s, the
  // default, for the first copy into a library): assertions wait up to 15 s before failing.
  expect: { timeout: 15_000 },
  workers: 1,
  // The list as it runs; the JSON for `npm run test:report` (scripts/testReport.ts).
  reporter: [['list'], ['json', { outputFile: 'test-report/browser.json' }]],
  outputDir: 'test-results',
  use: { launchOptions: CHROMIUM_LAUNCH, viewport: DEFAULT_VIEWPORT },
});
