"""The checker: verify a periodicity certificate from the finite facts it names.

It shares no code with the prover (:mod:`~endnim.analysis.proofs.rows`) beyond the file
format: it recomputes every row it checks from the recurrence
G(a·w·b) = mex({G(a·w·b′) : b′ < b} ∪ {G(a′·w·b) : a′ < a}) in plain Python (the lone piles
from the rule set's own hooks, G(a·w) by the memoised search, the input rows from their
checked laws), then checks the state repetition, the split of the input rows, the digest of
the values and that the stated period and preperiod are the least. The crossing rows' joint
check, a statement about every column b ≥ b₁, is decided per residue class (Chinese
remainders) rather than by walking the lcm of the periods. Tables already checked in the
process are kept, keyed by the digests of their files. A Muller End-Nim certificate (rows
eventually constant) is checked by the exact search up to the column its argument starts
from; an octal certificate by the Guy–Smith bound from the nim-sequence it recomputes from
the code.

The checker bounds its own work before doing it: what a certificate claims (its rows, columns,
periods, an octal law's preperiod) says what checking it costs, and a certificate that would cost
more than the budget (:data:`CHECK_BUDGET`) is refused with that cost, in one line, before any of
it is done. Its seal is a plain SHA-256 that anyone can recompute: it catches accidents only;
what a certificate establishes is what the checker recomputes.

>>> import tempfile
>>> from endnim.analysis.proofs.rows import prove_and_certify
>>> with tempfile.TemporaryDirectory() as folder:
...     path = prove_and_certify("endnim", (), 4, folder)[0]
...     laws = check_certificate(path)
>>> laws[3]
Law(preperiod=1, period=4, saltus=4)
"""

from __future__ import annotations

import functools
import math
from collections.abc import Callable
from pathlib import Path
from typing import Any

from endnim.analysis.proofs.certificate import (
    CHECK_BUDGET,
    MULLER_KIND,
    OCTAL_KIND,
    CertificateError,
    Law,
    RowProof,
    certificate_seal,
    check_cost,
    read_certificate,
    table_file,
    values_digest,
    whole,
)

LONE_PILES_CHECKED = 512
"""Lone piles recomputed from the rule set's hooks to check the base law."""

MAX_MIDDLE = 16
"""The longest fixed string w of a table the checker accepts (the atlases' have at most 2 piles)."""

Row = tuple[list[int], Law]
"""A checked row: its values v(0..n) (n past its preperiod and one period) and its law."""


def check_certificate(path: str | Path, budget: int | None = None) -> dict[int, Law]:
    """Check the certificate ``path`` (and the certificates of its input rows); the proved
    laws by row a (octal: key 0, the nim-sequence). A certificate that does not hold is a
    one-line :class:`CertificateError` saying what fails; one whose check would cost more than
    ``budget`` (default :data:`CHECK_BUDGET`, for each file) is refused, saying what it would
    cost, before any of the work is done."""
    target = Path(path)
    meter = _Meter(CHECK_BUDGET if budget is None else budget)
    data = read_certificate(target)
    try:
        if data["kind"] == OCTAL_KIND:
            return {0: _check_octal(target, data, meter)}
        if data["kind"] == MULLER_KIND:
            return {a: row[0] for a, row in _check_muller(target, data, meter).items() if a > 0}
        return {a: row[1] for a, row in _check_table(target, data, meter)[1].items() if a > 0}
    except CertificateError:
        raise
    except (KeyError, TypeError, ValueError, AttributeError, IndexError) as error:
        raise _refuse(target, f"it is malformed ({type(error).__name__}: {error})") from None


class _Meter:
    """The checker's budget for each certificate file: a file's cost, estimated from its
    claims, is compared with it before the work (:meth:`estimate`); the few steps whose cost
    only shows as they go (the crossing rows' joint check) are counted against it
    (:meth:`spender`)."""

    def __init__(self, budget: int) -> None:
        self.budget = budget

    def estimate(self, path: Path, cost: int, dearest: str, unit: str = "cells") -> None:
        """Refuse ``path`` if checking it would cost more than the budget (``dearest``: what
        costs most, in words; ``unit``: what the cost counts)."""
        from endnim.search import format_count

        if cost > self.budget:
            raise CertificateError(
                f"certificate {path} is not checked: checking it would cost "
                f"{format_count(cost)} {unit} ({dearest}), more than the checker's budget of "
                f"{format_count(self.budget)} (--budget raises it)"
            )

    def spender(self, path: Path, what: str) -> Callable[[int], None]:
        """A counter of the steps of ``what`` that refuses ``path`` once they pass the budget."""
        from endnim.search import format_count

        spent = 0

        def spend(cost: int) -> None:
            nonlocal spent
            spent += cost
            if spent > self.budget:
                raise CertificateError(
                    f"certificate {path} is not checked: {what} would cost more than the "
                    f"checker's budget of {format_count(self.budget)} (--budget raises it)"
                )

        return spend


def _refuse(path: Path, text: str) -> CertificateError:
    return CertificateError(f"certificate {path} does not hold: {text}")


def _law(data: Any) -> Law:
    return Law(whole(data["preperiod"]), whole(data["period"]), whole(data["saltus"]))


def _extend(row: Row, n: int) -> list[int]:
    """v(0..n) of a checked row."""
    import numpy as np

    known, law = row
    if n < len(known):
        return known[: n + 1]
    steps, rest = np.divmod(np.arange(len(known), n + 1) - law.preperiod, law.period)
    later = np.asarray(known, np.int64)[law.preperiod + rest] + steps * law.saltus
    return [*known, *later.tolist()]


def _input_table(checked: dict[int, Row], a: int, end: int) -> Any:
    """v(0..end) of the checked rows 0..a-1, one line each (an int64 array)."""
    import numpy as np

    table = np.empty((a, end + 1), np.int64)
    for i in range(a):
        known, law = checked[i]
        n = min(len(known), end + 1)
        table[i, :n] = known[:n]
        steps, rest = np.divmod(np.arange(n, end + 1) - law.preperiod, law.period)
        table[i, n:] = np.asarray(known, np.int64)[law.preperiod + rest] + steps * law.saltus
    return table


def _lone_piles(variant: str, law: Law, path: Path) -> Row:
    """The lone piles from the rule set's hooks, checked against ``law`` on the first piles."""
    from endnim.variants import get_row_variant

    rules = get_row_variant(variant, "the checker")
    values = [rules.terminal_value(())]
    for pile in range(1, LONE_PILES_CHECKED + 1):
        if rules.is_terminal((pile,)):
            values.append(rules.terminal_value((pile,)))
            continue
        options = set(values[1:pile])
        if rules.allows(()):
            options.add(values[0])
        mex = 0
        while mex in options:
            mex += 1
        values.append(mex)
    if law.period < 1 or law.preperiod + law.period >= len(values):
        raise _refuse(path, "the lone piles' law is out of range")
    for b in range(law.preperiod, len(values) - law.period):
        if values[b + law.period] - values[b] != law.saltus:
            raise _refuse(path, f"the lone piles break the stated law at {b}")
    return values, law


_CHECKED: dict[tuple[str, ...], dict[int, Row]] = {}
"""Tables already checked in this process, by the digests of their file and of the files of
their input rows (so a table shared by several certificates is checked once; an edited file,
or an edited input file, has another key and is checked again). At most
:data:`KEPT_TABLES`, the oldest forgotten first."""
KEPT_TABLES = 512


def _check_table(
    path: Path, data: dict[str, Any], meter: _Meter
) -> tuple[tuple[str, ...], dict[int, Row]]:
    """The table's key in :data:`_CHECKED` and its checked rows (0: the input row w·b)."""
    own = certificate_seal(data)  # the file's content as read once (a FIFO is never reread)
    try:
        variant = str(data["variant"])
        middle = tuple(whole(x) for x in data["middle"])
        rows = whole(data["rows"])
        base = data["base"]
        proofs = [RowProof.from_dict(p) for p in data["proofs"]]
    except (KeyError, TypeError, ValueError) as error:
        raise _refuse(path, f"it is malformed ({error!r})") from None
    if [p.a for p in proofs] != list(range(1, rows + 1)):
        raise _refuse(path, "its rows are not 1..rows in order")
    if len(middle) > MAX_MIDDLE or any(pile < 1 for pile in middle):
        raise _refuse(path, f"its string w is not of at most {MAX_MIDDLE} positive piles")
    base_law = _law(base["law"]) if base["kind"] in ("lone-piles", "row") else None
    meter.estimate(path, *check_cost(proofs, base_law, middle, rows))
    checked: dict[int, Row] = {}
    key: tuple[str, ...] = (own,)
    inner: dict[int, Row] = {}
    if base["kind"] == "row" and middle:
        source = path.parent / table_file("", variant, middle[1:]).name
        inner_key, inner = _check_table(source, read_certificate(source), meter)
        key = (own, *inner_key)
    if key in _CHECKED:
        return key, _CHECKED[key]
    if base["kind"] == "lone-piles" and not middle:
        checked[0] = _lone_piles(variant, _law(base["law"]), path)
    elif base["kind"] == "row" and middle:
        row = inner.get(middle[0])
        if row is None or row[1] != _law(base["law"]):
            raise _refuse(path, f"its input row {middle[0]} of {source} is not proved as stated")
        checked[0] = row
    elif base["kind"] != "none":
        raise _refuse(path, "its input row w·b is named wrongly")
    first = _first_column(variant, middle, checked.get(0), rows)
    for proof in proofs:
        if proof.law is None:
            if not proof.why_not:
                raise _refuse(path, f"row {proof.a} is neither proved nor says why not")
            break
        if len(checked) != proof.a:
            raise _refuse(path, f"row {proof.a} is proved but an input row is not")
        checked[proof.a] = _check_row(path, proof, first[proof.a], checked, meter)
    for proof in proofs[len(checked) :]:
        if proof.law is not None:
            raise _refuse(path, f"row {proof.a} is proved but an input row is not")
    if len(_CHECKED) >= KEPT_TABLES:
        del _CHECKED[next(iter(_CHECKED))]
    _CHECKED[key] = {i: (row[0][: _needed(row[1])], row[1]) for i, row in checked.items()}
    return key, checked


def _needed(law: Law) -> int:
    """How many first values of a row its law needs."""
    return law.preperiod + law.period


def _first_column(variant: str, middle: tuple[int, ...], lone: Row | None, rows: int) -> list[int]:
    """G(a·w) for a = 0..rows: lone piles for w empty, else by the memoised search."""
    from endnim.search import Solver
    from endnim.variants import get_row_variant

    if not middle:
        assert lone is not None
        return _extend(lone, rows)
    solver = Solver(get_row_variant(variant, "the checker"))
    values = [0]
    for a in range(1, rows + 1):
        found = solver.value((a, *middle))
        values.append(int(getattr(found, "grundy", 0)))
    return values


def _check_row(
    path: Path, proof: RowProof, first: int, checked: dict[int, Row], meter: _Meter
) -> Row:
    assert proof.law is not None
    a, start, delta = proof.a, proof.start, proof.delta
    where = f"row {a}: "
    parts = sorted(proof.relevant + proof.harmless + proof.crossing + proof.bounded)
    if parts != list(range(a)):
        raise _refuse(path, where + "the input rows are not split into the four kinds")
    if start < 1 or delta < 1:
        raise _refuse(path, where + "the repeat is out of range")
    end = start + delta
    inputs = _input_table(checked, a, end)
    values, mexes = _recompute(first, inputs, end)
    if values_digest(values) != proof.values_sha256:
        raise _refuse(path, where + "its values differ from the certificate's digest")
    if mexes[start] != proof.mex:
        raise _refuse(path, where + "the mex at the repeat is not the stated one")
    early = {v - delta for v in values[:end] if v > mexes[end]}
    if mexes[end] != mexes[start] + delta or early != {
        v for v in values[:start] if v > mexes[start]
    }:
        raise _refuse(path, where + "the state does not repeat")
    position = {v: b for b, v in enumerate(values)}
    shifted = [inputs[j, start:end].tolist() for j in proof.relevant]
    bounded, relevant, crossing = set(proof.bounded), set(proof.relevant), set(proof.crossing)
    for i in range(a):
        law = checked[i][1]
        if start < law.preperiod:
            raise _refuse(path, where + f"the repeat starts before input row {i} is periodic")
        if i in bounded:
            span = _extend(checked[i], law.preperiod + law.period)[law.preperiod :]
            ok = law.saltus == 0 and max(span) < proof.mex
        elif law.saltus != law.period:
            ok = False
        elif i in relevant:
            ok = delta % law.period == 0
        elif i in crossing:
            ok = True  # checked with the relevant rows below
        else:
            ok = _never_meets(checked[i], values, position, start, delta, shifted)
        if not ok:
            raise _refuse(path, where + f"input row {i} is not of the kind stated")
    if proof.crossing:
        group = [checked[i] for i in proof.relevant + proof.crossing]
        spend = meter.spender(path, where + "the crossing input rows' joint check")
        if not _predicted(group, values, mexes, position, start, delta, spend):
            raise _refuse(path, where + "the crossing input rows break the predicted values")
    _check_law(path, where, values, start, delta, proof.law)
    return values, proof.law


def _predicted(
    group: list[Row],
    values: list[int],
    mexes: list[int],
    position: dict[int, int],
    start: int,
    delta: int,
    spend: Callable[[int], None] = lambda cost: None,
) -> bool:
    """At every b from ``start`` on the inputs of ``group`` give the value the repeated state
    predicts, v(b′) + kΔ for b = b′ + kΔ: it is no input's value and every value from the mex
    up to it that the row has not taken (a *hole*) is one.

    Decided per residue class instead of column by column. An input of period p (saltus p)
    has u(b) = b + d(b mod p) from its preperiod on, so at b = β + kΔ its shifted value
    u(b) − kΔ is β + d(b mod p); and as k runs, b mod p takes exactly the residues ρ with
    ρ ≡ β (mod gcd(Δ, p)) (Chinese remainders), ρ = (β + kΔ) mod p depending on k mod
    p / gcd(Δ, p). So the predicted value v(β) is hit iff d(ρ) = v(β) − β for such a ρ, and a
    hole h at β is always covered iff the classes of k at which some input has
    d(ρ) = h − β cover every k (modulo the lcm of the inputs' p / gcd(Δ, p)). Each step is
    counted by ``spend`` (which refuses past the checker's budget)."""
    import numpy as np

    phases = np.arange(start, start + delta, dtype=np.int64)
    own = np.array(values[start : start + delta], np.int64) - phases
    inputs = []  # per input: its period, gcd with Δ, d, and how many ρ have each (ρ mod g, d(ρ))
    for known, law in group:
        p, g = law.period, math.gcd(delta, law.period)
        columns = np.arange(law.preperiod, law.preperiod + p, dtype=np.int64)
        d = np.empty(p, np.int64)
        d[columns % p] = np.array(_extend((known, law), law.preperiod + p - 1)[-p:]) - columns
        residue = np.arange(p, dtype=np.int64) % g
        if np.isin(_pairs(phases % g, own), _pairs(residue, d)).any():
            return False  # the predicted value is this input's value at some b
        keys, counts = np.unique(_pairs(residue, d), return_counts=True)
        hits = dict(zip(keys.tolist(), counts.tolist(), strict=True))  # residues per (ρ mod g, d)
        inputs.append((p, g, d, hits))
    lows = np.array(mexes[start : start + delta], np.int64)
    widths = np.maximum(own + phases - lows, 0)
    spend(int(delta + widths.sum()))  # a step per phase and per value from its mex up to v(β)
    # every hole: a value h with mex(β) ≤ h < v(β) first taken at β or later (never: past end)
    at = np.full(max(values) + 1, len(values), np.int64)
    at[np.fromiter(position, np.int64)] = np.fromiter(position.values(), np.int64)
    owner = np.repeat(phases, widths)
    first_of = np.cumsum(widths) - widths
    hole = np.arange(owner.size, dtype=np.int64) - np.repeat(first_of - lows, widths)
    free = at[hole] >= owner
    owner, offset = owner[free], hole[free] - owner[free]
    alone = np.zeros(owner.size, dtype=bool)  # holes one input covers at every k by itself
    for p, g, _, hits in inputs:
        whole_class = np.zeros(g, dtype=bool)  # class c has the one offset t everywhere
        its_offset = np.zeros(g, dtype=np.int64)
        for key, found in hits.items():
            if found == p // g:
                c = (key + (1 << 31)) >> 32  # the key is c·2³² + t with |t| < 2³¹
                t = key - (c << 32)
                whole_class[c], its_offset[c] = True, t
        alone |= whole_class[owner % g] & (its_offset[owner % g] == offset)
    by_span: dict[tuple[int, tuple[int, ...]], list[tuple[int, int]]] = {}  # the other holes
    for beta, t in zip(owner[~alone].tolist(), offset[~alone].tolist(), strict=True):
        needed = _classes_needed(inputs, beta, t)
        if needed is None:
            return False
        spend(needed[0])
        by_span.setdefault(needed, []).append((beta, t))
    return all(
        _every_column([inputs[j] for j in hitting], holes, span, delta)
        for (span, hitting), holes in by_span.items()
    )


def _pairs(first: Any, second: Any) -> Any:
    """One int64 key per pair of (non-negative, any) int64 arrays."""
    return (first << 32) + second


def _classes_needed(
    inputs: list[tuple[int, int, Any, dict[int, int]]], beta: int, t: int
) -> tuple[int, tuple[int, ...]] | None:
    """How many classes of k decide whether some input has d(b mod p) = t at every
    b = β + kΔ, and which inputs can: the lcm of p / gcd(Δ, p) over the inputs with that
    offset on the class of β (as k runs, b mod p runs over that class, repeating after
    p / gcd(Δ, p) steps); ``None`` if they have too few residues to cover that many classes."""
    moduli, residues, hitting = [], [], []
    for j, (p, g, _, hits) in enumerate(inputs):
        found = hits.get(((beta % g) << 32) + t, 0)
        if found:
            moduli.append(p // g)
            residues.append(found)
            hitting.append(j)
    if not moduli:
        return None
    span = math.lcm(*moduli)
    if sum(n * (span // m) for m, n in zip(moduli, residues, strict=True)) < span:
        return None
    return span, tuple(hitting)


def _every_column(
    inputs: list[tuple[int, int, Any, dict[int, int]]],
    holes: list[tuple[int, int]],
    span: int,
    delta: int,
) -> bool:
    """Whether each hole (β, t) is some input's offset at every column β + kΔ, k < ``span``
    (the classes of k repeat after it), read off the inputs' offsets d(b mod p) a block of
    holes at a time."""
    import numpy as np

    size = max(1, (1 << 22) // span)  # holes at once, and k in blocks of 2²² (span ≤ budget)
    for low in range(0, len(holes), size):
        beta, t = np.array(holes[low : low + size], np.int64).T
        for first in range(0, span, 1 << 22):
            steps = np.arange(first, min(span, first + (1 << 22)), dtype=np.int64) * delta
            met = np.zeros((beta.size, steps.size), dtype=bool)
            for p, _, d, _ in inputs:
                met |= d[(beta[:, None] + steps) % p] == t[:, None]
            if not met.all():
                return False
    return True


def _never_meets(
    row: Row,
    values: list[int],
    position: dict[int, int],
    start: int,
    delta: int,
    relevant: list[list[int]],
) -> bool:
    """An input row never changes the row's mex from ``start`` on: at every b its value is
    below the mex, among the row's earlier values, a value of a relevant input row (those
    repeat shifted by delta every delta columns: ``relevant``, their values from ``start``
    to start + delta - 1) or above the row's value. The
    row repeats its state shifted by delta every delta columns, the input its values shifted by
    its saltus every period, so lcm(delta, period) columns from ``start`` decide it."""
    known, law = row
    for b in range(start, start + math.lcm(delta, law.period)):
        steps, phase = divmod(b - start, delta)
        same = start + phase
        moved = law.value_from(known, b) - steps * delta
        if (
            moved >= 0
            and position.get(moved, same) >= same
            and moved <= values[same]
            and all(other[phase] != moved for other in relevant)
        ):
            return False
    return True


def _recompute(first: int, inputs: Any, end: int) -> tuple[list[int], list[int]]:
    """v(0..end) of a row by the plain recurrence, and its mex before each b (0..end), from
    its input rows' values (an array, one line each; read a block of columns at a time)."""
    values = [first]
    taken = {first}
    mex = 0
    while mex in taken:
        mex += 1
    mexes = [0, mex]  # mexes[b]: the mex of v(0..b-1)
    excluded_sets = (
        set(column)
        for low in range(1, end + 1, 1 << 16)
        for column in inputs[:, low : min(low + (1 << 16), end + 1)].T.tolist()
    )
    for excluded in excluded_sets:
        value = mex
        while value in taken or value in excluded:
            value += 1
        values.append(value)
        taken.add(value)
        while mex in taken:
            mex += 1
        mexes.append(mex)
    return values, mexes[: end + 1]


def _check_law(path: Path, where: str, values: list[int], start: int, delta: int, law: Law) -> None:
    """The stated law holds, with the least period and the least preperiod (b ≥ 1)."""
    period, preperiod = law.period, law.preperiod

    def value(b: int) -> int:
        return values[b] if b < len(values) else value(b - delta) + delta

    def holds(d: int, b: int) -> bool:
        return value(b + d) - value(b) == d

    if period < 1 or delta % period or law.saltus != period or not 1 <= preperiod <= start:
        raise _refuse(path, where + "the stated law does not follow from the repeat")
    if not all(holds(period, b) for b in range(preperiod, start + delta)):
        raise _refuse(path, where + "the stated law does not hold")
    if preperiod > 1 and holds(period, preperiod - 1):
        raise _refuse(path, where + "the stated preperiod is not the least")
    for prime in _primes(period):
        if all(holds(period // prime, b) for b in range(start, start + delta)):
            raise _refuse(path, where + "the stated period is not the least")


def _primes(n: int) -> list[int]:
    found, p = [], 2
    while p * p <= n:
        if n % p == 0:
            found.append(p)
            while n % p == 0:
                n //= p
        p += 1
    return [*found, n] if n > 1 else found


# ----------------------------------------------------------------------------- Muller End-Nim
def _check_muller(path: Path, data: dict[str, Any], meter: _Meter) -> dict[int, tuple[Law, int]]:
    """Muller End-Nim's rows x·w·y, each constant from its b₀ (endnim.analysis.proofs.muller).

    For y ≥ B ≥ x + 2 the options y·wᵀ·x′ have values ≥ y − 1 > x (Horrocks 2017, Prop 3: a
    row's value is at least its first pile less one), so the mex is that of the x values
    G(x′·w·y), constant once the inputs are (x′ = 0 is the row w·y, row w[0] of the table of
    w[1:]; for w empty it is the lone pile y, value y > x). So checking that B ≥ x + 2, that
    every input row is constant from B on, and the values from b₀ to B by the exact search,
    proves the row constant from b₀ (the law (b₀, 1, 0) with b₀ least). Returns (law, value)
    by row (0: the row w·b, if w is not empty)."""
    try:
        middle = tuple(whole(x) for x in data["middle"])
        rows, base, proofs = whole(data["rows"]), data["base"], list(data["proofs"])
        if str(data["variant"]) != "muller" or [p["a"] for p in proofs] != [*range(1, rows + 1)]:
            raise ValueError("not the rows 1..rows of Muller End-Nim")
    except (KeyError, TypeError, ValueError) as error:
        raise _refuse(path, f"it is malformed ({error!r})") from None
    if len(middle) > MAX_MIDDLE or any(pile < 1 for pile in middle):
        raise _refuse(path, f"its string w is not of at most {MAX_MIDDLE} positive piles")
    size = (1 + sum(middle)) ** 2  # the search of x·w·y: about (x + 1)(y + 1)·size rows
    costs = [(whole(p["a"]) + 1) * (max(whole(p["from"]), 0) + 1) * size for p in proofs]
    dearest = max(range(len(costs)), key=costs.__getitem__, default=0)
    meter.estimate(
        path,
        sum(costs),
        f"row {dearest + 1}: the exact search to column {proofs[dearest]['from']:,}"
        if proofs
        else "nothing",
        "search steps",
    )
    checked: dict[int, tuple[Law, int]] = {}
    if middle:
        source = path.parent / table_file("", "muller", middle[1:]).name
        inner = _check_muller(source, read_certificate(source), meter).get(middle[0])
        if base["kind"] != "row" or inner != (_law(base["law"]), whole(base["value"])):
            raise _refuse(path, f"its input row {middle[0]} of {source} is not proved as stated")
        checked[0] = inner
    elif base["kind"] != "first-pile":
        raise _refuse(path, "its input row w·b is named wrongly")
    solver = _muller_solver()
    for proof in proofs:
        x, law, value = whole(proof["a"]), _law(proof["law"]), whole(proof["value"])
        column, where = whole(proof["from"]), f"row {x}: "
        if law.period != 1 or law.saltus != 0 or not 1 <= law.preperiod <= column:
            raise _refuse(path, where + "the law is not a constant from a column b₀ ≤ B")
        if column < x + 2 or any(column < row[0].preperiod for row in checked.values()):
            raise _refuse(path, where + "B is before x + 2 or before an input row is constant")
        found = [int(solver.value((x, *middle, y)).grundy) for y in range(column + 1)]
        if any(v != value for v in found[law.preperiod :]):
            raise _refuse(path, where + "the row is not the stated constant from b₀ to B")
        if law.preperiod > 1 and found[law.preperiod - 1] == value:
            raise _refuse(path, where + "the stated b₀ is not the least")
        checked[x] = (law, value)
    return checked


@functools.cache
def _muller_solver() -> Any:
    """One exact search for every Muller table checked in this process."""
    from endnim.search import Solver
    from endnim.variants import get_row_variant

    return Solver(get_row_variant("muller", "the checker"))


# ----------------------------------------------------------------------------- octal games
def _check_octal(path: Path, data: dict[str, Any], meter: _Meter) -> Law:
    """Guy–Smith: G(n + p) = G(n) for n0 ≤ n < 2·n0 + p + t proves it for every n ≥ n0 (t the
    last non-zero digit of the code)."""
    try:
        code = str(data["code"])
        law = _law(data["law"])
    except (KeyError, TypeError, ValueError) as error:
        raise _refuse(path, f"it is malformed ({error!r})") from None
    digits = _octal_digits(code, path)
    t = max(k for k, d in enumerate(digits) if d)
    if law.saltus != 0 or law.period < 1 or law.preperiod < 0:
        raise _refuse(path, "an octal law has saltus 0 and a positive period")
    last = 2 * law.preperiod + law.period + t
    heaps = last + law.period + 1
    splits = sum(1 for d in digits if d & 4)  # a split visits half the heap's pairs
    meter.estimate(
        path,
        heaps * len(digits) + splits * heaps * heaps // 4,
        f"the nim-sequence to heap {heaps - 1:,}: twice the preperiod {law.preperiod:,} plus "
        f"two periods of {law.period:,}",
        "heap options",
    )
    values = _nim_sequence(digits, last + law.period)
    if any(values[n + law.period] != values[n] for n in range(law.preperiod, last)):
        raise _refuse(path, "the Guy–Smith check fails")
    if law.preperiod > 0 and values[law.preperiod - 1 + law.period] == values[law.preperiod - 1]:
        raise _refuse(path, "the stated preperiod is not the least")
    for prime in _primes(law.period):
        d = law.period // prime
        if all(values[n + d] == values[n] for n in range(law.preperiod, last)):
            raise _refuse(path, "the stated period is not the least")
    return law


def _octal_digits(code: str, path: Path) -> list[int]:
    head, dot, tail = code.strip().partition(".")
    text = (head or "0") + tail
    if (
        not dot
        or not text.isdigit()
        or any(c in "89" for c in text)
        or not any(c != "0" for c in tail)
    ):
        raise _refuse(path, f"{code!r} is not an octal code")
    return [int(c) for c in text]


def _nim_sequence(digits: list[int], n: int) -> list[int]:
    """G(0..n) of the octal game with these digits, from the rules of octal codes."""
    values: list[int] = []
    for heap in range(n + 1):
        options: set[int] = set()
        for taken, digit in enumerate(digits):
            rest = heap - taken
            if taken == 0 or rest < 0:
                continue
            if digit & 1 and rest == 0:
                options.add(0)
            if digit & 2 and rest > 0:
                options.add(values[rest])
            if digit & 4:
                options.update(values[rest - k] ^ values[k] for k in range(1, rest // 2 + 1))
        mex = 0
        while mex in options:
            mex += 1
        values.append(mex)
    return values


__all__ = ["check_certificate"]
