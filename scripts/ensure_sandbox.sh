#!/usr/bin/env bash
# Make sure the system parts of the sandbox around users' rule sets are installed: Debian's
# bubblewrap (/usr/bin/bwrap) and libseccomp (libseccomp.so.2). Installs them with apt-get when
# missing and root (or sudo) is available; otherwise says in one line what is missing and exits 0
# (endnim then says so at start-up and `serve --rules` refuses unless --trust-rules is given).
set -euo pipefail
missing=()
command -v bwrap >/dev/null 2>&1 || missing+=(bubblewrap)
if ! ldconfig -p 2>/dev/null | grep 'libseccomp\.so\.2' >/dev/null; then  # not grep -q: its early exit would fail the pipe (pipefail)
  missing+=(libseccomp2)
fi
if [ ${#missing[@]} -eq 0 ]; then
  exit 0
fi
if ! command -v apt-get >/dev/null 2>&1; then
  echo "ensure_sandbox: ${missing[*]} missing and apt-get is not available: install it by hand" >&2
  exit 0
fi
SUDO=""
if [ "$(id -u)" -ne 0 ]; then
  if command -v sudo >/dev/null 2>&1 && sudo -n true 2>/dev/null; then
    SUDO="sudo -n"
  else
    echo "ensure_sandbox: ${missing[*]} missing and installing needs root (or sudo)" >&2
    exit 0
  fi
fi
exec 9>"${TMPDIR:-/tmp}/endnim-ensure-sandbox.lock"
if command -v flock >/dev/null 2>&1; then
  flock 9
fi
echo "ensure_sandbox: installing ${missing[*]} with apt-get (once)..." >&2
export DEBIAN_FRONTEND=noninteractive
$SUDO apt-get update -qq || true
$SUDO apt-get install -y -qq "${missing[@]}" >/dev/null || \
  echo "ensure_sandbox: apt-get could not install ${missing[*]}" >&2
