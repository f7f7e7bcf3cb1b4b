"""Judging the moves of a game analyses each position once: the position after one move is the
one before the next, and its analysis is not run again."""

from __future__ import annotations

from itertools import pairwise

import pytest

import endnim.analyzer
from endnim.play.judge import judge
from endnim.variants import get_variant


def test_judging_each_move_of_a_game_runs_analyze_once(monkeypatch: pytest.MonkeyPatch) -> None:
    calls: list[object] = []
    real = endnim.analyzer.analyze

    def counted(position: object, *args: object, **kwargs: object) -> object:
        calls.append(position)
        return real(position, *args, **kwargs)  # type: ignore[arg-type]

    monkeypatch.setattr(endnim.analyzer, "analyze", counted)
    rules = type(get_variant("misere"))()  # its own instance: no other test's analyses remembered
    game = [(7, 5, 9, 4), (7, 5, 9, 2), (5, 9, 2), (5, 9, 1), (9, 1)]
    judge(rules, game[0], game[1], None)
    assert len(calls) == 2  # the first move: the positions before and after it
    for before, after in pairwise(game[1:]):
        calls.clear()
        judgement = judge(rules, before, after, None)
        assert judgement is not None
        assert calls == [after]  # the position before was analysed as the last one after
