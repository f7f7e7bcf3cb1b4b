"""Hostile command lines for the CLI fuzz test and the long fuzz run (benchmarks/fuzz.py)."""

from __future__ import annotations

from fuzz.hostile import NUMBERS, TEXT, VARIANTS
from hypothesis import strategies as st

COMMANDS = st.one_of(
    st.tuples(
        st.just("analyze"), TEXT, VARIANTS, st.sampled_from(["auto", "theory", "search", "engine"])
    ).map(lambda t: ["analyze", "--json", "-v", t[2] or "endnim", "-m", t[3], "--", t[1]]),
    TEXT.map(lambda t: ["value", "--", t]),
    TEXT.map(lambda t: ["phase", "--", t]),
    st.tuples(TEXT, NUMBERS).map(lambda t: ["table", "--middle", t[0], "--rows", f"1..{t[1]}"]),
    TEXT.map(lambda t: ["periodicity", "--middle", t, "--a", "1..3"]),
    TEXT.map(lambda t: ["conjecture", "--holds", t, "-L", "3", "-H", "3"]),
    TEXT.map(lambda t: ["sweep-query", "/nonexistent/" + t.replace("\x00", ""), "p"]),
    st.tuples(TEXT, NUMBERS).map(lambda t: ["analyze", "--budget", t[1], "--", t[0]]),
)
"""One hostile argument list for the endnim command line."""
