#!/usr/bin/env bash
# Set up (if needed) and run the main job: the web workbench on http://127.0.0.1:8000/
# (options go to `endnim serve`, e.g. --port 9000). Ctrl+C stops it.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/setup.sh
exec .venv/bin/endnim serve "$@"
