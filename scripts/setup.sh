#!/usr/bin/env bash
# Create .venv (if missing) and install endnim with its test tools. Idempotent and quiet.
set -euo pipefail
cd "$(dirname "$0")/.."
PY=${PYTHON:-python3}
if [ ! -x .venv/bin/python ]; then
  "$PY" -m venv .venv
fi
stamp=.venv/.endnim-installed
# Reinstall when the metadata or a compiled extension's source changed since the last install
# (a pull that changes a C kernel must rebuild it, not run against the old .so).
stale=0
[ -f "$stamp" ] || stale=1
if (( ! stale )) && [ -n "$(find pyproject.toml setup.py src -newer "$stamp" \( -name '*.c' -o -name '*.h' -o -name pyproject.toml -o -name setup.py \) -print -quit)" ]; then
  stale=1
fi
if (( stale )); then
  # setuptools >= 77 in the venv too, so `python setup.py build_ext --inplace` reads pyproject's
  # SPDX licence string as the isolated build does
  .venv/bin/python -m pip install --quiet --disable-pip-version-check --upgrade pip 'setuptools>=77' >/dev/null
  .venv/bin/python -m pip install --quiet --disable-pip-version-check -e '.[test]'
  touch "$stamp"
fi
# The sandbox around users' rule sets needs bubblewrap and libseccomp from the system
# (docs/architecture.md, "The sandbox"): installed with apt-get when missing and allowed.
bash scripts/ensure_sandbox.sh
# nauty's geng for the warehouse sweeps of 8-vertex graphs (one line, and no failure, without it)
bash scripts/ensure_nauty.sh
