#!/usr/bin/env bash
# Browser tests drive Debian's Chromium; install it on a machine that lacks it, and say which version runs.
set -euo pipefail
# Debian's wrapper script prints a harmless "[: unexpected operator" on stderr.
version() { /usr/bin/chromium --version 2>/dev/null | head -n 1; }
if [ -x /usr/bin/chromium ]; then
  echo "Chromium found: $(version)"
  exit 0
fi
echo "Installing Debian's chromium for the browser tests..."
SUDO=""; [ "$(id -u)" -ne 0 ] && SUDO="sudo"
$SUDO apt-get update -qq
DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq chromium >/dev/null
echo "Chromium installed: $(version)"
