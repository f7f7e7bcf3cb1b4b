#!/usr/bin/env bash
# Make sure Debian's Chromium is installed at /usr/bin/chromium (for the end-to-end web tests).
# Installs it with apt-get when it is missing; never downloads a browser from anywhere else
# (`playwright install` is not used). Exit status 0 when /usr/bin/chromium is there afterwards.
set -euo pipefail
CHROMIUM=/usr/bin/chromium
if [ -x "$CHROMIUM" ]; then
  exit 0
fi
if ! command -v apt-get >/dev/null 2>&1; then
  echo "ensure_chromium: $CHROMIUM is missing and apt-get is not available" >&2
  exit 1
fi
SUDO=""
if [ "$(id -u)" -ne 0 ]; then
  if command -v sudo >/dev/null 2>&1; then
    SUDO="sudo -n"
  else
    echo "ensure_chromium: $CHROMIUM is missing and installing it needs root (or sudo)" >&2
    exit 1
  fi
fi
# Parallel test workers may call this at once: one installs, the others wait and find it.
exec 9>"${TMPDIR:-/tmp}/endnim-ensure-chromium.lock"
if command -v flock >/dev/null 2>&1; then
  flock 9
fi
if [ -x "$CHROMIUM" ]; then
  exit 0
fi
echo "ensure_chromium: installing chromium with apt-get (once)..." >&2
export DEBIAN_FRONTEND=noninteractive
$SUDO apt-get update -qq
$SUDO apt-get install -y -qq chromium >/dev/null
if [ ! -x "$CHROMIUM" ]; then
  echo "ensure_chromium: apt-get finished but $CHROMIUM is still missing" >&2
  exit 1
fi
