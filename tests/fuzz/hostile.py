"""Hostile inputs for the fuzz tests and the long fuzz run (benchmarks/fuzz.py): positions,
moves, numbers and expressions of the kinds that once broke things."""

from __future__ import annotations

from hypothesis import strategies as st

PIECES = [
    "3 1 4",
    "0",
    "-1",
    "3,,4",
    "[3, 4",
    "3^",
    "^3",
    "3^0",
    "3^9999999",
    "1e5",
    "2.5",
    "x",
    "٣",
    "３",
    "\x00",
    "\u202e",
    "9" * 5000,
    "9" * 100_001,
    "(3)(",
    "[]",
    "()",
    "nan",
    "inf",
    "3 ^ 2",
    "L3",
    "R0",
    "L2r",
    "B2",
    "%s",
    "{}",
    "'",
    '"',
    ";",
    "\\",
    "\n",
    " ",
    "",
]
TEXT = st.one_of(
    st.sampled_from(PIECES),
    st.lists(st.sampled_from(PIECES), max_size=5).map(" ".join),
    st.text(max_size=40),
    st.integers(min_value=-(10**30), max_value=10**30).map(str),
)
VARIANTS = st.sampled_from(
    ["endnim", "misere", "misere-conway", "loop", "muller", "partizan", "bogus", "", "ENDNIM"]
)
NUMBERS = st.one_of(
    st.integers(min_value=-5, max_value=10**12).map(str),
    st.sampled_from(["nan", "inf", "-0", "1e9", "", "x", "9" * 50]),
)
