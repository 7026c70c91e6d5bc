#!/usr/bin/env bash
# ensure-debian-package.sh <program path> <Debian package> <who needs it>: the tests use Debian's
# programs (never downloaded builds). Installs the package when the program is missing and we are
# root; otherwise says exactly how.
set -euo pipefail
program="$1" package="$2" who="$3"
if [ -x "$program" ]; then exit 0; fi
if [ "$(id -u)" = "0" ]; then
  echo "$who: $program is missing; installing Debian's $package package..." >&2
  export DEBIAN_FRONTEND=noninteractive
  apt-get update -qq >&2
  apt-get install -y -qq "$package" >&2
  [ -x "$program" ] && exit 0
fi
echo "$who: $program is missing. Install it as root with:" >&2
echo "  apt-get update && apt-get install -y $package" >&2
exit 1
