#!/usr/bin/env bash
# Browser tests drive Debian's Chromium at /usr/bin/chromium (never a downloaded browser build).
exec bash "$(dirname "$0")/ensure-debian-package.sh" /usr/bin/chromium chromium ensure-chromium
