"""The relations reasons carry (endnim.theory.claims): parse, print, evaluate, rename."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from endnim.theory.claims import Relation, claims_data, offset, relation

NAMES = ("a_1", "a_2", "a_k", "l", "r_m")
terms = st.lists(st.sampled_from(NAMES) | st.integers(-9, 9), min_size=1, max_size=3).filter(
    lambda t: isinstance(t[0], str) or t[0] >= 0
)


@given(
    left=terms.filter(lambda t: all(isinstance(x, str) or x >= 0 for x in t)),
    op=st.sampled_from(["=", "≠", "<", "<=", ">", ">="]),
    right=terms,
    values=st.fixed_dictionaries({n: st.integers(0, 20) for n in NAMES}),
)
def test_comparisons_print_and_parse_back(
    left: list[str | int], op: str, right: list[str | int], values: dict[str, int]
) -> None:
    r = Relation(tuple(left), op, tuple(right))
    assert relation(r.text) == r
    total = {"=": int.__eq__, "≠": int.__ne__, "<": int.__lt__, "<=": int.__le__}
    total |= {">": int.__gt__, ">=": int.__ge__}
    lhs = sum(values[t] if isinstance(t, str) else t for t in left)
    rhs = sum(values[t] if isinstance(t, str) else t for t in right)
    assert r.holds(values) == total[op](lhs, rhs)


@given(st.integers(0, 50), st.integers(0, 50), st.sampled_from([2, 3, 4]))
def test_congruences(l_value: int, r_value: int, mod: int) -> None:
    residue = (l_value + r_value) % mod
    text = (
        f"l + r_m is {'odd' if residue else 'even'}"
        if mod == 2
        else f"l + r_m ≡ {residue} (mod {mod})"
    )
    r = relation(text)
    assert r.text == text and r.op == "mod" and r.mod == mod
    assert r.holds({"l": l_value, "r_m": r_value})
    assert not r.holds({"l": l_value + 1, "r_m": r_value})


def test_renaming_swaps_the_ends() -> None:
    r = relation("a_k = a_1 + 1").renamed({"a_1": "a_k", "a_k": "a_1"})
    assert r.text == "a_1 = a_k + 1" and r.holds({"a_1": 3, "a_k": 2})
    assert relation("a_2 ≡ 1, 2 (mod 4)").renamed({"a_2": "b"}).text == "b ≡ 1 or 2 (mod 4)"


@pytest.mark.parametrize("text", ["a_1", "a_1 = - a_2", "a_1 == 2", "a_1 = a_2 +", "a_1 < "])
def test_bad_relations_are_refused(text: str) -> None:
    with pytest.raises((ValueError, KeyError)):
        relation(text).holds({"a_1": 1, "a_2": 1})


def test_a_false_claim_is_a_bug() -> None:
    with pytest.raises(AssertionError):
        claims_data({"a_1": 1}, [relation("a_1 >= 2")], {"a_1": 1})


@settings(max_examples=200, deadline=None)
@given(st.integers(min_value=-(2**70), max_value=2**70), st.sampled_from(["a_1", "a_k", "l"]))
def test_an_offset_is_the_parsed_relation_in_every_derived_form(difference: int, name: str) -> None:
    """offset() fills the text, sides and JSON by hand; they must be what parsing gives."""
    other = "a_k" if name != "a_k" else "a_1"
    sign = "+" if difference >= 0 else "-"
    parsed = relation(f"{name} = {other} {sign} {abs(difference)}")
    made = offset(name, other, difference)
    assert made == parsed
    assert made.text == parsed.text == parsed._make_text()
    assert made.to_dict() == parsed.to_dict() == parsed._make_dict()
    assert made._compiled == parsed._make_compiled()
    values = {name: 7 + difference, other: 7}
    assert made.holds(values) and parsed.holds(values)
    values[name] += 1
    assert not made.holds(values) and not parsed.holds(values)
