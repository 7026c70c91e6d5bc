import { defineConfig } from 'vitest/config';

// Unit, property and server tests. Browser tests live in tests/e2e and run under Playwright.
export default defineConfig({
  test: {
    include: ['tests/**/*.test.ts', 'tests/**/*.test.tsx'],
    exclude: ['tests/e2e/**', 'node_modules/**'],
    testTimeout: 20_000,
    hookTimeout: 30_000,
  },
});
