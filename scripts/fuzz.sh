#!/usr/bin/env bash
# Set up (if needed) and run the long fuzz run: hostile CLI, expression and API inputs, damaged
# stores, killed sweeps, latency under load. Prints counts (JSON); about 2 minutes, --quick 15 s.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/setup.sh
exec .venv/bin/python benchmarks/fuzz_run.py "$@"
