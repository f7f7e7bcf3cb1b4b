"""``pile_count``: the piles a text expands to, counted without building them (issue 34 §5),
checked against the parser on every small text of the papers' notations."""

from __future__ import annotations

import itertools

from endnim.position import parse_position, pile_count


def test_pile_count_is_the_parsed_length() -> None:
    tokens = ["1", "3", "2^1", "3^2", "1^5", "4 ^ 3", "(2)", "7^10"]
    for size in range(1, 4):
        for chosen in itertools.product(tokens, repeat=size):
            for separator in (" ", ", ", ";"):
                text = separator.join(chosen)
                assert pile_count(text) == len(parse_position(text)), text
    assert pile_count("[3, 3, 2]") == 3


def test_exponents_count_without_expanding() -> None:
    assert pile_count("1^999999 2^999999") == 1_999_998
    assert pile_count("2^" + "9" * 40) >= 10**18  # far beyond any limit, never built
