#!/usr/bin/env bash
# Make sure nauty's geng is installed (Debian's package `nauty`: /usr/bin/nauty-geng), which
# enumerates the connected graphs of 8 vertices for the warehouse sweeps. Installs it with
# apt-get when it is missing and root (or sudo without a password) is available; otherwise one
# line says the graphs family stops at 7 vertices (networkx's atlas). Exit status 0 either way:
# endnim works without it.
set -uo pipefail
if command -v geng >/dev/null 2>&1 || command -v nauty-geng >/dev/null 2>&1; then
  exit 0
fi
fallback() {
  echo "ensure_nauty: nauty's geng is missing ($1): warehouse sweeps of graphs stop at 7 vertices (networkx's atlas)" >&2
  exit 0
}
command -v apt-get >/dev/null 2>&1 || fallback "no apt-get to install it"
SUDO=""
if [ "$(id -u)" -ne 0 ]; then
  if command -v sudo >/dev/null 2>&1 && sudo -n true 2>/dev/null; then
    SUDO="sudo -n"
  else
    fallback "installing it needs root or sudo"
  fi
fi
# Parallel setups may call this at once: one installs, the others wait and find it.
exec 9>"${TMPDIR:-/tmp}/endnim-ensure-nauty.lock"
if command -v flock >/dev/null 2>&1; then
  flock 9
fi
if command -v geng >/dev/null 2>&1 || command -v nauty-geng >/dev/null 2>&1; then
  exit 0
fi
echo "ensure_nauty: installing nauty with apt-get (once)..." >&2
export DEBIAN_FRONTEND=noninteractive
if ! { $SUDO apt-get install -y -qq nauty >/dev/null 2>&1 || { $SUDO apt-get update -qq >/dev/null 2>&1 && $SUDO apt-get install -y -qq nauty >/dev/null 2>&1; }; }; then
  fallback "apt-get could not install the package nauty"
fi
command -v nauty-geng >/dev/null 2>&1 || command -v geng >/dev/null 2>&1 || fallback "apt-get installed nauty but no geng is on PATH"
