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

export default defineConfig({
  testDir: 'tests/e2e',
  testMatch: '**/*.spec.ts',
  timeout: 60_000,
  workers: 1,
  reporter: [['list']],
  outputDir: 'test-results',
  use: { launchOptions: CHROMIUM_LAUNCH, viewport: { width: 1280, height: 800 } },
});
