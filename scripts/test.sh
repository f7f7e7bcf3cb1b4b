#!/usr/bin/env bash
# Set up (if needed) and run every check: lint, format, types, then the whole test suite.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/setup.sh
.venv/bin/ruff check src tests benchmarks
.venv/bin/ruff format --check src tests benchmarks
.venv/bin/mypy
.venv/bin/lint-imports --no-cache
.venv/bin/python -m pytest -n "${ENDNIM_TEST_WORKERS:-2}" --dist worksteal "$@"
