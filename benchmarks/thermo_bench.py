"""Benchmark: canonical forms and thermographs, endnim.cgt against cgt-tools (cgt-py, Rust).

The same set of games is built by both engines, each in a fresh process, and then every
value's thermograph (walls, mean, temperature) is computed. Four sets:

* ``typed``: 400 random short games written as text, as ``value --game`` and the page take
  them (depth 4, 1 to 3 options a side, leaves numbers, ups and stars, seed 43): the forms
  column is parse + canonical form of each text (``parse`` / ``CanonicalForm(text)``);
* ``sums``: the 400 typed games (built untimed), then the sums G_i + G_{i+1} and
  G_i + G_{i+1} + G_{i+2} in canonical form (the forms column), and their thermographs;

* ``random``: 20,000 short games built by random options from numbers, * and ↑ (the test
  suite's generator, ``tests/cgt/test_thermograph.py``; about half are hot), each new game
  made from earlier ones;
* ``rows``: every partizan End-Nim position of length <= 5 with piles <= 5 (the options of a
  position are positions already built: subpositions shared).

cgt-py builds a game only from text, so its construction is ``CanonicalForm("{L1,...|R1,...}")``
with the options written as cgt-py prints its own canonical forms: that is how a Python user
reaches it. The thermograph phase is like for like: both engines start from built canonical
forms and compute every thermograph once. Both must agree on every temperature and mean.

Then, on the same built forms (see OPERATIONS): 20,000 random pairs compared (``g <= h``;
the relation =, <, >, <> — endnim's ``compare``, cgt-py's ``==`` then ``<=`` both ways), the
outcome of ``g - h`` for random pairs (the difference in canonical form, then its sign), and
every form cooled by 1/2 and by 1 and each hot one by its own temperature (``cool`` /
``CanonicalForm.cool``); endnim's memo of comparisons is emptied before each comparison phase.
The engines must agree on every answer and cooled form (read back through endnim's parser).
Each measurement is repeated, the engines interleaved, and the best CPU time kept.

Run from the repository root::

    .venv/bin/python benchmarks/thermo_bench.py            # every set, 3 repeats
    .venv/bin/python benchmarks/thermo_bench.py --sets typed sums --repeat 1

It prints two Markdown tables (forms and thermographs; comparisons and cooling, with the
ratios cgt-py's time / endnim's) and writes ``benchmarks/thermo_results.json``.
"""

from __future__ import annotations

import argparse
import hashlib
import itertools
import json
import platform
import random
import re
import subprocess
import sys
import time
from fractions import Fraction
from pathlib import Path
from typing import Any

RESULTS = Path(__file__).with_name("thermo_results.json")
ENGINES = ("endnim.cgt", "cgt-py")
SETS = ("typed", "sums", "random", "rows")


# --------------------------------------------------------------------------- the games
def _recipe_random(count: int = 20_000, seed: int = 30) -> list[tuple[list[int], list[int]]]:
    """Each game as (left, right) indices into the list of earlier games; the first 15 are the
    seeds (numbers -3..3 by halves, *, ↑), given as (-1 - k) codes below."""
    rng = random.Random(seed)
    pool = list(range(15))
    recipe: list[tuple[list[int], list[int]]] = []
    births = [0] * 15  # a stand-in for the birthday cap: depth of construction
    while len(recipe) < count:
        left = rng.sample(pool, rng.randint(1, 3))
        right = rng.sample(pool, rng.randint(1, 3))
        index = 15 + len(recipe)
        recipe.append((left, right))
        births.append(1 + max(births[i] for i in left + right))
        if births[-1] <= 4:
            pool.append(index)
    return recipe


SEED_TEXTS = [str(Fraction(n, 2)) for n in range(-6, 7)] + ["*", "^"]


_LEAVES = ["^", "v", "^2", "^*", "v*", "*", "*2", "*3"]


def _typed_texts(count: int = 400, seed: int = 43) -> list[str]:
    """Random games as text: depth 4, 1 to 3 options a side, leaves numbers (halves and
    quarters up to 8), ups and stars; written in the notation both engines read."""
    rng = random.Random(seed)

    def leaf() -> str:
        if rng.randrange(3) == 0:
            return str(Fraction(rng.randint(-8, 8), rng.choice([1, 2, 4])))
        return rng.choice(_LEAVES)

    def tree(depth: int) -> str:
        if depth == 0 or rng.random() < 0.2:
            return leaf()
        left = [tree(depth - 1) for _ in range(rng.randint(1, 3))]
        right = [tree(depth - 1) for _ in range(rng.randint(1, 3))]
        return "{" + ",".join(left) + "|" + ",".join(right) + "}"

    return [tree(4) for _ in range(count)]


def _sum_indices(count: int = 400) -> list[tuple[int, ...]]:
    pairs = [(i, i + 1) for i in range(count - 1)]
    return pairs + [(i, i + 1, i + 2) for i in range(count - 2)]


def _rows() -> list[tuple[int, ...]]:
    return [row for length in range(1, 6) for row in itertools.product(range(1, 6), repeat=length)]


# --------------------------------------------------------------------------- workers
def _worker_endnim(which: str) -> dict[str, Any]:
    from endnim.cgt import game, number, parse
    from endnim.cgt.thermograph import thermograph

    texts = _typed_texts()  # made before the clock starts, for both engines
    if which == "sums":
        typed = [parse(t) for t in texts]
    start = time.process_time()
    if which == "typed":
        values = [parse(t) for t in texts]
    elif which == "sums":
        values = []
        for indices in _sum_indices():
            total = typed[indices[0]]
            for i in indices[1:]:
                total = total + typed[i]
            values.append(total)
    elif which == "random":
        games = [number(Fraction(t)) if t[0] not in "*^" else parse(t) for t in SEED_TEXTS]
        for left, right in _recipe_random():
            games.append(game([games[i] for i in left], [games[i] for i in right]))
        values = games[15:]
    else:
        from endnim.variants import get_variant

        variant: Any = get_variant("partizan")
        built: dict[tuple[int, ...], Any] = {(): number(0)}
        values = []
        for row in _rows():
            lefts = [built[o[3]] for o in variant.raw_options(row, "L")]
            rights = [built[o[3]] for o in variant.raw_options(row, "R")]
            built[row] = game(lefts, rights)
            values.append(built[row])
    forms = time.process_time() - start
    start = time.process_time()
    thermal = [(thermograph(v).temperature, thermograph(v).mean) for v in values]
    thermo = time.process_time() - start
    report = _report(forms, thermo, [f"{t} {m}" for t, m in thermal])
    report["ops"] = _ops_endnim(which, values, [t for t, _ in thermal])
    return report


def _ops_endnim(which: str, values: list[Any], temperatures: list[Fraction]) -> dict[str, Any]:
    """Comparisons and cooling on the built forms, each phase timed alone (see OPERATIONS)."""
    from endnim.cgt import compare, cool, outcome, to_ascii
    from endnim.cgt.game import CORE

    def cold() -> None:  # no comparison remembered from building the forms or the last phase
        if CORE is not None:
            CORE.clear_memo()

    pairs, differences = _pairs(len(values), which)
    ops: dict[str, Any] = {}
    cold()
    start = time.process_time()
    below = [values[i] <= values[j] for i, j in pairs]
    ops["le"] = _op(time.process_time() - start, [str(int(b)) for b in below])
    cold()
    start = time.process_time()
    relations = [compare(values[i], values[j]) for i, j in pairs]
    ops["compare"] = _op(time.process_time() - start, [r.ascii for r in relations])
    cold()
    start = time.process_time()
    outcomes = [outcome(values[i] - values[j]) for i, j in differences]
    ops["outcome"] = _op(time.process_time() - start, outcomes)
    for name, by in (("cool_half", "1/2"), ("cool_one", 1)):
        start = time.process_time()
        cooled = [cool(v, by) for v in values]
        ops[name] = _op(time.process_time() - start, [to_ascii(c) for c in cooled])
    hot = [(v, t) for v, t in zip(values, temperatures, strict=True) if t > 0]
    start = time.process_time()
    cooled = [cool(v, t) for v, t in hot]
    ops["cool_temperature"] = _op(time.process_time() - start, [to_ascii(c) for c in cooled])
    return ops


_DYADIC = re.compile(r"DyadicRationalNumber\('([^']*)'\)")
_FORM = re.compile(r"CanonicalForm\('(.*)'\)", re.S)


def _worker_cgt(which: str) -> dict[str, Any]:
    import cgt_py

    def text(g: Any) -> str:
        match = _FORM.fullmatch(repr(g))
        assert match is not None
        return match.group(1)

    texts = _typed_texts()
    if which == "sums":
        typed = [cgt_py.CanonicalForm(t) for t in texts]
    start = time.process_time()
    if which == "typed":
        values = [cgt_py.CanonicalForm(t) for t in texts]
    elif which == "sums":
        values = []
        for indices in _sum_indices():
            total = typed[indices[0]]
            for i in indices[1:]:
                total = total + typed[i]
            values.append(total)
    elif which == "random":
        games = [cgt_py.CanonicalForm(t) for t in SEED_TEXTS]
        texts = [text(g) for g in games]
        for left, right in _recipe_random():
            made = cgt_py.CanonicalForm(
                "{"
                + ",".join(texts[i] for i in left)
                + "|"
                + ",".join(texts[i] for i in right)
                + "}"
            )
            games.append(made)
            texts.append(text(made))
        values = games[15:]
    else:
        from endnim.variants import get_variant

        variant: Any = get_variant("partizan")
        built: dict[tuple[int, ...], str] = {(): "0"}
        values = []
        for row in _rows():
            lefts = [built[o[3]] for o in variant.raw_options(row, "L")]
            rights = [built[o[3]] for o in variant.raw_options(row, "R")]
            made = cgt_py.CanonicalForm("{" + ",".join(lefts) + "|" + ",".join(rights) + "}")
            built[row] = text(made)
            values.append(made)
    forms = time.process_time() - start
    start = time.process_time()
    thermal = []
    for v in values:
        graph = v.thermograph  # the walls, as endnim computes them
        thermal.append((v.temperature, graph))
    thermo = time.process_time() - start
    means = [_mean(graph) for _, graph in thermal]
    report = _report(
        forms,
        thermo,
        [f"{_dyadic(t)} {m}" for (t, _), m in zip(thermal, means, strict=True)],
    )
    report["ops"] = _ops_cgt(which, values, [t for t, _ in thermal], text)
    return report


def _ops_cgt(which: str, values: list[Any], temperatures: list[Any], text: Any) -> dict[str, Any]:
    """The phases of :func:`_ops_endnim` as a cgt-py user writes them: ``g <= h``; the relation
    from ``==`` and ``<=`` both ways; the outcome of ``g - h`` from its comparisons with 0;
    ``g.cool(t)``. Results are read back through endnim's parser, untimed, to compare."""
    import cgt_py

    from endnim.cgt import parse, to_ascii

    zero = cgt_py.CanonicalForm("0")

    def relation(g: Any, h: Any) -> str:
        if g == h:
            return "="
        if g <= h:
            return "<"
        return ">" if h <= g else "<>"

    def outcome(d: Any) -> str:
        if d >= zero:
            return "P" if d <= zero else "L"
        return "R" if d <= zero else "N"

    pairs, differences = _pairs(len(values), which)
    ops: dict[str, Any] = {}
    start = time.process_time()
    below = [values[i] <= values[j] for i, j in pairs]
    ops["le"] = _op(time.process_time() - start, [str(int(b)) for b in below])
    start = time.process_time()
    relations = [relation(values[i], values[j]) for i, j in pairs]
    ops["compare"] = _op(time.process_time() - start, relations)
    start = time.process_time()
    outcomes = [outcome(values[i] - values[j]) for i, j in differences]
    ops["outcome"] = _op(time.process_time() - start, outcomes)
    for name, by in (("cool_half", "1/2"), ("cool_one", 1)):
        start = time.process_time()
        cooled = [v.cool(by) for v in values]
        ops[name] = _op(time.process_time() - start, [to_ascii(parse(text(c))) for c in cooled])
    hot = [(v, t) for v, t in zip(values, temperatures, strict=True) if Fraction(_dyadic(t)) > 0]
    start = time.process_time()
    cooled = [v.cool(t) for v, t in hot]
    ops["cool_temperature"] = _op(
        time.process_time() - start, [to_ascii(parse(text(c))) for c in cooled]
    )
    return ops


def _dyadic(x: Any) -> str:
    match = _DYADIC.fullmatch(repr(x))
    return str(Fraction(match.group(1) if match else repr(x)))


def _mean(graph: Any) -> str:
    """The mast of a cgt-py thermograph (the first field of its left Trajectory)."""
    match = re.search(r"Trajectory\(([^,]+),", repr(graph))
    assert match is not None
    return str(Fraction(match.group(1)))


OPERATIONS = {
    "le": "g <= h",
    "compare": "relation (=, <, >, <>)",
    "outcome": "outcome of g - h",
    "cool_half": "cooled by 1/2",
    "cool_one": "cooled by 1",
    "cool_temperature": "hot ones cooled by their temperature",
}
"""The phases after the thermographs, in order: comparisons of PAIRS random pairs (the
compiled memo of comparisons emptied before each of the first three phases), outcomes of
DIFFERENCES[set] differences, and every form cooled."""

PAIRS = 20_000
DIFFERENCES = {
    "typed": (5_000, 400),
    "sums": (50, 797),
    "random": (5_000, 20_000),
    "rows": (1_000, 30),
}
"""Per set: how many differences g - h, drawn from its first how many forms. Rows: those of
length <= 2 only (cgt-py took minutes for one difference of two rows of length 5, and about
0.2 s a difference of rows of length 3); sums: 50 (cgt-py about 0.08 s each)."""


def _pairs(count: int, which: str) -> tuple[list[tuple[int, int]], list[tuple[int, int]]]:
    rng = random.Random(4302)
    pairs = [(rng.randrange(count), rng.randrange(count)) for _ in range(PAIRS)]
    many, pool = DIFFERENCES[which]
    pool = min(pool, count)
    differences = [(rng.randrange(pool), rng.randrange(pool)) for _ in range(many)]
    return pairs, differences


def _op(seconds: float, lines: list[str]) -> dict[str, Any]:
    digest = hashlib.sha256("\n".join(lines).encode()).hexdigest()
    return {"seconds": seconds, "count": len(lines), "digest": digest}


def _report(forms: float, thermo: float, lines: list[str]) -> dict[str, Any]:
    digest = hashlib.sha256("\n".join(lines).encode()).hexdigest()
    hot = sum(Fraction(line.split()[0]) > 0 for line in lines)
    return {
        "forms": forms,
        "thermographs": thermo,
        "games": len(lines),
        "hot": hot,
        "digest": digest,
    }


# --------------------------------------------------------------------------- driver
def _measure(engine: str, which: str) -> dict[str, Any]:
    done = subprocess.run(
        [sys.executable, __file__, "--worker", engine, which],
        capture_output=True,
        text=True,
        check=True,
    )
    result: dict[str, Any] = json.loads(done.stdout)
    return result


def main(argv: list[str] | None = None) -> int:
    """Run the benchmark, print a Markdown table, write ``thermo_results.json``."""
    parser = argparse.ArgumentParser(description=(__doc__ or "").split("\n")[0])
    parser.add_argument("--sets", nargs="*", default=list(SETS), choices=SETS)
    parser.add_argument("--repeat", type=int, default=3, help="measurements per engine")
    parser.add_argument("--worker", nargs=2, metavar=("ENGINE", "SET"), help=argparse.SUPPRESS)
    parser.add_argument("--output", type=Path, default=RESULTS, help="where to write the JSON")
    args = parser.parse_args(argv)
    if args.worker:
        engine, which = args.worker
        work = _worker_endnim if engine == "endnim.cgt" else _worker_cgt
        print(json.dumps(work(which)))
        return 0
    records = []
    for which in args.sets:
        runs: dict[str, list[dict[str, Any]]] = {engine: [] for engine in ENGINES}
        for _ in range(args.repeat):
            for engine in ENGINES:  # interleaved, so a busy spell hits both
                runs[engine].append(_measure(engine, which))
        ours = {k: min(r[k] for r in runs["endnim.cgt"]) for k in ("forms", "thermographs")}
        theirs = {k: min(r[k] for r in runs["cgt-py"]) for k in ("forms", "thermographs")}
        first, other = runs["endnim.cgt"][0], runs["cgt-py"][0]
        if first["digest"] != other["digest"]:
            print(f"{which}: the engines disagree on a temperature or mean", file=sys.stderr)
            return 1
        operations = {}
        for name in OPERATIONS:
            if first["ops"][name]["digest"] != other["ops"][name]["digest"]:
                print(f"{which}: the engines disagree on {OPERATIONS[name]}", file=sys.stderr)
                return 1
            mine = min(r["ops"][name]["seconds"] for r in runs["endnim.cgt"])
            peer = min(r["ops"][name]["seconds"] for r in runs["cgt-py"])
            operations[name] = {
                "count": first["ops"][name]["count"],
                "endnim": mine,
                "cgt_py": peer,
                "ratio": peer / mine if mine and first["ops"][name]["count"] else None,
            }
        records.append(
            {
                "set": which,
                "games": first["games"],
                "hot": first["hot"],
                "endnim": ours,
                "cgt_py": theirs,
                "ratio_forms": theirs["forms"] / ours["forms"],
                "ratio_thermographs": theirs["thermographs"] / ours["thermographs"],
                "operations": operations,
            }
        )
    print(
        "| set | games (hot) | endnim forms | cgt-py forms | ratio | endnim thermographs "
        "| cgt-py thermographs | ratio |"
    )
    print("|---|---|---|---|---|---|---|---|")
    for r in records:
        print(
            f"| {r['set']} | {r['games']:,} ({r['hot']:,}) | {r['endnim']['forms']:.4f} s "
            f"| {r['cgt_py']['forms']:.4f} s | {r['ratio_forms']:.2f}x "
            f"| {r['endnim']['thermographs']:.4f} s | {r['cgt_py']['thermographs']:.4f} s "
            f"| {r['ratio_thermographs']:.2f}x |"
        )
    print()
    print("| set | operation | count | endnim | cgt-py | ratio |")
    print("|---|---|---|---|---|---|")
    for r in records:
        for name, op in r["operations"].items():
            ratio = f"{op['ratio']:.2f}x" if op["ratio"] is not None else "-"
            print(
                f"| {r['set']} | {OPERATIONS[name]} | {op['count']:,} | {op['endnim']:.4f} s "
                f"| {op['cgt_py']:.4f} s | {ratio} |"
            )
    args.output.write_text(
        json.dumps(
            {"machine": platform.platform(), "python": platform.python_version(), "runs": records},
            indent=2,
        )
        + "\n"
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
