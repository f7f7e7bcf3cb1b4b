#!/usr/bin/env bash
# Set up (if needed) and run the long fuzz run: hostile CLI, expression and API inputs, damaged
# stores, killed sweeps, latency under load. Prints counts (JSON). --quick: about a minute.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/setup.sh
exec .venv/bin/python benchmarks/fuzz_run.py "$@"
