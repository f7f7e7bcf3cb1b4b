#!/usr/bin/env bash
# Check every certificate shipped in data/atlas/certificates with the separate checker and
# hold every proved row to the engine on 65,536 columns (the test suite checks every
# certificate too, and the rows whose proofs computed at most 4096 columns against 16,384
# engine columns; see tests/analysis/proofs/test_shipped_certificates.py). About 2 minutes of
# CPU on 2 cores.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/setup.sh
exec .venv/bin/python -m pytest -q -p no:cacheprovider -m "" \
    tests/analysis/proofs/test_shipped_certificates.py "$@"
