#!/usr/bin/env bash
# Development: the server (restarted when its code changes) on PORT (8080) and Vite's dev server
# on 5173 with hot reload, which forwards /api and /ws to the server. Open the links the server
# prints with port 5173 instead of 8080 to get the hot-reloading client.
set -euo pipefail
cd "$(dirname "$0")/.."
# Ctrl+C or a kill stops both: the whole process group goes down together.
trap 'trap - INT TERM EXIT; kill 0 2>/dev/null || true' INT TERM EXIT
npx tsx watch src/server/main.ts &
npx vite &
wait
