#!/usr/bin/env bash
# Refresh the screenshots in docs/screenshots from a fresh browser run. The e2e tests only write
# to tests/e2e/artifacts/ (gitignored), so running the tests never touches tracked files; run
# this when the table's look changed and the docs should show it, then review and commit.
# table.spec.ts: the GM's and a player's desktop views (1280×800); startScreenshots.spec.ts: the
# phone views (390×844) of the start page and of a player at the table.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/ensure-chromium.sh
npx vite build --logLevel warn
npx playwright test tests/e2e/table.spec.ts tests/e2e/startScreenshots.spec.ts
mkdir -p docs/screenshots
for shot in gm-view.png player-view.png player-phone-view.png start-page-phone.png; do
  cp "tests/e2e/artifacts/$shot" "docs/screenshots/$shot"
  echo "updated docs/screenshots/$shot"
done
