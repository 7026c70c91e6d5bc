#!/usr/bin/env bash
# Browser tests drive Debian's Chromium at /usr/bin/chromium (never a downloaded browser build).
# Install it when missing and we are root; otherwise say exactly how.
set -euo pipefail
if [ -x /usr/bin/chromium ]; then exit 0; fi
if [ "$(id -u)" = "0" ]; then
  echo "ensure-chromium: /usr/bin/chromium is missing; installing Debian's chromium package..." >&2
  export DEBIAN_FRONTEND=noninteractive
  apt-get update -qq >&2
  apt-get install -y -qq chromium >&2
  [ -x /usr/bin/chromium ] && exit 0
fi
echo "ensure-chromium: /usr/bin/chromium is missing. Install it as root with:" >&2
echo "  apt-get update && apt-get install -y chromium" >&2
exit 1
