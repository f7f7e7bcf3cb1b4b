"""The checks ``endnim check-rules FILE.py:Class`` runs before a researcher trusts a rule set.

Every hook is exercised on the rows up to a small size (or, for rule sets whose positions are
not rows, on the positions reachable from the ones given), through the checking adapter of
:mod:`endnim.variants.guarded`, in a supervised worker process with a memory limit (so a
hook that ends its process, eats memory or never returns is reported, not suffered, and the
checks go on without it). What it looks for: hooks that raise or return
the wrong kind of value, hooks that do not return, positions that never end or keep growing,
a terminal position with options, options that are not positions, hooks that answer differently
twice, notation that does not read back, moves that ``play`` does not follow, an estimate of
the search below what it visits, and a name that clashes with a built-in rule set.

>>> report = check_rules("examples/variants/capped.py:CappedEndNim", max_piles=2, max_pile=3)
>>> report.ok, report.positions > 0
(True, True)
"""

from __future__ import annotations

import itertools
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from endnim.errors import EndNimError, RuleSetError, VariantError
from endnim.ruleset import RuleSet
from endnim.supervise import Supervisor, WorkerFault
from endnim.variants.base import Variant
from endnim.variants.data_rules import is_data_spec, read_data_rules
from endnim.variants.guarded import (
    guard,
    hook_timeout,
    label_of,
    rules_label,
    take_amounts,
    user_hooks,
    watched_hook,
)
from endnim.variants.registry import clash_with_built_in, read_rules_class
from endnim.variants.take_forms import (
    CHECKED_PILES,
    lists_takes,
    table_shape_problem,
    table_takes,
    takes_disagreement,
)

AnyRuleSet = RuleSet[Any, Any]

MAX_REACHED = 2000
"""Positions a check follows from its starting positions; more means they never end or grow."""
MAX_FINDINGS_PER_KIND = 3
"""Examples kept of one kind of finding (one screen)."""
CHECK_MEMORY = 1024 * 2**20
"""Memory the checking process may add to what it had when it started."""


@dataclass(frozen=True)
class Finding:
    """One problem: its kind (``hook fault``, ``non-deterministic``, ...), the hook, a line."""

    kind: str
    hook: str
    detail: str


@dataclass
class RulesReport:
    """What :func:`check_rules` found."""

    spec: str
    label: str
    positions: int = 0
    findings: list[Finding] = field(default_factory=list)
    hooks: list[str] = field(default_factory=list)
    notes: list[str] = field(default_factory=list)

    @property
    def ok(self) -> bool:
        """No problem found."""
        return not self.findings

    @classmethod
    def from_json(cls, data: Any) -> RulesReport:
        """The report :meth:`to_json` wrote (read back from the checking worker, checked)."""
        if not isinstance(data, dict):
            raise RuleSetError("the checking worker answered with something that is no report")
        report = cls(str(data.get("rules", "")), str(data.get("label", "")))
        report.positions = int(data.get("positions", 0))
        report.hooks = [str(h) for h in data.get("hooks", [])]
        report.notes = [str(n) for n in data.get("notes", [])]
        report.findings = [
            Finding(str(f.get("kind")), str(f.get("hook")), str(f.get("detail")))
            for f in data.get("findings", [])
            if isinstance(f, dict)
        ]
        return report

    def to_json(self) -> dict[str, Any]:
        """The report as JSON (``check-rules --json``)."""
        return {
            "rules": self.spec,
            "label": self.label,
            "ok": self.ok,
            "positions": self.positions,
            "hooks": self.hooks,
            "findings": [vars(f) for f in self.findings],
            "notes": self.notes,
        }


class _Checker:
    def __init__(self, rules: AnyRuleSet, report: RulesReport) -> None:
        self.rules = rules
        self.report = report
        self.broken: set[str] = set()
        self.counts: dict[str, int] = {}

    def find(self, kind: str, hook: str, detail: str) -> None:
        key = f"{kind}/{hook}"
        self.counts[key] = self.counts.get(key, 0) + 1
        if self.counts[key] <= MAX_FINDINGS_PER_KIND:
            self.report.findings.append(Finding(kind, hook, " ".join(detail.split())[:300]))

    def call(self, hook: str, *args: Any) -> Any:
        """``rules.hook(*args)``; a fault is recorded (once per hook) and answers ``None``."""
        if hook in self.broken:
            return None
        try:
            return getattr(self.rules, hook)(*args)
        except RuleSetError as error:
            self.broken.add(hook)
            self.find("hook fault", f"{hook}()", str(error))
        except (EndNimError, NotImplementedError):
            raise
        except Exception as error:  # endnim's own code failed on what a hook gave it
            self.broken.add(hook)
            self.find("hook fault", f"{hook}()", f"{type(error).__name__}: {error}")
        return None

    def show(self, position: Any) -> str:
        try:
            text = str(self.rules.format_position(position))
        except Exception:
            text = repr(position)
        return text if len(text) <= 40 else text[:37] + "..."

    # ------------------------------------------------------------------ one position
    def position(self, position: Any) -> list[Any]:
        """Check the hooks on ``position``; returns its children (every player's)."""
        rules = self.rules
        children: list[Any] = []
        terminal = self.call("is_terminal", position)
        for player in rules.players():
            options = self.call("options", position, player)
            if options is None:
                continue
            again = self.call("options", position, player)
            if again is not None and again != options:
                self.find(
                    "non-deterministic", "options()", f"two calls differ on {self.show(position)}"
                )
            if terminal and options:
                self.find(
                    "terminal with options",
                    "is_terminal()",
                    f"{self.show(position)} is terminal but has {len(options)} option(s)",
                )
            kids = self.call("children", position, player)
            if kids is not None and (
                len(kids) != len(options) or set(kids) != {child for _, child in options}
            ):
                self.find(
                    "inconsistent hooks",
                    "children()",
                    f"children() and options() differ on {self.show(position)}",
                )
            for move, child in options:
                self.move(position, move, child, player)
                children.append(child)
        if not children and rules.impartial:
            self.call("terminal_value", position)
        self.call("canonical_key", position)
        self.call("components", position)
        if terminal is not None and terminal != self.call("is_terminal", position):
            self.find("non-deterministic", "is_terminal()", f"two calls differ on {position}")
        self.notation(position)
        return children

    def move(self, position: Any, move: Any, child: Any, player: Any) -> None:
        text = self.call("format_move", move)
        if text is None or "parse_move" in self.broken:
            return
        try:
            back = self.rules.parse_move(text)
        except EndNimError as error:
            self.find("notation", "parse_move()", f"{text!r} is not read back: {error}")
            return
        if back != move:
            self.find("notation", "parse_move()", f"{text!r} reads back as {back!r}")
        try:
            after = self.rules.play(position, move, player)
        except RuleSetError as error:
            self.find("hook fault", "play()", str(error))
            self.broken.add("parse_move")
        except EndNimError as error:
            self.find("play", "play()", f"{text} in {self.show(position)} refused: {error}")
        else:
            if after != child:
                self.find(
                    "play",
                    "play()",
                    f"{text} in {self.show(position)} gives {self.show(after)}, its option says "
                    f"{self.show(child)}",
                )

    def notation(self, position: Any) -> None:
        if isinstance(self.rules, Variant) and not position:
            return  # the empty row has no notation
        text = self.call("format_position", position)
        if text is None or "parse_position" in self.broken:
            return
        try:
            back = self.rules.parse_position(text)
        except RuleSetError as error:
            self.broken.add("parse_position")
            self.find("hook fault", "parse_position()", str(error))
            return
        except EndNimError as error:
            self.find("notation", "format_position()", f"{text!r} is not read back: {error}")
            return
        if back != position:
            self.find("notation", "format_position()", f"{text!r} reads back as {back!r}")

    # ------------------------------------------------------------------ the walk
    def walk(self, starts: list[Any]) -> None:
        """Every position reachable from ``starts``: cycles and unbounded growth are findings."""
        done: set[Any] = set()
        for start in starts:
            if start in done:
                continue
            before = len(done)
            stack: list[tuple[Any, Iterator[Any]]] = [(start, iter(self.position(start)))]
            on_path: set[Any] = {start}
            while stack:
                if len(done) + len(on_path) > MAX_REACHED:
                    self.find(
                        "never ends",
                        "options()",
                        f"more than {MAX_REACHED:,} positions reachable from "
                        f"{self.show(start)}: positions that keep growing?",
                    )
                    return
                node, children = stack[-1]
                child = next(children, None)
                if child is None:
                    stack.pop()
                    on_path.discard(node)
                    done.add(node)
                    continue
                if child in on_path:
                    self.find(
                        "never ends",
                        "options()",
                        f"a cycle: {self.show(child)} can be reached again from itself "
                        "(a loopy game)",
                    )
                    return
                if self.grows(node, child):
                    return
                if child not in done:
                    on_path.add(child)
                    stack.append((child, iter(self.position(child))))
            self.report.positions = len(done)
            self.estimate(start, len(done) - before)

    def grows(self, position: Any, child: Any) -> bool:
        """A row move that adds coins (no End-Nim-family game does): a finding."""
        if isinstance(self.rules, Variant) and sum(child) > sum(position):
            self.find(
                "grows",
                "options()",
                f"a move from {self.show(position)} leads to {self.show(child)}, with more "
                "coins: positions that keep growing never end",
            )
            return True
        return False

    def estimate(self, start: Any, reached: int) -> None:
        try:
            states = self.rules.estimate_states(start)
        except NotImplementedError:
            return
        except RuleSetError as error:
            self.find("hook fault", "estimate_states()", str(error))
            return
        if states < reached and reached > 0:
            self.find(
                "estimate too low",
                "estimate_states()",
                f"{states:,} for {self.show(start)}, whose search visits at least "
                f"{reached:,} positions (the budget trusts it)",
            )


def _rows(max_piles: int, max_pile: int) -> Iterator[tuple[int, ...]]:
    for length in range(1, max_piles + 1):
        yield from itertools.product(range(1, max_pile + 1), repeat=length)


def _exercise(
    spec: str,
    max_piles: int,
    max_pile: int,
    starts: tuple[str, ...],
    report: RulesReport,
    skip: tuple[str, ...] = (),
) -> None:
    """The checks proper (in the checking process)."""
    cls = read_rules_class(spec)
    try:
        guarded = guard(cls, spec)
    except RuleSetError as error:
        report.findings.append(Finding("attributes", "class", str(error)))
        return
    clash = clash_with_built_in(guarded)
    if clash is not None:
        report.findings.append(Finding("name clash", "name", clash))
    rules = guarded()
    report.hooks = user_hooks(cls)
    checker = _Checker(rules, report)
    checker.broken.update(skip)
    positions: list[Any] = []
    for text in starts:
        position = checker.call("parse_position", text)
        if position is not None:
            positions.append(position)
    if not starts and isinstance(rules, Variant):
        positions = list(_rows(max_piles, max_pile))
    if isinstance(rules, Variant):
        _check_take_forms(checker, rules)
    if not positions:
        report.notes.append("no position to start from: give some with --start")
        return
    checker.walk(positions)


def _check_take_forms(checker: _Checker, rules: Variant) -> None:
    """The optional faster forms of ``allows_take`` the engine reads instead of it for tables
    and sweeps (``allowed_takes(pile)``, ``allows_take_table(largest)``,
    ``allows_take_lists(largest)``: :mod:`endnim.variants.take_forms`), each against
    ``allows_take`` on the piles the engine checks: a disagreement is a finding naming the
    hook, the pile and the take, as it would be an error of every table."""
    if "allows_take" in checker.broken:
        return
    for hook, check in _TAKE_FORMS.items():
        if not callable(getattr(rules, hook, None)) or hook in checker.broken:
            continue
        try:
            wrong = check(rules)
        except (RuleSetError, TypeError, ValueError) as error:
            checker.find("hook fault", f"{hook}()", str(error))
            continue
        if wrong is not None:
            checker.find("hooks disagree", f"{hook}()", wrong)


def _listed_per_pile(rules: Variant) -> str | None:
    call = watched_hook(rules, "allowed_takes", take_amounts)
    return takes_disagreement(
        rules,
        "allowed_takes({pile})",
        lambda pile: sorted({a for a in call(pile) if 1 <= a <= pile}),
    )


def _listed_in_a_table(rules: Variant) -> str | None:
    import numpy as np

    hook = f"allows_take_table({CHECKED_PILES})"
    table = watched_hook(rules, "allows_take_table", np.asarray)(CHECKED_PILES)
    wrong = table_shape_problem(table, CHECKED_PILES)
    if wrong is not None:
        return f"{hook} {wrong}"
    return takes_disagreement(rules, hook, table_takes(table))


def _listed_in_lists(rules: Variant) -> str | None:
    hook = f"allows_take_lists({CHECKED_PILES})"
    offsets, sizes = watched_hook(rules, "allows_take_lists", _lists)(CHECKED_PILES)
    if offsets.shape != (CHECKED_PILES + 2,) or len(sizes) != int(offsets[-1]):
        return f"{hook} returned lists of another shape"
    return takes_disagreement(rules, hook, lists_takes(offsets, sizes), range(CHECKED_PILES + 1))


def _lists(value: Any) -> tuple[Any, Any]:
    """What ``allows_take_lists`` returned, as two arrays of whole numbers (read inside its
    call: the conversion runs the user's code)."""
    import numpy as np

    offsets, sizes = value
    return np.asarray(offsets, np.int64), np.asarray(sizes, np.int64)


_TAKE_FORMS: dict[str, Callable[[Variant], str | None]] = {
    "allowed_takes": _listed_per_pile,
    "allows_take_table": _listed_in_a_table,
    "allows_take_lists": _listed_in_lists,
}
"""Each faster form of ``allows_take`` and its check (a disagreement in words, or ``None``)."""


def exercise(
    spec: str, max_piles: int, max_pile: int, starts: tuple[str, ...], skip: tuple[str, ...]
) -> dict[str, Any]:
    """The checks, as the JSON report (a job of the supervised worker); hooks in ``skip``
    are not called (an earlier run found they do not return or end the process)."""
    report = RulesReport(spec, spec)
    report.label = rules_label(read_rules_class(spec), spec)
    try:
        _exercise(spec, max_piles, max_pile, starts, report, skip)
    except MemoryError:
        report.findings.append(Finding("memory", "?", "the rule set ran out of memory"))
    return report.to_json()


def start_positions(
    rules: AnyRuleSet, max_piles: int, max_pile: int, starts: tuple[str, ...]
) -> list[Any]:
    """The positions the checks start from: ``starts`` read (those that read), else the rows
    of up to ``max_piles`` piles of up to ``max_pile`` coins (row rule sets)."""
    positions = []
    for text in starts:
        try:
            positions.append(rules.parse_position(text))
        except Exception:
            continue  # the checks proper report a position that does not read
    if not starts and isinstance(rules, Variant):
        positions = list(_rows(max_piles, max_pile))
    return positions


EXERCISE = "endnim.variants.checker:exercise"
"""The checking worker's job: the hooks' checks (``check-rules`` adds the commands' paths)."""


def _check_data(spec: str, max_piles: int, max_pile: int, starts: tuple[str, ...]) -> RulesReport:
    """The checks of a rule set written as data, in this process (it runs no code of its
    user's; a file that does not read is one line, :class:`DataRulesError`)."""
    cls = read_data_rules(spec)
    report = RulesReport(spec, label_of(cls()))
    clash = clash_with_built_in(cls)
    if clash is not None:
        report.findings.append(Finding("name clash", "name", clash))
    rules = cls()
    report.hooks = user_hooks(cls)
    checker = _Checker(rules, report)
    positions: list[Any] = [checker.call("parse_position", text) for text in starts]
    checker.walk([p for p in positions if p is not None] or list(_rows(max_piles, max_pile)))
    return report


def check_rules(
    spec: str,
    *,
    max_piles: int = 3,
    max_pile: int = 4,
    starts: tuple[str, ...] = (),
    job: str = EXERCISE,
) -> RulesReport:
    """Exercise every hook of the rule set ``PATH.py:Class`` (see the module's text), in a
    supervised worker: a hook that does not return or ends the process is a finding, and the
    checks go on in a fresh worker without it.

    Raises :class:`~endnim.errors.VariantError` (one line) if the file or class cannot be read.
    A ``FILE.toml`` rule set is data (:mod:`endnim.variants.data_rules`): checked here, no
    worker needed.
    """
    if is_data_spec(spec):
        return _check_data(spec, max_piles, max_pile, starts)
    path = spec.rpartition(":")[0]
    limit = max(60.0, 20 * hook_timeout()) if hook_timeout() > 0 else None
    skipped: list[str] = []
    faults: list[Finding] = []
    label = f"rule set file {Path(path).name!r}"
    readable = [str(Path(path).resolve())] if Path(path).is_file() else []
    with Supervisor(label=label, memory=CHECK_MEMORY, readable=readable) as worker:
        while True:
            try:
                data = worker.call(
                    job,
                    spec, max_piles, max_pile, starts, tuple(skipped), timeout=limit,
                )  # fmt: skip
                break
            except WorkerFault as fault:
                hook = fault.hook.partition(".")[0] if fault.hook != "import" else ""
                kind = {"hook-timeout": "does not return", "died": "process ended"}.get(
                    fault.kind, "never ends"
                )
                if fault.hook == "import":
                    raise VariantError(f"--rules: {fault}") from None
                if not hook or hook in skipped or fault.kind == "timeout":
                    report = RulesReport(spec, label)
                    report.findings[:0] = [*faults, Finding(kind, f"{hook or '?'}()", str(fault))]
                    return report
                skipped.append(hook)
                faults.append(Finding(kind, f"{hook}()", str(fault)))
    report = RulesReport.from_json(data)
    report.findings[:0] = faults
    return report
