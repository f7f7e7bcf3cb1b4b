"""The compiled general path (endnim.cgt._core: the reader, comparisons, thermographs) against
the Python one it replaces, on random games written as text and built option by option."""

from __future__ import annotations

import pickle
import random
import threading
from fractions import Fraction

import pytest
from cgt_py_bridge import to_cgt
from hypothesis import given, settings
from hypothesis import strategies as st

from endnim.cgt import (
    ZERO,
    Game,
    Relation,
    compare,
    confused,
    cool,
    game,
    game_count,
    leq,
    number,
    nus,
    outcome,
    parse,
    position_value,
    thermograph,
)
from endnim.cgt.arithmetic import _SUMS, python_add, python_negate
from endnim.cgt.cooling import _Cooling
from endnim.cgt.game import CORE, intern, through_core
from endnim.cgt.notation import GameSyntaxError
from endnim.cgt.order import _leq
from endnim.cgt.reader import MAX_DEPTH, read
from endnim.cgt.thermograph import Thermograph, python_thermograph

needs_core = pytest.mark.skipif(CORE is None, reason="the compiled core is not built")

# A literal: (text, number, ups, star), written as a user would (both spellings of ups).
LITERALS = [
    ("0", 0, 0, 0),
    ("3", 3, 0, 0),
    ("-2", -2, 0, 0),
    ("1/2", Fraction(1, 2), 0, 0),
    ("-3/4", Fraction(-3, 4), 0, 0),
    ("7/8", Fraction(7, 8), 0, 0),
    ("*", 0, 0, 1),
    ("*2", 0, 0, 2),
    ("*3", 0, 0, 3),
    ("^", 0, 1, 0),
    ("v", 0, -1, 0),
    ("^^", 0, 2, 0),
    ("^3", 0, 3, 0),
    ("v2*", 0, -2, 1),
    ("^*", 0, 1, 1),
    ("v*", 0, -1, 1),
    ("1^", 1, 1, 0),
    ("-1v*", -1, -1, 1),
    ("1/2*", Fraction(1, 2), 0, 1),
    ("2^*3", 2, 1, 3),
]

Tree = tuple[str, Game] | tuple[list["Tree"], list["Tree"]]


def literal() -> st.SearchStrategy[tuple[str, Game]]:
    return st.sampled_from(LITERALS).map(lambda lit: (lit[0], nus(lit[1], lit[2], lit[3])))


def trees() -> st.SearchStrategy[tuple[str, Game]]:
    """(text, the game built option by option with game()), nested up to depth 4."""

    def braces(
        children: st.SearchStrategy[tuple[str, Game]],
    ) -> st.SearchStrategy[tuple[str, Game]]:
        side = st.lists(children, max_size=3)
        return st.tuples(side, side, st.sampled_from(["", " "])).map(
            lambda lr: (
                "{"
                + ("," + lr[2]).join(t for t, _ in lr[0])
                + lr[2]
                + "|"
                + lr[2]
                + ",".join(t for t, _ in lr[1])
                + "}",
                game([g for _, g in lr[0]], [g for _, g in lr[1]]),
            )
        )

    return st.recursive(literal(), braces, max_leaves=40)


@needs_core
@settings(max_examples=200, deadline=None)
@given(trees())
def test_the_compiled_reader_builds_what_the_options_build(tree: tuple[str, Game]) -> None:
    text, built = tree
    assert read(text) is built
    assert parse(text) is built
    assert CORE is not None and CORE.count() == game_count()  # Python's table kept in step


def _random_text(rng: random.Random, depth: int) -> str:
    if depth == 0 or rng.random() < 0.2:
        return rng.choice(LITERALS)[0]
    left = [_random_text(rng, depth - 1) for _ in range(rng.randint(1, 3))]
    right = [_random_text(rng, depth - 1) for _ in range(rng.randint(1, 3))]
    return "{" + ",".join(left) + "|" + ",".join(right) + "}"


TEXTS = [_random_text(random.Random(seed), 4) for seed in range(300)]


@needs_core
@pytest.mark.parametrize("shape", ["sum", "unicode", "spaced"])
def test_texts_the_reader_declines_parse_as_before(shape: str) -> None:
    """Sums, Unicode arrows and ±: declined by the reader, read by the Python parser, and
    the same game as the compiled reader's pieces give."""
    for i, text in enumerate(TEXTS[:60]):
        other = TEXTS[i + 1]
        if shape == "sum":
            written, expected = f"{text} + {other}", parse(text) + parse(other)
        elif shape == "unicode":
            written = text.replace("^", "↑").replace("v", "↓")
            expected = parse(text)
        else:
            written = " " + text.replace(",", " , ").replace("|", " | ") + " "
            expected = parse(text)
        if shape == "sum" or not written.isascii():
            assert read(written) is None
        assert parse(written) is expected


@needs_core
@pytest.mark.parametrize(
    "text",
    ["", "   ", "{0|", "{}", "{0||}", "{0,|1}", "{|1", "1/3", "*99999", "^v", "{0|1}}", "3 4"],
)
def test_bad_texts_are_declined_and_worded_by_the_parser(text: str) -> None:
    assert read(text) is None
    with pytest.raises(GameSyntaxError):
        parse(text)


@needs_core
def test_deep_nesting_goes_to_the_python_parser() -> None:
    def nested(depth: int) -> str:  # {{...{0|}...|}|}: the integer depth
        return "{" * depth + "0" + "|}" * depth

    assert read(nested(MAX_DEPTH + 1)) is None
    assert parse(nested(MAX_DEPTH + 1)) is nus(MAX_DEPTH + 1, 0, 0)
    assert read(nested(MAX_DEPTH)) is parse(nested(MAX_DEPTH)) is nus(MAX_DEPTH, 0, 0)


@needs_core
def test_the_reader_is_safe_beside_other_threads() -> None:
    """Games interned by Python on other threads while the reader makes games in C: the two
    tables stay in step (each game one id)."""
    errors: list[BaseException] = []

    def build(seed: int) -> None:
        try:
            rng = random.Random(seed)
            for _ in range(150):
                text = _random_text(rng, 3)
                g = parse(text) if seed % 2 else parse(text + " + 0")
                assert g is parse(text)
        except BaseException as error:  # pragma: no cover - reported below
            errors.append(error)

    threads = [threading.Thread(target=build, args=(1000 + k,)) for k in range(4)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert not errors
    assert CORE is not None and CORE.count() == game_count()


def _games() -> list[Game]:
    games = [parse(t) for t in TEXTS]
    games += [position_value(p) for p in ("3 1 2", "2 2 2", "4 1 3 1", "5 2 4")]
    games += [games[i] + games[i + 1] for i in range(0, 60, 2)]
    return games


@needs_core
def test_compiled_thermographs_equal_the_python_ones() -> None:
    for g in _games():
        compiled = thermograph(g)
        reference = python_thermograph(g)
        assert compiled == reference
        assert (compiled.mean, compiled.temperature) == (reference.mean, reference.temperature)
        assert hash(compiled) == hash(reference) and repr(compiled) == repr(reference)


@needs_core
def test_compiled_comparisons_equal_the_python_recursion() -> None:
    """Random pairs, and numbers against each other and against the rest (the compiled core
    compares two numbers by value: integers, halves, deep dyadics, negatives, big ones)."""
    games = _games()
    numbers = [number(Fraction(p, 2**k)) for p in range(-9, 10, 2) for k in (0, 1, 3, 7)]
    numbers += [number(x) for x in (0, 300, -300, Fraction(-1023, 1024), Fraction(4095, 4096))]
    rng = random.Random(5)
    for _ in range(3000):
        g, h = rng.choice(games), rng.choice(games)
        assert leq(g, h) == (g is h or _leq(g, h))
        assert (g <= h) == leq(g, h) and (g >= h) == leq(h, g)
    for x in numbers:
        for y in [*numbers, *games[:40]]:
            assert leq(x, y) == (x is y or _leq(x, y))
            assert leq(y, x) == (x is y or _leq(y, x))
            if y.number_value is not None:
                assert leq(x, y) == (x.number_value <= y.number_value)


def test_thermographs_read_the_same_made_any_way() -> None:
    g = parse("{2|{1|0}}")
    walls = thermograph(g).left, thermograph(g).right
    exact = Thermograph(*walls, Fraction(5, 4), Fraction(3, 4))
    assert exact == thermograph(g) and (exact.left, exact.right) == walls
    assert pickle.loads(pickle.dumps(thermograph(g))) == thermograph(g)
    for h in _games()[:80]:  # on the integer walls and on Fractions alike
        made, exact = thermograph(h), python_thermograph(h)
        for t in (Fraction(-1), Fraction(-1, 2), Fraction(0), Fraction(3, 8), Fraction(7, 4)):
            assert made.colder_than(t) == exact.colder_than(t) == (made.temperature < t)
        rebuilt = Thermograph(made.left, made.right, made.mean, made.temperature)
        assert rebuilt.colder_than(Fraction(1, 4)) == (made.temperature < Fraction(1, 4))
    assert str(cool(g, "1/2")) == str(cool(g, Fraction(1, 2))) == "{3/2|1*}"
    with pytest.raises(ValueError, match="dyadic"):
        cool(g, "1/3")
    with pytest.raises(ValueError, match="t >= -1"):
        cool(g, -2)


# ----------------------------------------------------------------- compiled order and sums
def _relation_code(g: Game, h: Game) -> int:
    """The compiled core's relation code (0 =, 1 >, 2 <, 3 confused) by Python's recursion."""
    below, above = g is h or _leq(g, h), g is h or _leq(h, g)
    return 0 if below and above else 1 if above else 2 if below else 3


@needs_core
@settings(max_examples=150, deadline=None)
@given(trees(), trees())
def test_compiled_order_equals_the_python_recursion(
    a: tuple[str, Game], b: tuple[str, Game]
) -> None:
    """``g <= h`` and ``g >= h`` decided in C by Game's compiled base class, and compare()'s
    single call, against the Python recursion; ``<`` and ``>`` refused, ``==`` identity."""
    g, h = a[1], b[1]
    assert CORE is not None and isinstance(g, CORE.GameBase)
    assert (g <= h) == (g is h or _leq(g, h)) and (g >= h) == (g is h or _leq(h, g))
    code = _relation_code(g, h)
    assert CORE.relation(g.id, h.id) == code
    assert confused(g, h) == (code == 3) == confused(h, g)
    assert (
        compare(g, h) is (Relation.EQUAL, Relation.GREATER, Relation.LESS, Relation.CONFUSED)[code]
    )
    assert (g == h) == (g is h) and (g != h) == (g is not h) and hash(g) == hash(g)
    with pytest.raises(TypeError, match="partially ordered"):
        assert g < h
    with pytest.raises(TypeError, match="partially ordered"):
        assert g > h


@needs_core
@settings(max_examples=150, deadline=None)
@given(trees(), trees())
def test_compiled_sums_equal_the_python_ones_and_cgt_tools(
    a: tuple[str, Game], b: tuple[str, Game]
) -> None:
    """G + H and -G made in C (``_core.sum``, ``_core.negate``) are the canonical forms the
    Python recursion makes (its memo emptied first, so it recomputes), -(-G) is G, G - G is 0,
    and the outcome of G - H is cgt-py's."""
    g, h = a[1], b[1]
    made = through_core(lambda core: core.sum(g.id, h.id))
    minus = through_core(lambda core: core.negate(h.id))
    assert made is not None and minus is not None
    assert CORE is not None and CORE.count() == game_count()
    assert intern(made.left, made.right) is made  # Python finds the C-made game: one id
    assert CORE.count() == game_count()
    _SUMS.clear()
    assert python_add(g, h) is made is g + h
    assert python_add(h, minus) is ZERO and python_negate(minus) is h is -minus
    _SUMS.clear()
    difference = python_add(g, minus)
    assert difference is g - h
    other = to_cgt(g) - to_cgt(h)
    zero = to_cgt(ZERO)
    theirs = {(True, True): "P", (True, False): "L", (False, True): "R", (False, False): "N"}
    assert outcome(difference) == theirs[(other >= zero, other <= zero)]


@needs_core
def test_games_past_day_2000_are_compared_and_added_in_python() -> None:
    """The compiled recursion declines games born after day 2000 (its depth): ``<=`` then calls
    the Python order, ``sum`` and ``negate`` answer -1 and the Python recursion adds."""
    big, bigger, up = number(2500), number(2600), nus(0, 1, 0)
    hot = game([bigger], [big])  # {2600 | 2500}, born on day 2601
    assert CORE is not None and CORE.relation(big.id, up.id) is None
    assert big <= bigger and bigger >= big and not (bigger <= big)
    assert compare(hot, number(2400)) is Relation.GREATER and compare(up, hot) is Relation.LESS
    assert compare(hot, big) is Relation.CONFUSED  # {2600|2500} - 2500 = {100|0}
    assert CORE.sum(hot.id, up.id) == -1 and CORE.negate(hot.id) == -1
    total = hot + up
    assert str(total) == "{2600↑|2500↑}" and total - up is hot
    opposite = -hot
    assert str(opposite) == "{-2500|-2600}" and -opposite is hot


@needs_core
@settings(max_examples=150, deadline=None)
@given(trees(), st.sampled_from(["-1", "-1/2", "0", "1/4", "1/2", "1", "3/2", "2", "own"]))
def test_compiled_cooling_equals_the_python_one_and_cgt_tools(
    tree: tuple[str, Game], by: str
) -> None:
    """G cooled in C (``_core.cool``: integers kept, the mean above the temperature, else
    {G^L_t - t | G^R_t + t}) is what the Python recursion makes (a fresh memo) and cgt-py's."""
    g = tree[1]
    t = thermograph(g).temperature if by == "own" else Fraction(by)
    if t < -1:  # an integer's own temperature is -1; nothing below is defined
        t = Fraction(-1)
    made = through_core(lambda core: core.cool(g.id, t.numerator, t.denominator.bit_length() - 1))
    assert made is not None and made is cool(g, t)
    assert _Cooling(t).python_cool(g) is made
    assert to_cgt(made) == to_cgt(g).cool(str(t))


@needs_core
def test_compiled_sums_and_cooling_are_safe_beside_other_threads() -> None:
    """Sums, negatives and coolings made in C on some threads while others intern games in
    Python (the reader declined: a sum in the text): one id per game, the tables in step."""
    errors: list[BaseException] = []
    games = [parse(t) for t in TEXTS[:40]]

    def work(seed: int) -> None:
        try:
            rng = random.Random(seed)
            for _ in range(60):
                g, h = rng.choice(games), rng.choice(games)
                if seed % 2:
                    total = g - h
                    assert total + h is g and cool(total, "1/2") is cool(g - h, "1/2")
                else:
                    text = _random_text(rng, 3)
                    assert parse(text + " + 0") is parse(text)
        except BaseException as error:  # pragma: no cover - reported below
            errors.append(error)

    threads = [threading.Thread(target=work, args=(2000 + k,)) for k in range(4)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert not errors
    assert CORE is not None and CORE.count() == game_count()
