#!/usr/bin/env bash
# The e2e tests and the bench drive Debian's Chromium (never a browser downloaded by puppeteer).
# Installs it when it is missing and this user may use apt-get; otherwise says what to do.
set -euo pipefail
chromium_path="${CHROMIUM_PATH:-/usr/bin/chromium}"
if [ -x "$chromium_path" ]; then exit 0; fi
if [ "$(id -u)" = "0" ] && command -v apt-get >/dev/null 2>&1; then
  echo "Installing Debian's chromium for the browser tests..."
  DEBIAN_FRONTEND=noninteractive apt-get update -qq
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends chromium fonts-dejavu-core >/dev/null
  exit 0
fi
echo "The browser tests need Debian's chromium at $chromium_path: run 'sudo apt-get install chromium' (or set CHROMIUM_PATH)." >&2
exit 1
