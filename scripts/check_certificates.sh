#!/usr/bin/env bash
# Check every certificate shipped in data/atlas/certificates with the separate checker and
# hold every proved row to the engine: the test suite's checks (every certificate; the rows
# whose proofs computed at most 4096 columns against at least four times their columns) and
# the long one (the other rows against 65,536 engine columns). About 2 minutes of CPU (52 s +
# 77 s, the engine's 65,536-column tables mostly system time); see
# tests/analysis/proofs/test_shipped_certificates.py.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/setup.sh
exec .venv/bin/python -m pytest -q -p no:cacheprovider -m "" \
    tests/analysis/proofs/test_shipped_certificates.py "$@"
