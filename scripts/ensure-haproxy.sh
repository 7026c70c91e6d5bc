#!/usr/bin/env bash
# The cluster tests route through Debian's HAProxy at /usr/sbin/haproxy.
# Install it when missing and we are root; otherwise say exactly how.
set -euo pipefail
if [ -x /usr/sbin/haproxy ]; then exit 0; fi
if [ "$(id -u)" = "0" ]; then
  echo "ensure-haproxy: /usr/sbin/haproxy is missing; installing Debian's haproxy package..." >&2
  export DEBIAN_FRONTEND=noninteractive
  apt-get update -qq >&2
  apt-get install -y -qq haproxy >&2
  [ -x /usr/sbin/haproxy ] && exit 0
fi
echo "ensure-haproxy: /usr/sbin/haproxy is missing. Install it as root with:" >&2
echo "  apt-get update && apt-get install -y haproxy" >&2
exit 1
