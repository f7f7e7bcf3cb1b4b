#!/usr/bin/env bash
# Set up (if needed) and run the engine benchmark: bash scripts/bench.sh [--quick] [run.py options]
# Prints a Markdown report to stdout, progress to stderr, and writes benchmarks/results.json.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/setup.sh
exec .venv/bin/python benchmarks/run.py "$@"
