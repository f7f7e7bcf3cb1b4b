"""The safe expression language: what it computes, what it refuses, and that nothing escapes."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from endnim.analysis import expression
from endnim.analysis.expression import ExpressionError, compile_predicate, names_used
from endnim.errors import EndNimError

PILES = (3, 4, 1, 2, 2)


@pytest.mark.parametrize(
    ("source", "value", "expected"),
    [
        ("g <= first + last + 1", 6, True),
        ("g <= first + last + 1", 7, False),
        ("n == 5 and beans == 12 and a[1] == 4 and a[-1] == last", 0, True),
        ("sum(a[1:-1]) == 7", 0, True),
        ("max(a) - min(a) == 3 and len(a) == n", 0, True),
        ("all(x <= 4 for x in a) and any(x == 1 for x in a)", 0, True),
        ("sum(1 for x, y in zip(a, a[1:]) if x > y) == 1", 0, True),
        ("((g ^ first) | 2) == 7 and g & 4 == 4 and g >> 1 == 3 and ~g == -7", 6, True),
        ("g // 4 == 1 and g % 4 == 2 and g / 4 == 1.5 and 2 ** 3 == 8", 6, True),
        ("1 < first < 4 <= a[1]", 0, True),
        ("first if n > 9 else last", 0, True),
        ("not (g in (1, 2)) and 4 not in a[2:]", 3, True),
        ("sorted(a)[0] == 1 and tuple(reversed(a))[0] == 2 and len(set(a)) == 4", 0, True),
        ("sum(range(n)) == 10", 0, True),
        ("g == 'N'", "N", True),
        ("g in ('L', 'P')", "R", False),
        ("-first + +last == -1", 0, True),
    ],
)
def test_it_computes_like_python(source: str, value: int | str, expected: bool) -> None:
    assert compile_predicate(source)(PILES, value) is expected


@pytest.mark.parametrize(
    ("source", "what"),
    [
        ("a.count(1)", "attribute"),
        ("().__class__.__bases__", "attribute"),
        ("__import__('os')", "calling"),
        ("open('x')", "calling"),
        ("eval('1')", "calling"),
        ("g.__class__", "attribute"),
        ("_x", "name"),
        ("lambda: 1", "lambda"),
        ("(x := 1)", "assignment"),
        ("[x for x in a]", "list comprehensions"),
        ("{x for x in a}", "set comprehensions"),
        ("{1: 2}", "dictionaries"),
        ("f'{g}'", "f-strings"),
        ("sum(*a)", "starred"),
        ("max(a, key=len)", "keyword"),
        ("x + 1", "unknown name"),
        ("g is None", "Is"),
        ("g == '" + "x" * 40 + "'", "string longer"),
        ("sum(a for a in a)", "loop variable"),
        ("a[0](1)", "calling"),
        ("1 +", "cannot read"),
        ("", "empty"),
        ("b'x'", "constant"),
    ],
)
def test_refusals_are_one_line(source: str, what: str) -> None:
    with pytest.raises(EndNimError) as caught:
        compile_predicate(source)
    message = str(caught.value)
    assert what in message and "\n" not in message


@pytest.mark.parametrize(
    "source",
    [
        "9 ** 9 ** 9 > 0",
        "a * 10 ** 9 == a",
        "'ab' * 10 ** 6 == ''",
        "1 << 10 ** 6 > 0",
        "sum(range(10 ** 9)) > 0",
        "all(1 for x in range(10 ** 6) for y in range(10 ** 6))",
        "max(first ** 100 for x in range(200)) ** 1000 > 0",
    ],
)
def test_guards_stop_runaway_expressions_quickly(
    source: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Stopped by a work bound (bits, items, values, loop steps), with the evaluation's clock
    net switched off: no check here depends on the machine's speed."""
    monkeypatch.setattr(expression, "MAX_SECONDS", 10.0**6)
    predicate = compile_predicate(source)
    with pytest.raises(ExpressionError) as caught:
        predicate(PILES, 0)
    message = str(caught.value)
    assert "\n" not in message and "seconds" not in message
    assert any(bound in message for bound in ("bits", "items", "values", "loop steps")), message


def test_runtime_errors_name_the_position() -> None:
    with pytest.raises(ExpressionError, match="3 4 1 2 2: ZeroDivisionError"):
        compile_predicate("g // (first - 3) > 0")(PILES, 1)
    with pytest.raises(ExpressionError, match="IndexError"):
        compile_predicate("a[9] > 0")(PILES, 1)


def test_names_used_and_evaluate() -> None:
    assert names_used("all(x <= g for x in a) and n > 1") == {"a", "g", "n"}
    assert compile_predicate("beans * 2").evaluate(PILES, 0) == 24


@settings(max_examples=300, deadline=None)
@given(st.text(max_size=40))
def test_any_text_compiles_or_fails_cleanly(text: str) -> None:
    try:
        predicate = compile_predicate(text)
    except EndNimError as error:
        assert "\n" not in str(error)
        return
    try:
        predicate(PILES, 3)
    except EndNimError as error:
        assert "\n" not in str(error)


names = st.sampled_from(["g", "n", "first", "last", "beans", "a[0]", "a[-1]", "len(a)"])
operators = st.sampled_from(["+", "-", "*", "^", "&", "|", "<", "<=", "==", "!="])


@settings(max_examples=200, deadline=None)
@given(
    st.lists(st.integers(1, 50), min_size=1, max_size=8).map(tuple),
    st.integers(0, 100),
    names,
    operators,
    names,
)
def test_agrees_with_python_on_simple_expressions(
    piles: tuple[int, ...], g: int, left: str, op: str, right: str
) -> None:
    source = f"{left} {op} {right}"
    scope = {"a": piles, "g": g, "n": len(piles), "first": piles[0], "last": piles[-1]}
    scope |= {"beans": sum(piles), "len": len}
    expected = eval(source, {"__builtins__": {}}, scope)  # the reference: plain Python
    assert compile_predicate(source).evaluate(piles, g) == expected
