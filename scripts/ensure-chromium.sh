#!/usr/bin/env bash
# Browser tests drive Debian's Chromium; install it on a machine that lacks it.
set -euo pipefail
if command -v /usr/bin/chromium >/dev/null 2>&1; then exit 0; fi
echo "Installing Debian's chromium for the browser tests..."
SUDO=""; [ "$(id -u)" -ne 0 ] && SUDO="sudo"
$SUDO apt-get update -qq
DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq chromium >/dev/null
