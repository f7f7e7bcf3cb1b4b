#!/usr/bin/env bash
# Set up (if needed) and run the long fuzz run: hostile CLI, expression and API inputs, damaged
# stores, killed sweeps, latency under load, big graphs, request bodies, broken rule sets. Prints
# counts (JSON on stdout: save it as benchmarks/fuzz_results.json); about 10 minutes, --quick < 1.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/setup.sh
exec .venv/bin/python benchmarks/fuzz_run.py "$@"
