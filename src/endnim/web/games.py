"""The games the web workbench is playing: a bounded store of :class:`GameSession` objects.

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

import secrets
import threading
from collections import OrderedDict

from endnim.errors import EndNimError
from endnim.play.session import GameSession
from endnim.web.budgets import MAX_GAMES


class UnknownGame(EndNimError):
    """No game has this id (it never existed or was dropped): HTTP 404."""


class GameStore:
    """Games by id, least recently used dropped first; safe to use from several threads."""

    def __init__(self, capacity: int = MAX_GAMES) -> None:
        self.capacity = capacity
        self._games: OrderedDict[str, GameSession] = OrderedDict()
        self.lock = threading.RLock()
        """Held while a game is read or changed (one request at a time per store)."""

    def add(self, game: GameSession) -> str:
        """Store ``game`` and return its new id."""
        with self.lock:
            game_id = secrets.token_urlsafe(9)
            self._games[game_id] = game
            while len(self._games) > self.capacity:
                self._games.popitem(last=False)
            return game_id

    def get(self, game_id: str) -> GameSession:
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
