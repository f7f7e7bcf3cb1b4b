#!/usr/bin/env bash
# Set up (if needed) and run every check: lint, format, types, then the whole test suite.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/setup.sh
.venv/bin/ruff check src tests benchmarks
.venv/bin/ruff format --check src tests benchmarks
.venv/bin/mypy
.venv/bin/lint-imports --no-cache
# Three pytest workers on the 2 cores: a third of the suite's wall time was cores waiting
# (subprocesses, the browser, the sandbox's workers, hang-guarded commands; 12.3 CPU-min in
# 8 min 39 s on 2 workers), and a third worker fills it. No test depends on the machine's speed.
.venv/bin/python -m pytest -n "${ENDNIM_TEST_WORKERS:-3}" --dist worksteal "$@"
