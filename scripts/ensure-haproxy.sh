#!/usr/bin/env bash
# The cluster tests route through Debian's HAProxy at /usr/sbin/haproxy.
exec bash "$(dirname "$0")/ensure-debian-package.sh" /usr/sbin/haproxy haproxy ensure-haproxy
