"""endnim.json_line: orjson's text equals the standard library's compact text, on every kind of
object an analysis holds and on every analysis of small rows and graphs in every rule set."""

from __future__ import annotations

import enum
import itertools
import json
from dataclasses import dataclass
from fractions import Fraction

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from endnim.analyzer import analyze
from endnim.json_line import dumps, dumps_text, standard_dumps
from endnim.moves import Move
from endnim.outcome import Outcome
from endnim.variants import variant_names


def reference(data: object) -> bytes:
    """The standard library, configured independently of endnim.json_line."""
    text = json.dumps(data, ensure_ascii=False, default=str, separators=(",", ":"))
    return text.encode()


class Colour(enum.Enum):
    RED = "red"

    def __str__(self) -> str:
        return "Colour red"


@dataclass(frozen=True)
class Cell:
    x: int

    def __str__(self) -> str:
        return f"cell {self.x}"


def test_objects_json_has_no_type_for_are_written_as_str() -> None:
    data = {
        "move": Move("L", 3),
        "fraction": Fraction(3, 4),
        "outcome": Outcome.P,
        "dataclass": Cell(2),
        "tuple": (1, (2, 3)),
        "text": 'Cairns–Ho ½ "quoted" \\ \n tab\t \u2028',
        7: "an int key",
        None: "a None key",
        True: "a bool key",
        "nested": [{"a": [None, False, 0, -1]}],
    }
    assert dumps(data) == reference(data)
    assert dumps_text(data) == reference(data).decode()


def test_a_plain_enum_is_written_as_its_value_by_orjson() -> None:
    """The one known difference: orjson writes a plain Enum's value, the standard library its
    str. No analysis holds a plain Enum (the test below would fail); this records the gap."""
    assert dumps({"c": Colour.RED}) == b'{"c":"red"}'
    assert standard_dumps({"c": Colour.RED}) == b'{"c":"Colour red"}'


@pytest.mark.parametrize("value", [2**63 - 1, 2**64 - 1, 2**64, -(2**63), -(2**63) - 1, 10**100])
def test_integers_at_and_beyond_64_bits(value: int) -> None:
    data = {"position": [value, 1, value], "data": {"a_1": value}}
    assert dumps(data) == reference(data)


def test_nesting_deeper_than_orjson_allows_falls_back() -> None:
    data: object = 0
    for _ in range(300):
        data = [data]
    assert dumps(data) == reference(data)


json_values = st.recursive(
    st.none()
    | st.booleans()
    | st.integers(min_value=-(2**70), max_value=2**70)
    | st.text(max_size=8),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=4), inner),
    max_leaves=20,
)


@settings(max_examples=300, deadline=None)
@given(json_values)
def test_random_json_data(data: object) -> None:
    assert dumps(data) == reference(data)


ROW_VARIANTS = ("endnim", "misere", "misere-conway", "loop", "muller", "partizan")


@pytest.mark.parametrize("variant", ROW_VARIANTS)
def test_every_small_row_and_some_huge_ones(variant: str) -> None:
    rows = [row for length in range(1, 5) for row in itertools.product(range(1, 5), repeat=length)]
    rows += [(2**63 - 1, 1, 2**63 - 2), (10**30, 10**30 + 1), (5, 2**64, 5, 5)]
    for row in rows:
        for method in ("auto", "theory"):
            result = analyze(list(row), variant, method)
            assert result.to_json().encode() == reference(result.to_dict()), (variant, row)


@pytest.mark.parametrize(
    ("variant", "text"),
    [
        ("tree", "2(1 3(1))"),
        ("depot", "cycle: 2 1 2"),
        ("depot", "grid 2x2: 1 2 0 1"),
        ("depot-partizan", "3 1 2"),
    ],
)
def test_graph_games(variant: str, text: str) -> None:
    assert variant in variant_names()
    result = analyze(text, variant)
    assert result.to_json().encode() == reference(result.to_dict())
