#!/usr/bin/env bash
# Check every certificate shipped in data/atlas/certificates with the separate checker, the
# expensive ones included (the test suite checks the cheap ones; see
# tests/analysis/proofs/test_shipped_certificates.py). Several minutes on 2 cores.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/setup.sh
ENDNIM_PROOFS=full exec .venv/bin/python -m pytest -q -p no:cacheprovider \
    tests/analysis/proofs/test_shipped_certificates.py "$@"
