"""The expression language under hostile input: every evaluation answers or refuses in one line,
within its step and time budget (no hang, no runaway memory, no other exception).

No check here reads the clock: the evaluation's own time limit (``MAX_SECONDS``) is a safety net
whose refusals are accepted like any other one-line refusal, and the known escapes must be
closed by the work bounds alone (steps, bits, items), with the clock's net switched off, so a
loaded machine cannot change what is checked."""

from __future__ import annotations

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from endnim.analysis import expression
from endnim.analysis.expression import ExpressionError, compile_predicate

ATOMS = st.sampled_from(
    ["a", "g", "n", "first", "last", "beans", "0", "1", "7", "999999", "10**6", "-3", "'x'", "()"]
)
CALLS = ["sum", "sorted", "set", "tuple", "min", "max", "len", "all", "any", "zip", "range", "abs"]


def grow(children: st.SearchStrategy[str]) -> st.SearchStrategy[str]:
    binary = st.tuples(
        children,
        st.sampled_from(["+", "-", "*", "**", "<<", ">>", "%", "//", "^", "==", "<"]),
        children,
    ).map(lambda t: f"({t[0]} {t[1]} {t[2]})")
    call = st.tuples(st.sampled_from(CALLS), children).map(lambda t: f"{t[0]}({t[1]})")
    ranged = children.map(lambda c: f"range({c})")
    generator = st.tuples(
        st.sampled_from(["sum", "all", "any", "max", "sorted"]), children, children
    ).map(lambda t: f"{t[0]}({t[1]} for x in range({t[2]}))")
    formatting = children.map(lambda c: f"'%0999999999d' % {c}")
    return st.one_of(binary, call, ranged, generator, formatting)


EXPRESSIONS = st.recursive(ATOMS, grow, max_leaves=12)


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(EXPRESSIONS)
def test_every_expression_answers_or_refuses_in_bounded_time(text: str) -> None:
    try:
        predicate = compile_predicate(text)
    except ExpressionError as error:
        assert "\n" not in str(error)
        return
    try:
        predicate((3, 1, 4), 2)
    except ExpressionError as error:
        assert "\n" not in str(error)


def test_the_known_escapes_are_closed(monkeypatch: pytest.MonkeyPatch) -> None:
    """Each is refused by the bound that names it, not by the clock (its net is off here)."""
    monkeypatch.setattr(expression, "MAX_SECONDS", 10.0**6)
    for text, words in [
        ("sum(sum(range(999999)) for x in range(999999)) >= 0", "loop steps"),
        ("len(sorted(sorted(range(999999)) for x in range(3))) > 0", "loop steps"),
        ("sum(len(set(range(999999))) for x in range(999999)) >= 0", "loop steps"),
        ('"%0999999999d" % g', "string formatting"),
        ("9 ** 9 ** 9 > 0", "bits"),
        ("1 << 10**9 > 0", "bits"),
        ("len(a * 10**9) > 0", "items"),
    ]:
        try:
            compile_predicate(text)((3, 1, 4), 2)
        except ExpressionError as error:
            assert words in str(error), (text, str(error))
        else:
            raise AssertionError(f"{text} was not refused")
