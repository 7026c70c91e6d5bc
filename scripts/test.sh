#!/usr/bin/env bash
# npm test: every test there is. The unit, property and server tests (vitest), then the browser
# tests (Playwright, against the client built once). Both runners always run, so a failure in one
# still shows what the other found; the run fails if either did. Each writes a JSON report into
# test-report/ (`npm run test:report` prints where the time went), and the last line sums both.
set -uo pipefail
cd "$(dirname "$0")/.."
rm -rf test-report
status=0
npm run --silent test:unit || status=1
npm run --silent test:e2e || status=1
node --import tsx scripts/testReport.ts --summary || status=1
exit "$status"
