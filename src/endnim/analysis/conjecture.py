"""Checking a conjecture on every position up to a length and a pile bound, resumably.

A :class:`Conjecture` is a property every position should have (``holds``), optionally the
positions it concerns (``applies``) and the positions that meet its bound exactly (``tight``,
the extremal cases: e.g. Horrocks' "3 4 1 2 2 was the smallest found to meet this upper
bound"). :func:`check_conjecture` walks every position of length ``min_length..max_length`` with
piles ``1..max_pile``, one length layer at a time (the engine computes a whole layer at once),
in chunks of equal first pile. After each chunk it can save its state to a file, so that an
interrupted run (Ctrl-C) continues where it stopped, and a rerun with a larger ``max_length``
only computes the new layers.

>>> report = check_conjecture(builtin_conjecture("horrocks-1"), max_length=5, max_pile=4)
>>> report.counterexamples, report.tight_count, report.smallest_tight_by_heaps
(0, 2, (3, 4, 1, 2, 2))
"""

from __future__ import annotations

import hashlib
import itertools
import json
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from endnim.errors import EndNimError
from endnim.theory import horrocks
from endnim.variants import get_row_variant, get_variant

Piles = tuple[int, ...]
Check = Callable[[Piles, Any], bool]
Progress = Callable[[int, int], None]
KEPT_EXAMPLES = 10
"""How many counterexamples a report lists (it counts them all)."""
STATE_VERSION = 2


@dataclass(frozen=True)
class Conjecture:
    """A property to check on every position of one variant.

    ``holds(piles, value)`` must be true wherever ``applies(piles, value)`` is (every position
    if ``applies`` is None); ``tight`` marks the positions meeting the bound exactly. ``key``
    identifies the conjecture in saved states (its name, or the expressions' text).
    """

    name: str
    variant: str
    statement: str
    holds: Check
    key: str
    applies: Check | None = None
    tight: Check | None = None
    tight_meaning: str = "meets the bound"


def _conjecture_1_tight(piles: Piles, value: Any) -> bool:
    return len(piles) >= 2 and value == piles[0] + piles[-1] + 1


def _conjecture_2_applies(piles: Piles, value: Any) -> bool:
    return len(piles) >= 2 and value == piles[0] - 1


def _conjecture_2_tight(piles: Piles, value: Any) -> bool:
    return len(piles) >= 2 and value == piles[0] - 1 and piles[0] - piles[-1] == 1


def _conjecture_3_applies(piles: Piles, value: Any) -> bool:
    return all(p == piles[0] for p in piles)


BUILTIN: dict[str, Conjecture] = {
    "horrocks-1": Conjecture(
        "horrocks-1",
        "muller",
        "Horrocks (2017) Conjecture 1: G(a ω b) <= a + b + 1",
        horrocks.conjecture_1,
        "horrocks-1",
        tight=_conjecture_1_tight,
        tight_meaning="G = a + b + 1",
    ),
    "horrocks-2": Conjecture(
        "horrocks-2",
        "muller",
        "Horrocks (2017) Conjecture 2: G(a ω b) = a − 1 implies a − b <= 1",
        horrocks.conjecture_2,
        "horrocks-2",
        applies=_conjecture_2_applies,
        tight=_conjecture_2_tight,
        tight_meaning="G = a − 1 and a − b = 1",
    ),
    "horrocks-3": Conjecture(
        "horrocks-3",
        "muller",
        "Horrocks (2017) Conjecture 3: G(m^n) = m − 1 (n even), m (n odd)",
        horrocks.conjecture_3,
        "horrocks-3",
        applies=_conjecture_3_applies,
    ),
}
"""Horrocks' three open conjectures on Muller End-Nim (predicates from ``theory.horrocks``)."""


def builtin_conjecture(name: str) -> Conjecture:
    """One of :data:`BUILTIN` by name.

    >>> builtin_conjecture("horrocks-3").variant
    'muller'
    """
    try:
        return BUILTIN[name.lower()]
    except KeyError:
        raise EndNimError(
            f"unknown conjecture {name!r}: choose one of {', '.join(BUILTIN)} or give --holds"
        ) from None


def custom_conjecture(
    variant: str, holds: str, *, where: str | None = None, tight: str | None = None
) -> Conjecture:
    """A conjecture from expressions of :mod:`endnim.analysis.expression`.

    >>> c = custom_conjecture("endnim", "g <= beans", tight="g == beans")
    >>> check_conjecture(c, max_length=3, max_pile=3).smallest_tight_by_beans
    (1,)
    """
    from endnim.analysis.expression import compile_predicate

    rules = get_variant(variant)
    holds_check = compile_predicate(holds)
    where_check = compile_predicate(where) if where else None
    tight_check = compile_predicate(tight) if tight else None
    text = holds + (f" where {where}" if where else "")
    key = json.dumps([rules.name, holds, where, tight])
    return Conjecture(
        "custom",
        rules.name,
        text,
        holds_check,
        key,
        applies=where_check,
        tight=tight_check,
        tight_meaning=tight or "",
    )


def _by_heaps(piles: Piles) -> tuple[int, int, Piles]:
    return (len(piles), sum(piles), piles)


def _by_beans(piles: Piles) -> tuple[int, int, Piles]:
    return (sum(piles), len(piles), piles)


@dataclass
class ConjectureReport:
    """What a run found: counts, extremal cases, counterexamples, and how far it got."""

    conjecture: str
    variant: str
    statement: str
    max_pile: int
    min_length: int
    max_length: int
    positions: int = 0
    applicable: int = 0
    tight_count: int = 0
    counterexamples: int = 0
    examples: list[Piles] = field(default_factory=list)
    smallest_counterexample_by_heaps: Piles | None = None
    smallest_counterexample_by_beans: Piles | None = None
    smallest_tight_by_heaps: Piles | None = None
    smallest_tight_by_beans: Piles | None = None
    tight_meaning: str = ""
    done_length: int = 0
    """Every layer up to this length is finished (``min_length - 1`` if none)."""
    done_first: int = 0
    """Chunks (first pile 1..done_first) finished in layer ``done_length + 1``."""
    resumed: bool = False
    source: str = "engine"
    """Where the values came from: ``engine`` or ``stored sweep DIR``."""
    example_values: list[Any] = field(default_factory=list)
    """The value (Grundy value; partizan: class) of each of ``examples``."""
    extreme_values: dict[str, Any] = field(default_factory=dict)
    """The value of each smallest case, by its field name (``smallest_counterexample_by_heaps``
    ...): a counterexample is shown with the value that breaks the statement."""

    @property
    def holds(self) -> bool:
        """No counterexample in the range checked."""
        return self.counterexamples == 0

    @property
    def complete(self) -> bool:
        """Every layer up to ``max_length`` is finished."""
        return self.done_length >= self.max_length

    def record(self, piles: Piles, ok: bool, is_tight: bool, value: Any = None) -> None:
        """Count a failing or extremal position with its value (counting every position is
        the caller's)."""
        if not ok:
            self.counterexamples += 1
            if len(self.examples) < KEPT_EXAMPLES:
                self.examples.append(piles)
                self.example_values.append(value)
            best = self.smallest_counterexample_by_heaps
            if best is None or _by_heaps(piles) < _by_heaps(best):
                self.smallest_counterexample_by_heaps = piles
                self.extreme_values["smallest_counterexample_by_heaps"] = value
            best = self.smallest_counterexample_by_beans
            if best is None or _by_beans(piles) < _by_beans(best):
                self.smallest_counterexample_by_beans = piles
                self.extreme_values["smallest_counterexample_by_beans"] = value
        if is_tight:
            self.tight_count += 1
            best = self.smallest_tight_by_heaps
            if best is None or _by_heaps(piles) < _by_heaps(best):
                self.smallest_tight_by_heaps = piles
                self.extreme_values["smallest_tight_by_heaps"] = value
            best = self.smallest_tight_by_beans
            if best is None or _by_beans(piles) < _by_beans(best):
                self.smallest_tight_by_beans = piles
                self.extreme_values["smallest_tight_by_beans"] = value

    def value_of(self, name: str) -> Any:
        """The value of the smallest case ``name`` (e.g. ``smallest_counterexample_by_heaps``);
        ``None`` if none was found or a saved state from before values were kept lacks it."""
        return self.extreme_values.get(name)

    def to_dict(self) -> dict[str, Any]:
        """Plain data (the JSON of ``endnim conjecture --json`` and of the saved state)."""

        def listed(piles: Piles | None) -> list[int] | None:
            return None if piles is None else list(piles)

        return {
            "conjecture": self.conjecture,
            "variant": self.variant,
            "statement": self.statement,
            "max_pile": self.max_pile,
            "min_length": self.min_length,
            "max_length": self.max_length,
            "positions": self.positions,
            "applicable": self.applicable,
            "holds": self.holds,
            "counterexamples": self.counterexamples,
            "examples": [list(p) for p in self.examples],
            "smallest_counterexample_by_heaps": listed(self.smallest_counterexample_by_heaps),
            "smallest_counterexample_by_beans": listed(self.smallest_counterexample_by_beans),
            "tight_meaning": self.tight_meaning,
            "tight_count": self.tight_count,
            "smallest_tight_by_heaps": listed(self.smallest_tight_by_heaps),
            "smallest_tight_by_beans": listed(self.smallest_tight_by_beans),
            "done_length": self.done_length,
            "done_first": self.done_first,
            "complete": self.complete,
            "resumed": self.resumed,
            "source": self.source,
            "example_values": list(self.example_values),
            **{f"{name}_value": self.value_of(name) for name in _EXTREMES},
        }

    def restore(self, data: dict[str, Any]) -> None:
        """Take over the counts and cases of a saved state."""

        def piles(value: Any) -> Piles | None:
            return None if value is None else tuple(int(x) for x in value)

        self.positions = int(data["positions"])
        self.applicable = int(data["applicable"])
        self.counterexamples = int(data["counterexamples"])
        self.examples = [tuple(int(x) for x in p) for p in data["examples"]]
        self.smallest_counterexample_by_heaps = piles(data["smallest_counterexample_by_heaps"])
        self.smallest_counterexample_by_beans = piles(data["smallest_counterexample_by_beans"])
        self.tight_count = int(data["tight_count"])
        self.smallest_tight_by_heaps = piles(data["smallest_tight_by_heaps"])
        self.smallest_tight_by_beans = piles(data["smallest_tight_by_beans"])
        values = data.get("example_values")
        self.example_values = list(values) if values is not None else [None] * len(self.examples)
        self.extreme_values = {name: data.get(f"{name}_value") for name in _EXTREMES}
        self.done_length = int(data["done_length"])
        self.done_first = int(data["done_first"])
        self.resumed = True


_EXTREMES = (
    "smallest_counterexample_by_heaps",
    "smallest_counterexample_by_beans",
    "smallest_tight_by_heaps",
    "smallest_tight_by_beans",
)


def state_path(
    state_dir: str | Path, conjecture: Conjecture, max_pile: int, min_length: int
) -> Path:
    """The state file of one conjecture, variant, pile bound and starting length in ``state_dir``.

    The maximum length is not part of it: a rerun with a larger one continues the same file.
    """
    identity = json.dumps([STATE_VERSION, conjecture.key, conjecture.variant, max_pile, min_length])
    digest = hashlib.sha256(identity.encode()).hexdigest()[:16]
    return Path(state_dir) / f"conjecture-{conjecture.name}-{digest}.json"


def _load_state(path: Path, report: ConjectureReport) -> None:
    from endnim.sealed import read_sealed

    data = read_sealed(path, "saved state", "delete it to check from the start")
    if data is None:
        return
    try:
        report.restore(data["report"])
    except (ValueError, KeyError, TypeError, OverflowError) as error:  # 1e400 is infinity
        raise EndNimError(
            f"cannot read the saved state {path}: {error} (delete it to start afresh)"
        ) from None


def _save_state(path: Path, report: ConjectureReport) -> None:
    from endnim.sealed import write_sealed

    write_sealed(path, {"version": STATE_VERSION, "report": report.to_dict()})


def total_positions(min_length: int, max_length: int, max_pile: int) -> int:
    """How many positions of length ``min_length..max_length`` have piles in 1..``max_pile``.

    >>> total_positions(1, 3, 2)
    14
    """
    return sum(max_pile**length for length in range(min_length, max_length + 1))


def check_conjecture(
    conjecture: Conjecture,
    *,
    max_length: int,
    max_pile: int,
    min_length: int = 1,
    state_dir: str | Path | None = None,
    progress: Progress | None = None,
    threads: int | None = None,
    sweep_dir: str | Path | None = None,
) -> ConjectureReport:
    """Check ``conjecture`` on every position of length ``min_length..max_length`` with piles
    ``1..max_pile``; resume from (and save to) ``state_dir`` when given. When ``sweep_dir``
    holds a stored sweep (``endnim sweep``) that covers the range, its values are read instead
    of being computed.

    >>> r = check_conjecture(builtin_conjecture("horrocks-2"), max_length=4, max_pile=5)
    >>> r.positions, r.holds, r.smallest_tight_by_heaps
    (780, True, (5, 4, 2, 4))
    """
    from endnim.analysis.tables import search_layer
    from endnim.analyzer import engine_family
    from endnim.engine import solve_layer
    from endnim.engine.families import CODE_TO_OUTCOME

    if min_length < 1 or max_length < min_length:
        raise EndNimError("lengths: need 1 <= --min-length <= --max-length")
    if max_pile < 1:
        raise EndNimError("--max-pile must be at least 1")
    rules = get_row_variant(conjecture.variant, "a conjecture check over every row")
    report = ConjectureReport(
        conjecture.name,
        rules.name,
        conjecture.statement,
        max_pile,
        min_length,
        max_length,
        tight_meaning=conjecture.tight_meaning,
        done_length=min_length - 1,
    )
    path = state_path(state_dir, conjecture, max_pile, min_length) if state_dir else None
    if path is not None:
        _load_state(path, report)
        report.max_length = max_length
    total = total_positions(min_length, max_length, max_pile)
    holds, applies, tight = conjecture.holds, conjecture.applies, conjecture.tight
    stored = None
    if sweep_dir is not None:
        from endnim.sweep import stored_values

        stored = stored_values(sweep_dir, rules.name, max_length, max_pile)
        if stored is not None:
            report.source = f"stored sweep {sweep_dir}"
    if stored is None and engine_family(rules) is None:
        report.source = f"exact search ({rules.title} has no engine family)"
    for length in range(report.done_length + 1, max_length + 1):
        if stored is not None:
            layer = stored[length]
        elif engine_family(rules) is None:
            layer = search_layer(rules, length, max_pile)
        else:
            layer = solve_layer(rules, length, max_pile, threads=threads)
        for first in range(report.done_first + 1, max_pile + 1):
            codes = layer[first - 1].ravel().tolist() if length > 1 else [int(layer[first - 1])]
            values: list[Any] = codes if rules.impartial else [CODE_TO_OUTCOME[c] for c in codes]
            rests = itertools.product(range(1, max_pile + 1), repeat=length - 1)
            count = applicable = 0
            for rest, value in zip(rests, values, strict=True):
                piles = (first, *rest)
                count += 1
                if applies is not None and not applies(piles, value):
                    continue
                applicable += 1
                ok = holds(piles, value)
                is_tight = tight is not None and tight(piles, value)
                if not ok or is_tight:
                    report.record(piles, ok, is_tight, value)
            report.positions += count
            report.applicable += applicable
            report.done_first = first
            if first == max_pile:
                report.done_length, report.done_first = length, 0
            if path is not None:
                _save_state(path, report)
            if progress is not None:
                progress(report.positions, total)
    return report
