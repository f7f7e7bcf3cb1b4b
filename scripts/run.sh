#!/usr/bin/env bash
# Set up (if needed) and run the main job: analyse an example position in every variant.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/setup.sh
position=${*:-3 3 3 2 3 4 3 3}
for variant in endnim misere loop muller partizan; do
  .venv/bin/endnim analyze --variant "$variant" $position
  echo
done
