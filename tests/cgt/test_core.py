"""The compiled core (endnim.cgt._core) against the pure-Python reference."""

from __future__ import annotations

import itertools

import pytest
from conftest import positions
from hypothesis import given, settings
from hypothesis import strategies as st

from endnim.cgt import game, game_count, integer, nimber, position_value
from endnim.cgt.canonical import python_game
from endnim.cgt.game import CORE, STAR, ZERO, Game, intern_ids
from endnim.cgt.positions import _VARIANT, _children

needs_core = pytest.mark.skipif(CORE is None, reason="the compiled core is not built")


def _plain_leq(x: Game, y: Game) -> bool:
    """Conway's definition with no memo, no shortcut, no identity test."""
    return not any(_plain_leq(y, xl) for xl in x.left) and not any(
        _plain_leq(yr, x) for yr in y.right
    )


@needs_core
def test_the_compiled_table_mirrors_every_interned_game() -> None:
    position_value((3, 1, 2))
    assert CORE is not None
    assert CORE.count() == game_count()


@needs_core
@settings(max_examples=80, deadline=None)
@given(st.data())
def test_compiled_simplification_equals_the_python_one_on_random_games(
    data: st.DataObject,
) -> None:
    """Random option sets (duplicates, dominated and reversible options included) over small
    End-Nim values and the games built from them: the compiled path and python_game must
    give the same interned form (identity), and the form must be canonical by definition."""
    pool = [position_value(p) for p in positions(3, 3)] + [nimber(3), integer(-2)]
    for _ in range(4):
        lefts = data.draw(st.lists(st.sampled_from(pool), max_size=4))
        rights = data.draw(st.lists(st.sampled_from(pool), max_size=4))
        made = game(lefts, rights)
        assert made is python_game(lefts, rights)
        # the value is {lefts | rights}: equal to the raw game by the definition of <=
        raw = Game(-1, tuple(lefts), tuple(rights), None)
        assert _plain_leq(raw, made) and _plain_leq(made, raw)
        pool.append(made)


@needs_core
@settings(max_examples=60, deadline=None)
@given(st.data())
def test_compiled_leq_equals_the_plain_definition(data: st.DataObject) -> None:
    assert CORE is not None
    pool = [position_value(p) for p in positions(3, 3)]
    for _ in range(3):
        lefts = data.draw(st.lists(st.sampled_from(pool), max_size=3))
        rights = data.draw(st.lists(st.sampled_from(pool), max_size=3))
        pool.append(game(lefts, rights))
    g, h = data.draw(st.sampled_from(pool)), data.draw(st.sampled_from(pool))
    assert CORE.leq(g.id, h.id) == _plain_leq(g, h)
    assert CORE.leq(h.id, g.id) == _plain_leq(h, g)


@needs_core
def test_the_memo_is_bounded_and_clearing_it_changes_no_answer() -> None:
    assert CORE is not None
    games = [position_value(p) for p in positions(3, 4)]
    before = [CORE.leq(g.id, h.id) for g, h in itertools.product(games, repeat=2)]
    used, bound = CORE.memo_size()
    assert 0 < used <= bound
    CORE.clear_memo()
    assert CORE.memo_size()[0] == 0
    assert [CORE.leq(g.id, h.id) for g, h in itertools.product(games, repeat=2)] == before


@needs_core
def test_games_born_late_take_the_python_path() -> None:
    """The core declines options born after day 2000 (its recursion is on the C stack)."""
    assert CORE is not None
    big = integer(2100)
    assert CORE.canon([big], []) is None
    assert game([big], []) is integer(2101)
    assert CORE.canon([integer(10)], []) is not None


@needs_core
def test_unregistered_games_are_a_clear_error() -> None:
    assert CORE is not None
    with pytest.raises(ValueError, match="not registered"):
        CORE.canon([Game(10**9, (), (), None)], [])
    with pytest.raises(ValueError, match="not registered"):
        CORE.leq(-1, 0)


def test_intern_ids_is_intern() -> None:
    assert intern_ids((), ()) is ZERO
    assert intern_ids((ZERO.id,), (ZERO.id,)) is STAR


def test_fast_children_equal_the_variants_raw_options() -> None:
    rows = [r for n in range(1, 5) for r in itertools.product(range(1, 5), repeat=n)]
    for row in [(), *rows]:
        for player in ("L", "R"):
            assert _children(row, player) == [o[3] for o in _VARIANT.raw_options(row, player)]


def test_threads_interning_at_once_keep_one_game_per_form() -> None:
    """The web server answers light requests on threads: new games made at the same time
    must still get distinct ids, one object per form, with the compiled mirror in step."""
    import sys
    import threading

    from endnim.cgt.game import _GAMES

    def work(offset: int) -> None:
        for n in range(40):
            nus_games = [integer(300 + offset * 50 + n), nimber(2)]
            game(nus_games, [integer(-(300 + offset * 50 + n))])

    old = sys.getswitchinterval()
    sys.setswitchinterval(1e-6)
    try:
        threads = [threading.Thread(target=work, args=(k,)) for k in range(4)]
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join()
    finally:
        sys.setswitchinterval(old)
    assert all(g.id == i for i, g in enumerate(_GAMES))
    if CORE is not None:
        assert CORE.count() == game_count()
