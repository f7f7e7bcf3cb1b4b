"""The games the web workbench is playing: how one starts, and a bounded store of them
(:class:`GameSession` objects; a user's rule set's games under ``serve --rules`` are
:class:`~endnim.web.user_games.UserGame` data).

Each game has a random id. The store keeps at most ``capacity`` games and drops the least
recently used first, so that memory stays bounded however many games are started.

>>> store = GameStore(capacity=2)
>>> first = store.add(GameSession("endnim", "3 1 4"))
>>> second = store.add(GameSession("endnim", "2 2"))
>>> third = store.add(GameSession("endnim", "5"))
>>> first in store, len(store)
(False, 2)
"""

from __future__ import annotations

import random
import secrets
import threading
from collections import OrderedDict
from typing import Any, Protocol

from endnim.errors import EndNimError
from endnim.play.computer import Choice, ComputerPlayer
from endnim.play.session import GameSession
from endnim.variants.sums import is_sum
from endnim.web.budgets import (
    MAX_GAME_PILES,
    MAX_GAME_PLIES,
    MAX_GAMES,
    WEB_SEARCH_STATES,
    check_sum_piles,
    web_position,
)
from endnim.web.graphs import check_playable, is_graph, web_graph, web_rules
from endnim.web.models import NewGame


class Game(Protocol):
    """What the store keeps: a :class:`GameSession`, or a user's rule set's game kept as data
    (:class:`endnim.web.user_games.UserGame`)."""

    def to_dict(self) -> dict[str, Any]:
        """The state of the game, JSON-ready."""
        ...  # pragma: no cover


class UnknownGame(EndNimError):
    """No game has this id (it never existed or was dropped): HTTP 404."""


def start_game(spec: NewGame, rng: random.Random) -> GameSession:
    """The game ``spec`` asks for, within the workbench's budgets (the computer draws from
    ``rng``), its recorded ``moves`` played again (a link that carries a game).

    >>> game = start_game(NewGame(position="3 1 4"), random.Random(0))
    >>> game.position, game.to_move
    (Position(3, 1, 4), 'human')
    >>> start_game(NewGame(position="3 1 4", moves=["R3", "L2"]), random.Random(0)).position
    Position(2, 1, 3)
    """
    game = _new_game(spec, rng)
    replay(game, spec.moves, set(spec.random_plies))
    return game


class _Recorded:
    """The computer, playing the move the record says it played (and how it chose it)."""

    def __init__(self, move: str, kind: str) -> None:
        self.move = move
        self.kind = kind

    def choose(self, position: Any, variant: Any, player: Any = None) -> Choice:
        move = variant.parse_move(self.move)
        after = variant.play(position, move, player)
        return Choice(move, after, self.kind, wins=False)


def replay(game: GameSession, moves: list[str], random_plies: set[int]) -> None:
    """Play ``moves`` (both sides', from the start) again in ``game``: the person's through
    :meth:`~GameSession.play`, the computer's as recorded (ply k, counted from 1, was a random
    move if k is in ``random_plies``), each judged as when it was played.

    >>> game = GameSession("endnim", "3 1 4")
    >>> replay(game, ["R3", "L2"], {2})
    >>> [(p.mover, str(p.move), p.kind) for p in game.history]
    [('human', 'R3', 'human'), ('computer', 'L2', 'random')]
    """
    if len(moves) > MAX_GAME_PLIES:
        raise EndNimError(f"the game's record has {len(moves):,} moves: at most {MAX_GAME_PLIES:,}")
    computer = game.computer
    try:
        for ply, text in enumerate(moves, start=1):
            if game.over:
                raise EndNimError(f"the game's record goes on after its end (move {ply}: {text})")
            try:
                if game.to_move == "human":
                    game.play(text)
                else:
                    kind = "random" if ply in random_plies else "best"
                    game.computer = _Recorded(text, kind)  # type: ignore[assignment]
                    game.computer_move()
            except EndNimError as error:
                raise EndNimError(f"the game's record: move {ply} ({text}): {error}") from None
    finally:
        game.computer = computer


def _new_game(spec: NewGame, rng: random.Random) -> GameSession:
    rules = web_rules(spec.variant)
    start: object
    if is_sum(spec.position):
        return start_sum_game(spec, rules, rng)
    if is_graph(rules):
        start = web_graph(spec.position, rules)
        check_playable(start, rules)
    else:
        start = web_position(spec.position, max_piles=MAX_GAME_PILES)
    return GameSession(
        rules,
        start,
        human_first=spec.human_first,
        human_side=None if rules.impartial else (spec.human_side or "L"),
        computer=ComputerPlayer(spec.skill, rng),
        max_plies=MAX_GAME_PLIES,
    )


def start_sum_game(spec: NewGame, rules: Any, rng: random.Random) -> GameSession:
    """A game of the sum ``A + B + ...`` (rows only: graphs are played one at a time here),
    valued within the workbench's search budget, as its analysis of the sum is.

    >>> game = start_sum_game(NewGame(position="3 1 + 2"), web_rules("endnim"), random.Random(0))
    >>> game.to_dict()["summands"]
    ['3 1', '2']
    """
    if is_graph(rules):
        raise EndNimError(
            f"the workbench plays sums of rows; play a sum of {rules.title} with 'endnim play'"
        )
    check_sum_piles(spec.position, rules, max_piles=MAX_GAME_PILES)  # 1^999999: 999,999
    return GameSession(
        rules,
        spec.position,
        human_first=spec.human_first,
        human_side=None if rules.impartial else (spec.human_side or "L"),
        computer=ComputerPlayer(spec.skill, rng),
        max_plies=MAX_GAME_PLIES,
        sum_budget=WEB_SEARCH_STATES,
    )


class GameStore:
    """Games by id, least recently used dropped first; safe to use from several threads."""

    def __init__(self, capacity: int = MAX_GAMES) -> None:
        self.capacity = capacity
        self._games: OrderedDict[str, Game] = OrderedDict()
        self.lock = threading.RLock()
        """Held while a game is read or changed (one request at a time per store)."""

    def add(self, game: Game) -> str:
        """Store ``game`` and return its new id."""
        with self.lock:
            game_id = secrets.token_urlsafe(9)
            self._games[game_id] = game
            while len(self._games) > self.capacity:
                self._games.popitem(last=False)
            return game_id

    def get(self, game_id: str) -> Game:
        """The game ``game_id``, or :class:`UnknownGame`."""
        with self.lock:
            game = self._games.get(game_id)
            if game is None:
                raise UnknownGame(
                    f"no game {game_id[:40]!r}: it ended or was dropped; start a new one"
                )
            self._games.move_to_end(game_id)
            return game

    def __contains__(self, game_id: object) -> bool:
        return game_id in self._games

    def __len__(self) -> int:
        return len(self._games)
