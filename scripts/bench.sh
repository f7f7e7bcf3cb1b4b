#!/usr/bin/env bash
# Set up (if needed) and run every benchmark: bash scripts/bench.sh [--quick] [run.py options]
#   1. benchmarks/run.py        compiled engine vs plain C and the memoised solver (results.json)
#   2. benchmarks/sweep_bench.py sweeps vs solve_layer, Muller L<=8 H<=12 (sweep_results.json)
#   3. benchmarks/cgt_bench.py   canonical forms vs pycgt (cgt_results.json)
#   4. benchmarks/graph_bench.py graph games: canonical keys and parts vs the plain search
#                                (graph_results.json, benchmarks/graphs.md)
#   5. benchmarks/atlas_bench.py the atlas's periodicity detection vs the reference rule
#   6. benchmarks/theory_bench.py outcomes() on arrays vs the analyze loop, and the JSON batch vs
#                                the baseline commit (theory_results.json)
#   7. benchmarks/quotient_bench.py misère quotients: 0.07 to heap 30, misère End-Nim, and sums
#                                answered by the quotient vs the exact search (quotient_results.json)
#   8. benchmarks/generic_bench.py End-Wythoff tables and a sweep: the indexed search vs the
#                                memoised search, in one run (generic_results.json)
#   9. benchmarks/own_rules_bench.py users' rule sets (restricted takes, End-Wythoff) against the
#                                built-in End-Nim on the same tables and sweeps (own_rules_results.json)
#  10. benchmarks/thermo_bench.py canonical forms, thermographs, comparisons, g - h outcomes and cooling vs cgt-py (cgt-tools' Rust):
#                                400 typed games (parse + canonical form), their sums, random
#                                hot games and partizan rows; prints the ratios (thermo_results.json)
#  11. benchmarks/tree_sweep_bench.py the tree sweep on 1 and 2 worker processes, <= 10 vertices,
#                                labels <= 3, in one run (tree_sweep_results.json)
#  12. benchmarks/depot_bench.py  the compiled warehouse search vs the Python search (depot_results.json)
#  13. benchmarks/proof_bench.py proofs of atlas rows (prover, checker) against observing them
#                                (proof_results.json); ENDNIM_BENCH=proof-atlas: the time to prove
#                                the whole End-Nim atlas, a <= 32 (proof_bench.py --atlas)
#  14. benchmarks/sandbox_bench.py the sandbox around users' rule sets: worker start-up and round
#                                trips inside bubblewrap vs a confined worker without namespaces
#                                (sandbox_results.json)
# Prints Markdown reports to stdout, progress to stderr. Options go to run.py; --quick also
# shrinks the others. Set ENDNIM_BENCH=engine|sweep|cgt|graphs|atlas|theory|quotient|generic|own|
# thermo|treesweep|depots|proofs|sandbox|proof-atlas to run only one (proof-atlas only when named).
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/setup.sh
quick=0
for arg in "$@"; do [[ "$arg" == "--quick" ]] && quick=1; done
only="${ENDNIM_BENCH:-all}"
if [[ "$only" == all || "$only" == engine ]]; then
    .venv/bin/python benchmarks/run.py "$@"
fi
if [[ "$only" == all || "$only" == sweep ]]; then
    if (( quick )); then .venv/bin/python benchmarks/sweep_bench.py --quick
    else .venv/bin/python benchmarks/sweep_bench.py; fi
fi
if [[ "$only" == all || "$only" == cgt ]]; then
    if (( quick )); then .venv/bin/python benchmarks/cgt_bench.py --cases 5x5
    else .venv/bin/python benchmarks/cgt_bench.py; fi
fi
if [[ "$only" == all || "$only" == graphs ]]; then
    if (( quick )); then .venv/bin/python benchmarks/graph_bench.py --quick
    else .venv/bin/python benchmarks/graph_bench.py; fi
fi
if [[ "$only" == all || "$only" == atlas ]]; then
    if (( quick )); then .venv/bin/python benchmarks/atlas_bench.py --quick
    else .venv/bin/python benchmarks/atlas_bench.py; fi
fi
if [[ "$only" == all || "$only" == theory ]]; then
    if (( quick )); then .venv/bin/python benchmarks/theory_bench.py --quick
    else .venv/bin/python benchmarks/theory_bench.py; fi
fi
if [[ "$only" == all || "$only" == quotient ]]; then
    if (( quick )); then .venv/bin/python benchmarks/quotient_bench.py --quick
    else .venv/bin/python benchmarks/quotient_bench.py; fi
fi
if [[ "$only" == all || "$only" == generic ]]; then
    if (( quick )); then .venv/bin/python benchmarks/generic_bench.py --quick
    else .venv/bin/python benchmarks/generic_bench.py; fi
fi
if [[ "$only" == all || "$only" == own ]]; then
    if (( quick )); then .venv/bin/python benchmarks/own_rules_bench.py --quick
    else .venv/bin/python benchmarks/own_rules_bench.py; fi
fi
if [[ "$only" == all || "$only" == thermo ]]; then
    if (( quick )); then .venv/bin/python benchmarks/thermo_bench.py --repeat 1
    else .venv/bin/python benchmarks/thermo_bench.py; fi
fi
if [[ "$only" == all || "$only" == treesweep ]]; then
    if (( quick )); then .venv/bin/python benchmarks/tree_sweep_bench.py --quick
    else .venv/bin/python benchmarks/tree_sweep_bench.py; fi
fi
if [[ "$only" == all || "$only" == depots ]]; then
    if (( quick )); then .venv/bin/python benchmarks/depot_bench.py --quick
    else .venv/bin/python benchmarks/depot_bench.py; fi
fi
if [[ "$only" == all || "$only" == proofs ]]; then
    if (( quick )); then .venv/bin/python benchmarks/proof_bench.py --quick
    else .venv/bin/python benchmarks/proof_bench.py; fi
fi
if [[ "$only" == all || "$only" == sandbox ]]; then
    if (( quick )); then .venv/bin/python benchmarks/sandbox_bench.py --quick
    else .venv/bin/python benchmarks/sandbox_bench.py; fi
fi
if [[ "$only" == proof-atlas ]]; then
    .venv/bin/python benchmarks/proof_bench.py --atlas
fi
