#!/usr/bin/env bash
# The e2e tests and the bench drive Debian's Chromium (never a browser downloaded by puppeteer); the
# media tests (CENC packaging, ingest) run Debian's ffmpeg, the storage tests Debian's postgresql. Installs whichever is missing when this
# user may use apt-get; otherwise says what to do.
set -euo pipefail
chromium_path="${CHROMIUM_PATH:-/usr/bin/chromium}"
missing=()
[ -x "$chromium_path" ] || missing+=(chromium fonts-dejavu-core)
command -v ffmpeg >/dev/null 2>&1 && command -v ffprobe >/dev/null 2>&1 || missing+=(ffmpeg)
# Issue 14: the storage tests run on SQLite and on a throwaway Postgres (server/testing/postgres.ts),
# started from the binaries of Debian's postgresql package under /usr/lib/postgresql/*/bin.
compgen -G '/usr/lib/postgresql/*/bin/initdb' >/dev/null || missing+=(postgresql)
# Issue 14: the realtime tests share a throwaway Redis between two instances (server/testing/redis.ts).
command -v redis-server >/dev/null 2>&1 || missing+=(redis-server)
# Issue 14: the two-instances e2e runs Debian's nginx in front of them with deploy/nginx/provider.conf (e2e/reverse-proxy.ts).
command -v nginx >/dev/null 2>&1 || [ -x /usr/sbin/nginx ] || missing+=(nginx)
if [ "${#missing[@]}" = "0" ]; then exit 0; fi
if [ "$(id -u)" = "0" ] && command -v apt-get >/dev/null 2>&1; then
  echo "Installing Debian's ${missing[*]} for the tests..."
  DEBIAN_FRONTEND=noninteractive apt-get update -qq
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
  exit 0
fi
echo "The tests need Debian's ${missing[*]}: run 'sudo apt-get install ${missing[*]}' (or set CHROMIUM_PATH)." >&2
exit 1
