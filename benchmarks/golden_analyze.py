"""Golden output of ``endnim analyze --json``: written once, every later commit checked against it.

The refactor of issue 20 (analyze as a plan of strategies) must not change one byte of the JSON
that ``endnim analyze --json`` prints. This script fixes the evidence: for every built-in rule
set and the example user rule sets in ``examples/variants/`` it draws 10,000 positions from a
seeded generator (small graphs for ``tree``/``depot``/``depot-partizan``, so the search is fast),
adds the positions the test suite analyses (recorded once from a pytest run, with their method
and budget), runs them through ``endnim analyze --json --batch -`` (one process per rule set,
method and budget) and stores inputs and output lines in ``tests/data/golden_analyze.jsonl.gz``
with the commit they came from. A sample is also run one position per process (the single
position mode) to check that both modes print the same line (up to the memo sizes a reason
reports, which in a batch count the positions before too).

    .venv/bin/python benchmarks/golden_analyze.py --write [--suite-calls calls.jsonl]
    .venv/bin/python benchmarks/golden_analyze.py --check [--every N]   # as the test does

The data file is JSON lines: a header ``{"commit": ..., "groups": n}``, then for each group one
object ``{"variant", "rules", "method", "budget", "inputs"}`` followed by its output lines as
printed (one per input, not re-escaped).
"""

from __future__ import annotations

import argparse
import gzip
import io
import json
import random
import re
import subprocess
import sys
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
DATA = ROOT / "tests" / "data" / "golden_analyze.jsonl.gz"
PER_RULE_SET = 10_000
SINGLE_SAMPLE = 5
"""Positions of each group also run one per process (the single position mode)."""

MAX_SUITE_INPUT = 300
"""Suite positions longer than this (rows of thousands of piles, whose JSON runs to a megabyte)
are left out, to keep the data file small."""

USER_RULES = {
    "capped": "examples/variants/capped.py:CappedEndNim",
    "end-wythoff": "examples/variants/end_wythoff.py:EndWythoff",
}
"""The example user rule sets (loaded with ``--rules``)."""


@dataclass
class Group:
    """Positions analysed by one ``endnim analyze --json --batch`` process."""

    variant: str
    rules: str | None
    method: str
    budget: int | None
    inputs: list[str]
    outputs: list[str] | None = None

    def command(self) -> list[str]:
        """The command line (positions come on standard input)."""
        args = [sys.executable, "-c", "from endnim.cli import main; main()", "analyze", "--json"]
        if self.rules is not None:
            args += ["--rules", self.rules]
        args += ["-v", self.variant, "-m", self.method]
        if self.budget is not None:
            args += ["--budget", str(self.budget)]
        return args

    def key(self) -> tuple[str, str | None, str, int | None]:
        return (self.variant, self.rules, self.method, self.budget)


def _row(rng: random.Random, *, low: int = 1, small: int = 7, large: int = 40) -> str:
    """A random row: mostly short with small piles (the search is cheap), sometimes with larger
    piles (the search still affordable), over the search's auto budget (the engine computes a
    Grundy value no theorem fixes) or huge (the theory alone decides, the notes say why)."""
    kind = rng.random()
    if kind < 0.02:  # over the search's auto budget, within the engine's
        piles = [rng.randint(30, 150) for _ in range(rng.randint(5, 7))]
    elif kind < 0.05:
        piles = [rng.randint(low, 10**6) for _ in range(rng.randint(2, 6))]
    elif kind < 0.15:
        piles = [rng.randint(low, large) for _ in range(rng.randint(1, 3))]
    else:
        length = rng.choice((1, 2, 2, 3, 3, 3, 4, 4, 4, 5, 5, 6))
        piles = [rng.randint(low, small) for _ in range(length)]
    return " ".join(map(str, piles))


def _small_row(rng: random.Random) -> str:
    """A short row with small piles (rule sets that only the search answers)."""
    length = rng.choice((1, 2, 3, 3, 4, 4, 5))
    return " ".join(str(rng.randint(1, 6)) for _ in range(length))


def _tree(rng: random.Random, size: int) -> str:
    """A random labelled tree of ``size`` vertices in nested-parentheses notation."""
    parent = [-1] + [rng.randrange(i) for i in range(1, size)]
    labels = [rng.randint(1, 3) for _ in range(size)]
    children: list[list[int]] = [[] for _ in range(size)]
    for child in range(1, size):
        children[parent[child]].append(child)

    def text(v: int) -> str:
        inner = " ".join(text(c) for c in children[v])
        return f"{labels[v]}({inner})" if inner else str(labels[v])

    return text(0)


def _tree_position(rng: random.Random) -> str:
    kind = rng.random()
    if kind < 0.2:
        return " ".join(str(rng.randint(1, 5)) for _ in range(rng.randint(1, 5)))
    if kind < 0.3:
        return " ".join(_tree(rng, rng.randint(1, 4)) for _ in range(rng.randint(2, 3)))
    return _tree(rng, rng.randint(1, 6))


def _depot_position(rng: random.Random) -> str:
    if rng.random() < 0.1:
        rows, cols = rng.choice(((1, 1), (1, 2), (2, 1), (1, 3), (2, 2)))
        return f"grid {rows}x{cols}: " + " ".join(
            str(rng.randint(0, 3)) for _ in range(rows * cols)
        )
    return " ".join(str(rng.randint(0, 3)) for _ in range(rng.randint(1, 6)))


def _depot_partizan_position(rng: random.Random) -> str:
    if rng.random() < 0.2:
        return "cycle: " + " ".join(str(rng.randint(1, 3)) for _ in range(rng.randint(3, 5)))
    return " ".join(str(rng.randint(1, 4)) for _ in range(rng.randint(1, 5)))


GENERATORS: dict[str, Callable[[random.Random], str]] = {
    "endnim": _row,
    "misere": _row,
    "misere-conway": _row,
    "loop": _row,
    "muller": _row,
    "partizan": lambda rng: _row(rng, small=6),
    "tree": _tree_position,
    "depot": _depot_position,
    "depot-partizan": _depot_partizan_position,
    "capped": _small_row,
    "end-wythoff": _small_row,
}
"""How the random positions of each rule set are drawn (seeded by the rule set's name)."""


def random_groups(count: int = PER_RULE_SET) -> Iterator[Group]:
    """``count`` seeded random positions of every rule set, method ``auto``."""
    for name, draw in GENERATORS.items():
        rng = random.Random(f"golden-{name}")
        inputs = [draw(rng) for _ in range(count)]
        yield Group(name, USER_RULES.get(name), "auto", None, inputs)


def suite_groups(calls: Path) -> Iterator[Group]:
    """The positions a pytest run analysed (recorded by a plugin wrapping ``analyze``): one
    group per rule set, method and budget, each position once, in first-seen order."""
    seen: dict[tuple[str, str | None, str, int | None], dict[str, None]] = {}
    for line in calls.read_text().splitlines():
        call = json.loads(line)
        if not call["module"].startswith("endnim."):
            continue  # a rule set a test defined for itself: not loadable here
        if len(call["position"]) > MAX_SUITE_INPUT:
            continue
        key = (call["variant"], None, call["method"], call["budget"])
        seen.setdefault(key, {})[call["position"]] = None
    for (variant, rules, method, budget), positions in seen.items():
        yield Group(variant, rules, method, budget, list(positions))


def run(
    group: Group, env: dict[str, str] | None = None, hang_guard: float | None = None
) -> list[str]:
    """The output lines of ``endnim analyze --json --batch -`` for the group's positions
    (``hang_guard``: seconds after which the batch is reported as a hang, not awaited)."""
    try:
        done = subprocess.run(
            [*group.command(), "--batch", "-"],
            input="\n".join(group.inputs) + "\n",
            capture_output=True,
            text=True,
            cwd=ROOT,
            check=False,
            env=env,
            timeout=hang_guard,
        )
    except subprocess.TimeoutExpired:
        raise SystemExit(
            f"{group.key()}: hang: no answer within {hang_guard:g} s for {len(group.inputs)} "
            "positions (a hang guard, far above the normal time; not a speed check)"
        ) from None
    lines = done.stdout.splitlines()
    if len(lines) != len(group.inputs):
        raise SystemExit(f"{group.key()}: {len(lines)} lines for {len(group.inputs)} positions")
    return lines


CACHE_COUNTS = re.compile(r'"(states_cached|parts_cached)":\d+')


def without_cache_counts(line: str) -> str:
    """``line`` with the memo sizes a reason reports masked: a batch shares one memo across its
    positions, so these counts depend on the positions before (all else must agree).

    >>> without_cache_counts('{"data":{"parts_cached":12}}')
    '{"data":{"parts_cached":#}}'
    """
    return CACHE_COUNTS.sub(r'"\1":#', line)


def run_single(
    group: Group, index: int, env: dict[str, str] | None = None, hang_guard: float | None = None
) -> str:
    """One position of the group in the single position mode."""
    try:
        done = subprocess.run(
            [*group.command(), group.inputs[index]],
            capture_output=True,
            text=True,
            cwd=ROOT,
            check=False,
            env=env,
            timeout=hang_guard,
        )
    except subprocess.TimeoutExpired:
        raise SystemExit(
            f"{group.key()} {group.inputs[index]!r}: hang: no answer within {hang_guard:g} s"
        ) from None
    return done.stdout.rstrip("\n")


def single_sample(group: Group, count: int = SINGLE_SAMPLE) -> list[int]:
    """Which positions of a group are also run one by one (seeded, answered ones only)."""
    assert group.outputs is not None
    answered = [
        i
        for i, line in enumerate(group.outputs)
        if not line.startswith('{"input"') and len(group.inputs[i]) < 1000  # an argument
    ]
    rng = random.Random(f"single-{group.key()}")
    return sorted(rng.sample(answered, min(count, len(answered))))


def read(path: Path = DATA) -> tuple[dict[str, object], list[Group]]:
    """The header and groups of a golden file."""
    with gzip.open(path, "rt", encoding="utf-8") as stream:
        header = json.loads(stream.readline())
        groups = []
        for _ in range(header["groups"]):
            group = Group(**json.loads(stream.readline()))
            group.outputs = [stream.readline().rstrip("\n") for _ in group.inputs]
            groups.append(group)
    return header, groups


def write(groups: list[Group], commit: str, path: Path = DATA) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    binary = gzip.GzipFile(path, "wb", compresslevel=9, mtime=0)  # the same bytes every run
    with io.TextIOWrapper(binary, encoding="utf-8", newline="\n") as stream:
        stream.write(json.dumps({"commit": commit, "groups": len(groups)}) + "\n")
        for group in groups:
            assert group.outputs is not None
            meta = {k: v for k, v in group.__dict__.items() if k != "outputs"}
            stream.write(json.dumps(meta, ensure_ascii=False) + "\n")
            stream.writelines(line + "\n" for line in group.outputs)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--write", action="store_true", help="(re)write the golden file")
    parser.add_argument("--check", action="store_true", help="compare against the golden file")
    parser.add_argument("--suite-calls", type=Path, help="recorded analyze calls of a pytest run")
    parser.add_argument("--prefix", type=int, help="check only the first N positions of each group")
    parser.add_argument("--every", type=int, help="check only every Nth position of each group")
    options = parser.parse_args()
    if options.write:
        commit = subprocess.run(
            ["git", "rev-parse", "HEAD"], capture_output=True, text=True, cwd=ROOT, check=True
        ).stdout.strip()
        groups = list(random_groups())
        if options.suite_calls is not None:
            groups += list(suite_groups(options.suite_calls))
        elif DATA.exists():
            groups += [
                g
                for g in read()[1]
                if g.method != "auto"
                or g.variant not in GENERATORS
                or len(g.inputs) != PER_RULE_SET
            ]
        for group in groups:
            group.outputs = run(group)
            for index in single_sample(group):
                single = run_single(group, index)
                if without_cache_counts(single) != without_cache_counts(group.outputs[index]):
                    raise SystemExit(
                        f"{group.key()} {group.inputs[index]!r}: batch and single differ"
                    )
            print(f"{group.key()}: {len(group.inputs)} positions", file=sys.stderr)
        write(groups, commit)
        print(f"wrote {DATA} ({DATA.stat().st_size:,} bytes) from {commit}", file=sys.stderr)
    if options.check:
        failures = check(prefix=options.prefix, every=options.every)
        print("\n".join(failures) or "golden JSON unchanged", file=sys.stderr)
        raise SystemExit(1 if failures else 0)


def check(
    path: Path = DATA,
    *,
    prefix: int | None = None,
    every: int | None = None,
    limit: int = 20,
    env: dict[str, str] | None = None,
    hang_guard: float | None = None,
) -> list[str]:
    """Differences between the current ``endnim analyze --json`` and the golden file (at most
    ``limit`` described). ``prefix``: only the first so many positions of each group (a batch's
    first lines depend on the positions before them only, so a prefix is checked exactly).
    ``every``: only every so many positions of each group, from the first (spread over the whole
    file; their batch has other positions before them, so the memo sizes a reason reports are
    masked, :func:`without_cache_counts`, and all else is checked byte for byte)."""
    failures: list[str] = []
    for group in read(path)[1]:
        assert group.outputs is not None
        if prefix is not None:
            group.inputs, group.outputs = group.inputs[:prefix], group.outputs[:prefix]
        masked: Callable[[str], str] = str  # the line itself
        if every is not None:
            group.inputs, group.outputs = group.inputs[::every], group.outputs[::every]
            masked = without_cache_counts
        now = run(group, env, hang_guard)
        for text, old, new in zip(group.inputs, group.outputs, now, strict=True):
            if masked(old) != masked(new) and len(failures) < limit:
                failures.append(f"{group.key()} {text!r}:\n  was {old}\n  now {new}")
        for index in single_sample(group, 1):
            single = run_single(group, index, env, hang_guard)
            same = without_cache_counts(single) == without_cache_counts(group.outputs[index])
            if not same and len(failures) < limit:
                failures.append(f"{group.key()} {group.inputs[index]!r} single mode:\n  {single}")
    return failures


if __name__ == "__main__":
    main()
