"""Games of a user's rule set under ``endnim serve --rules``: the server keeps each game as data,
and every step that needs the rules is one call in the sandbox pool (:mod:`endnim.web.sandbox`;
its ``run`` is handed in, so that this module does not import the server's side).

A user's rule set is untrusted code, so its hooks never run in the server. A :class:`UserGame`
holds what the page sees (the fields of :meth:`GameSession.to_dict`: positions and moves as
text, whose turn, the history with its judgements), the current position as an opaque blob
written by a worker (the server stores it and never opens it; its text stands in when the
position cannot be pickled) and the state of the computer's random numbers. Starting the game,
your move, the computer's reply and a hint are each one sandbox call of a function here, which
rebuilds a :class:`GameSession` at the current position, takes that one step with the same code
as every other game and answers with plain data (its errors too: reading them in the server runs
none of the user's code); reading the game and undo need no hook and no call.
A step that fails (a crash, a loop, garbage: HTTP 422 naming the rule set) leaves the game as it
was.

>>> step = resumed_step("endnim", {"position": "3 1 4", "blob": None, "to_move": "human",
...     "human_side": None, "skill": 100, "rng": None}, "play", "R0")
>>> step["ply"]["after"], step["now"]["to_move"]
('3 1', 'computer')
"""

from __future__ import annotations

import pickle
import random
import threading
from collections.abc import Callable
from typing import Any

from endnim.errors import EndNimError, RuleSetError
from endnim.play.computer import ComputerPlayer
from endnim.play.session import GameSession, Mover, check_length, check_turn, undo_from
from endnim.variants import get_variant
from endnim.variants.guarded import label_of
from endnim.web.budgets import MAX_GAME_PLIES
from endnim.web.games import start_game
from endnim.web.models import GameOut, HintOut, NewGame


# ---------------------------------------------------------------------- in the worker
def _blob(position: Any) -> bytes | None:
    """The position pickled (exact, whatever its notation), or ``None`` if it cannot be."""
    try:
        return pickle.dumps(position)
    except Exception:
        return None


def _now(game: GameSession) -> dict[str, Any]:
    """What a step changes (:meth:`GameSession.now`), and the position's blob."""
    return {**game.now(), "blob": _blob(game.position)}


def _plain(value: Any) -> Any:
    """``value`` rebuilt from plain types only, so that reading it in the server runs none of
    the user's code (a ``str`` subclass from a hook comes back a ``str``).

    >>> class Loud(str): pass
    >>> type(_plain({"a": [Loud("x"), (1, True)]})["a"][0])
    <class 'str'>
    """
    if value is None or isinstance(value, bool):
        return None if value is None else bool(value)
    if isinstance(value, int):
        return int.__int__(value)
    if isinstance(value, float):
        return float.__float__(value)
    if isinstance(value, str):
        return str.__str__(value)
    if isinstance(value, bytes):
        return bytes(memoryview(value))
    if isinstance(value, dict):
        return {_plain(k): _plain(v) for k, v in value.items()}
    if isinstance(value, list | tuple):
        items = [_plain(item) for item in value]
        return items if isinstance(value, list) else tuple(items)
    return str.__str__(str(value))


def _plain_error(error: BaseException) -> BaseException:
    """An error for the server: endnim's own class nearest to ``error``'s (a user's subclass of
    ``MoveError`` becomes a ``MoveError``), with the same one-line message."""
    message = str.__str__(str(error))
    if isinstance(error, MemoryError):
        return MemoryError(message)
    for kind in type(error).__mro__:
        if issubclass(kind, EndNimError) and kind.__module__.startswith("endnim."):
            if kind is type(error):  # endnim's own (a budget refusal keeps its estimate)
                return error
            try:
                return kind(message)
            except TypeError:  # an error that needs more than its message
                return EndNimError(message)
    return RuntimeError(f"{type(error).__name__}: {message}")


def _answer(task: Callable[[], dict[str, Any]]) -> dict[str, Any]:
    """``task()``'s answer, or its error, made of plain types (see :func:`_plain`)."""
    try:
        answer = task()
    except Exception as error:
        raise _plain_error(error) from None
    plain: dict[str, Any] = _plain(answer)
    return plain


def started(spec: dict[str, Any], rng: tuple[Any, ...] | None) -> dict[str, Any]:
    """A new game of ``spec`` (:class:`NewGame`'s fields), as data (a sandbox task)."""

    def start() -> dict[str, Any]:
        game = start_game(NewGame.model_validate(spec), _rng(rng))
        now = _now(game)
        fixed = {k: v for k, v in game.to_dict().items() if k not in now and k != "history"}
        return {"fixed": fixed, "now": now}

    return _answer(start)


def resumed_step(
    variant: str, state: dict[str, Any], action: str, move: str | None
) -> dict[str, Any]:
    """One step (``play`` ``move``, ``computer``, ``hint``) of a game at ``state`` (the current
    position, whose turn, the person's side, the computer's skill and random state), as data
    (a sandbox task)."""

    def step() -> dict[str, Any]:
        blob = state["blob"]
        rng = _rng(state["rng"])
        game = GameSession(
            get_variant(variant),
            pickle.loads(blob) if blob is not None else state["position"],
            human_first=state["to_move"] == "human",
            human_side=state["human_side"],
            computer=ComputerPlayer(state["skill"], rng),
        )
        if action == "hint":
            return {"hint": game.hint().to_dict()}
        ply = game.play(move) if action == "play" else game.computer_move()
        return {"ply": ply.to_dict(), "now": _now(game), "rng": rng.getstate()}

    return _answer(step)


def _rng(state: tuple[Any, ...] | None) -> random.Random:
    rng = random.Random()
    if state is not None:
        rng.setstate(state)
    return rng


# ---------------------------------------------------------------------- in the server
Run = Callable[..., Any]
"""``run(rules, task, *args)``: ``task(*args)`` in the sandbox
(:meth:`endnim.web.sandbox.Sandbox.run`)."""


class UserGame:
    """A game of a user's rule set, kept as data; its steps are tasks for ``run``."""

    def __init__(self, run: Run, rules: Any, answer: dict[str, Any], rng: tuple[Any, ...]) -> None:
        self.run = run
        self.rules = rules
        self.fixed: dict[str, Any] = answer["fixed"]
        self.history: list[dict[str, Any]] = []
        self.states: list[dict[str, Any]] = [answer["now"]]
        """The game's "now" at the start and after each ply (undo goes back to one)."""
        self.rng = rng
        self.lock = threading.RLock()
        """Held during a step: one request at a time per game (other games never wait)."""

    @classmethod
    def start(cls, run: Run, rules: Any, spec: NewGame) -> UserGame:
        """Start the game ``spec`` asks for (one sandbox call)."""
        rng = random.Random(spec.seed).getstate()
        answer = _run(run, rules, started, spec.model_dump(), rng)
        _shape(rules, answer, "fixed", "now")
        game = cls(run, rules, answer, rng)
        _valid(rules, GameOut, {"id": "x", **game.to_dict()})
        return game

    def play(self, move: str) -> None:
        """The person plays ``move``."""
        self._step("play", move)

    def computer_move(self) -> None:
        """The computer plays its move."""
        self._step("computer", None)

    def hint(self) -> dict[str, Any]:
        """The person's best move now, whether it wins, and why (:meth:`GameSession.hint`)."""
        with self.lock:
            self._check_turn("human")
            answer = _run(self.run, self.rules, resumed_step, *self._call("hint", None))
        _shape(self.rules, answer, "hint")
        hint: dict[str, Any] = answer["hint"]
        _valid(self.rules, HintOut, hint)
        return hint

    def undo(self) -> int:
        """Take back the person's last move and every move after it (no call: data only)."""
        with self.lock:
            index = undo_from([ply["mover"] for ply in self.history])
            removed = len(self.history) - index
            del self.history[index:]
            del self.states[index + 1 :]
            return removed

    def to_dict(self) -> dict[str, Any]:
        """The state of the game, as :meth:`GameSession.to_dict` gives it."""
        with self.lock:
            now = {k: v for k, v in self.states[-1].items() if k != "blob"}
            return {**self.fixed, **now, "history": list(self.history)}

    def _check_turn(self, mover: Mover) -> None:
        """Out of turn or after the end: refused here, without a call (the session at the end
        could not be rebuilt: an empty row is no start)."""
        now = self.states[-1]
        check_turn(now["over"], now["to_move"], mover)

    def _call(self, action: str, move: str | None) -> tuple[Any, ...]:
        state = {
            **self.states[-1],
            "human_side": self.fixed["human_side"],
            "skill": self.fixed["skill"],
            "rng": self.rng,
        }
        return (self.fixed["variant"], state, action, move)

    def _step(self, action: str, move: str | None) -> None:
        with self.lock:
            self._check_turn("computer" if action == "computer" else "human")
            check_length(len(self.history), MAX_GAME_PLIES)
            answer = _run(self.run, self.rules, resumed_step, *self._call(action, move))
            _shape(self.rules, answer, "ply", "now")
            now = {k: v for k, v in answer["now"].items() if k != "blob"}
            whole = {**self.fixed, **now, "history": [*self.history, answer["ply"]]}
            _valid(self.rules, GameOut, {"id": "x", **whole})
            self.history.append(answer["ply"])
            self.states.append(answer["now"])
            self.rng = answer["rng"]


def _shape(rules: Any, answer: Any, *keys: str) -> None:
    """The worker's answer is a dict with dicts at ``keys`` (else one 422 naming the rule set,
    issue 38 route 11)."""
    if not (isinstance(answer, dict) and all(isinstance(answer.get(k), dict) for k in keys)):
        raise RuleSetError(f"{label_of(rules)}: its worker answered with a malformed game")


def _valid(rules: Any, model: Any, data: dict[str, Any]) -> None:
    """``data`` is what ``model`` (the API's answer) accepts: a worker's forged game state is
    the rule set's fault (422), never the server's (500)."""
    from pydantic import ValidationError

    try:
        model.model_validate(data)
    except ValidationError:
        raise RuleSetError(
            f"{label_of(rules)}: its worker answered with a game state the workbench refuses"
        ) from None


def _run(run: Run, rules: Any, task: Any, *args: Any) -> dict[str, Any]:
    """``task(*args)`` in the sandbox; running out of memory there is the rule set's fault."""
    try:
        answer: dict[str, Any] = run(rules, task, *args)
    except MemoryError:
        raise RuleSetError(
            f"{label_of(rules)} ran out of memory in its worker process; the workbench goes on"
        ) from None
    return answer
