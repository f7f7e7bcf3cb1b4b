"""The generic game interface every rule set implements: rows, trees, graphs, users' own.

A rule set is a small class (python-chess's ``chess/variant.py`` is the model). It is the single
home of everything that is per game: its names and texts for people, where it comes from, whether
it is impartial, how positions and moves are written, the moves themselves, and, optionally, a
closed-form theory. The generic solvers (the memoised search, canonical forms, move evaluation,
``play``, the web's move list) only ever call the hooks below; they never branch on a name and
never assume that a position is a row.

Positions must be hashable and immutable. Players are ``"L"`` (Left) and ``"R"`` (Right) in
partizan games; impartial games pass ``player=None``.

Hooks a rule set must provide: :meth:`parse_position`, :meth:`format_position`,
:meth:`parse_move`, :meth:`options`. Everything else has a default that is correct (if not fast)
for any game:

* :meth:`children` — just the resulting positions (the search's hot path; override for speed);
* :meth:`is_terminal` / :meth:`terminal_value` — no options; normal play gives value 0;
* :meth:`play` — finds the move among the options (override to play at any size);
* :meth:`canonical_key` — positions with equal keys have equal values (isomorphism classes);
* :meth:`components` — independent parts whose (disjunctive) sum is the position;
* :meth:`estimate_states` / :meth:`estimate_work` — upper bounds for the budget refusal;
* :meth:`theory` — a closed-form :class:`endnim.theory.Theory`, or ``None``.

>>> class Subtraction(RuleSet[int, int]):
...     '''Take 1 or 2 from a heap.'''
...     name = "sub12"
...     title = "subtraction game {1, 2}"
...     def parse_position(self, text): return int(text)
...     def format_position(self, position): return str(position)
...     def parse_move(self, text): return int(text)
...     def options(self, position, player=None):
...         return [(k, position - k) for k in (1, 2) if k <= position]
>>> game = Subtraction()
>>> game.children(5), game.is_terminal(0), game.play(5, 2)
([4, 3], True, 3)
"""

from __future__ import annotations

import functools
from abc import ABC, abstractmethod
from collections.abc import Callable, Hashable, Sequence
from typing import TYPE_CHECKING, Any, ClassVar, Generic, Literal, TypeVar

from endnim.errors import MoveError, PositionError

if TYPE_CHECKING:
    from endnim.theory.base import Theory

Player = Literal["L", "R"]
"""Left or Right (partizan games); impartial games use ``None``."""

P = TypeVar("P", bound=Hashable)
"""A position type."""
M = TypeVar("M")
"""A move type."""


class RuleSet(ABC, Generic[P, M]):
    """A two-player game of perfect information that ends: positions, moves, who may make them."""

    # ------------------------------------------------------------------ facts for people
    name: ClassVar[str]
    """The canonical name (``--variant NAME``, the JSON ``variant`` field)."""
    title: ClassVar[str]
    """The name in prose (``misère End-Nim``)."""
    aliases: ClassVar[tuple[str, ...]] = ()
    """Other names ``--variant`` accepts (any case)."""
    summary: ClassVar[str] = ""
    """The rules in one line, for people (help texts, the page, README tables)."""
    source: ClassVar[str] = ""
    """Where the rules are stated: paper and section."""
    impartial: ClassVar[bool] = True
    """Both players have the same moves (Grundy values); else partizan (classes L, R, N, P)."""
    convention: ClassVar[str | None] = None
    """A named scoring convention where several exist (misère: ``cairns-ho`` or ``conway``)."""
    family: ClassVar[str] = "game"
    """Which family of positions: ``row`` (the papers' games), ``graph``, ``tree``, ..."""
    position_notation: ClassVar[str] = ""
    """How a position is written, one line (help texts and error messages)."""
    move_notation: ClassVar[str] = ""
    """How a move is written, one line."""

    def __init_subclass__(cls, **kwargs: Any) -> None:
        """A class that names itself anew answers to its own aliases only, and is titled by
        its name unless it gives a title: a user's ``class Half(EndNim): name = "half"`` was
        refused because it inherited End-Nim's ``end-nim`` alias (the name is taken), and was
        then shown as "End-Nim"."""
        super().__init_subclass__(**kwargs)
        if "name" in cls.__dict__:
            if "aliases" not in cls.__dict__:
                cls.aliases = ()
            if "title" not in cls.__dict__ and isinstance(cls.__dict__["name"], str):
                cls.title = cls.__dict__["name"]

    # ------------------------------------------------------------------ notation
    @abstractmethod
    def parse_position(self, text: str) -> P:
        """Read a position from its notation; raise :class:`PositionError` (one line) if bad."""

    def coerce_position(self, value: object) -> P:
        """A position from text or an already-built object (e.g. a parsed JSON value)."""
        if isinstance(value, str):
            return self.parse_position(value)
        try:
            hash(value)
        except TypeError:
            raise PositionError(f"cannot read a {self.title} position from {value!r:.60}") from None
        return value  # type: ignore[return-value]

    @abstractmethod
    def format_position(self, position: P) -> str:
        """Write a position so that :meth:`parse_position` reads it back."""

    def position_to_json(self, position: P) -> Any:
        """The position as a JSON value (the ``position`` field). Default: its notation."""
        return self.format_position(position)

    @abstractmethod
    def parse_move(self, text: str) -> M:
        """Read a move from its notation; raise :class:`MoveError` (one line) if bad."""

    def format_move(self, move: M) -> str:
        """Write a move so that :meth:`parse_move` reads it back."""
        return str(move)

    # ------------------------------------------------------------------ rules
    @abstractmethod
    def options(self, position: P, player: Player | None = None) -> list[tuple[M, P]]:
        """Every legal move of ``player`` (``None`` in impartial games) with the position it leads
        to, one per distinct resulting position; none in a terminal position."""

    def children(self, position: P, player: Player | None = None) -> list[P]:
        """The positions ``player`` can move to (the search's hot path)."""
        return [child for _, child in self.options(position, player)]

    def players(self) -> tuple[Player | None, ...]:
        """Who moves: ``(None,)`` for impartial games, ``("L", "R")`` for partizan ones."""
        return (None,) if self.impartial else ("L", "R")

    def is_terminal(self, position: P) -> bool:
        """No player has a move."""
        return not any(self.children(position, player) for player in self.players())

    def terminal_value(self, position: P) -> int:
        """Grundy value of a terminal position (impartial). Normal play: 0, the mover loses."""
        return 0

    def ending_text(self, position: P, mover: str = "the player to move") -> str:
        """Why the game is over at the terminal ``position``, said of ``mover`` (``"you"``,
        ``"the computer"``, ...): the one text the game, the page and the position reader
        use. A rule set whose end is not "no move left" (misère, Loop) says its own.

        >>> from endnim.variants import get_variant
        >>> get_variant("endnim").ending_text((), "you")
        'you have no move left and lose (normal play)'
        """
        if self.terminal_value(position):
            wins = verb(mover, "wins")
            return f"{has(mover)} no move left and {wins} by the rules of {self.title}"
        return f"{has(mover)} no move left and {verb(mover, 'loses')} (normal play)"

    def play(self, position: P, move: M | str, player: Player | None = None) -> P:
        """The position after ``move``; :class:`MoveError` (one line) if it is not legal."""
        if isinstance(move, str):
            move = self.parse_move(move)
        for candidate, child in self.options(position, player):
            if candidate == move:
                return child
        who = "" if player is None else f" for {'Left' if player == 'L' else 'Right'}"
        raise MoveError(
            f"move {self.format_move(move)} is not legal{who} in "
            f"{_clip(self.format_position(position))}"
        )

    # ------------------------------------------------------------------ for the solvers
    def canonical_key(self, position: P) -> Hashable:
        """A key shared by positions of equal value (e.g. equal up to isomorphism or reversal).

        Default: the position itself. Only positions whose *options* correspond one to one under
        the same symmetry may share a key (the search stores values, not moves, under it).
        """
        return position

    def components(self, position: P) -> Sequence[P]:
        """Independent parts whose disjunctive sum is ``position`` (default: just itself).

        Only return more than one part where that is sound for this rule set: every move of
        the whole is a move of exactly one part, and leaves the other parts unchanged.
        """
        return (position,)

    def estimate_states(self, position: P) -> int:
        """An upper bound on the distinct positions an exact search from ``position`` visits."""
        raise NotImplementedError(f"{self.title} gives no estimate of its search")

    def estimate_work(self, position: P) -> int:
        """An upper bound on the option visits of that search (states × options per state)."""
        return self.estimate_states(position) * 16

    def watch_search(
        self, children_of: Callable[[P], list[P]], root: P, budget: int
    ) -> Callable[[P], list[P]]:
        """The expansion an exact search of ``root`` (within ``budget`` states) calls:
        ``children_of`` itself by default; a user's rule set returns it watched, stopped once the
        search outgrows the rule set's estimate (:func:`endnim.variants.guarded.watched_expansion`).
        """
        return children_of

    def theory(self) -> Theory | None:
        """The closed-form theory of this rule set, or ``None`` (then search or engine decide)."""
        return None

    # ------------------------------------------------------------------ display
    def __repr__(self) -> str:
        return f"<{type(self).__name__} {self.name!r}>"


def error_label(rules: RuleSet[Any, Any]) -> str:
    """How a one-line error names ``rules``: ``rule set 'name' (file.py:Class)`` for a user's
    rule set loaded with ``--rules`` (the ``rules_label`` its checking class carries, see
    :mod:`endnim.variants.guarded`), else ``rule set 'name'``.

    >>> from endnim.variants import get_variant
    >>> error_label(get_variant("endnim"))
    "rule set 'endnim'"
    """
    label = vars(type(rules)).get("rules_label")
    return label if isinstance(label, str) else f"rule set {rules.name!r}"


def verb(subject: str, third_person: str) -> str:
    """``third_person`` ("loses", "wins", "must") as ``subject`` takes it: "you lose".

    >>> verb("you", "loses"), verb("the computer", "loses"), verb("you", "must")
    ('lose', 'loses', 'must')
    """
    if subject.lower() not in ("you", "i", "we", "they") or not third_person.endswith("s"):
        return third_person
    if third_person == "has":
        return "have"
    if third_person.endswith(("sses", "xes", "zes", "ches", "shes")):
        return third_person[:-2]
    return third_person[:-1]


def has(subject: str) -> str:
    """``subject`` followed by its "has": "you have", "the computer has".

    >>> has("you")
    'you have'
    """
    return f"{subject} {verb(subject, 'has')}"


def _clip(text: str, width: int = 60) -> str:
    return text if len(text) <= width else text[: width - 3] + "..."


RULE_HOOKS: tuple[str, ...] = (
    "impartial",
    "convention",
    "reversible",
    "ends",
    "is_terminal",
    "terminal_value",
    "allows",
    "allows_take",
    "allows_take_table",
    "raw_options",
    "options",
    "children",
    "moves",
    "play",
    "components",
)
"""The hooks and facts that say what the game is: a class that changes one of them plays
another game than the class it inherits from, and no theorem of that class's paper holds of it
unproved."""


GRAPH_MOVE_HOOKS: tuple[str, ...] = ("movable", "players")
"""The hooks through which a graph rule set (:mod:`endnim.graphs`) says its moves, beside
those of :data:`RULE_HOOKS`: ``tree``, ``depot`` and ``depot-partizan`` differ from their common
base only in these (and ``impartial``)."""

SPLIT_HOOKS: tuple[str, ...] = (
    *(h for h in RULE_HOOKS if h != "components"),
    *GRAPH_MOVE_HOOKS,
)
"""The hooks a split into independent parts (``components``, a graph rule set's ``split``)
is a theorem about: a class that changes one of them below the class that wrote the split
plays a game the split was not proved for (a misère or "last vertex" terminal rule, moves
that reach across parts)."""

SPLIT_DEFINITIONS: tuple[str, ...] = ("components", "split")
"""Where a class says how its positions split (a graph rule set's ``components`` is its
``split`` without the vertices' numbers)."""

KEY_DEFINITIONS: tuple[str, ...] = ("canonical_key", "isomorphism_key")
"""Where a class says which positions share a value (a graph rule set's ``canonical_key`` is
its ``isomorphism_key``, remembered)."""


def _own_classes(cls: type) -> list[type]:
    """The classes of ``cls``'s MRO, the guard's checking subclass looked through."""
    return [klass for klass in cls.__mro__ if "rules_spec" not in vars(klass)]


@functools.cache
def _changed_below(cls: type, definitions: tuple[str, ...]) -> tuple[type | None, tuple[str, ...]]:
    """The class of ``cls`` that writes one of ``definitions`` (the nearest) and the hooks of
    :data:`SPLIT_HOOKS` that classes below it change (none when it is one of endnim's base
    classes, not a named game: their split and key are the whole position, true of any game)."""
    changed: list[str] = []
    for klass in _own_classes(cls):
        if any(d in vars(klass) for d in definitions):
            if klass.__module__.startswith("endnim.") and "name" not in vars(klass):
                return klass, ()
            return klass, tuple(changed)
        changed.extend(h for h in SPLIT_HOOKS if h in vars(klass) and h not in changed)
    return None, tuple(changed)


_PROVED: dict[tuple[type, tuple[str, ...]], bool] = {}


def _proved(cls: type, definitions: tuple[str, ...]) -> bool:
    key = (cls, definitions)
    found = _PROVED.get(key)
    if found is None:
        found = _PROVED[key] = not _changed_below(cls, definitions)[1]
    return found


def split_proved(rules: RuleSet[Any, Any]) -> bool:
    """``not split_unproved(rules)``, remembered per class (graph rule sets ask it for every
    position they split)."""
    return _proved(type(rules), SPLIT_DEFINITIONS)


def key_proved(rules: RuleSet[Any, Any]) -> bool:
    """``not key_unproved(rules)``, remembered per class (asked for every position keyed)."""
    return _proved(type(rules), KEY_DEFINITIONS)


def split_unproved(rules: RuleSet[Any, Any]) -> list[str]:
    """The move and terminal hooks that ``rules`` changes below the class that wrote its split
    into independent parts (``components``, or a graph rule set's ``split``): empty when the
    split was written for the game ``rules`` plays (the built-ins, a relative that changes no
    move, a class that defines ``components`` itself and so answers for it). Non-empty: the
    split is not ``rules``'s own theorem, and its positions are solved whole.

    >>> from endnim.graphs import Tree
    >>> class LastMoverLoses(Tree):
    ...     name = "doc-last-mover-loses"
    ...     def terminal_value(self, position): return 1
    >>> split_unproved(LastMoverLoses()), split_unproved(Tree())
    (['terminal_value'], [])
    """
    return list(_changed_below(type(rules), SPLIT_DEFINITIONS)[1])


def key_unproved(rules: RuleSet[Any, Any]) -> list[str]:
    """As :func:`split_unproved`, for the class that wrote ``rules``'s canonical key (which
    positions share a value: e.g. a warehouse keyed by its groups up to isomorphism, and
    whether each touches an empty vertex, which another accessibility rule does not respect).

    >>> from endnim.graphs import Depot
    >>> class NearEmpty(Depot):
    ...     name = "doc-near-empty"
    ...     def movable(self, position, player=None): return []
    >>> key_unproved(NearEmpty()), key_unproved(Depot())
    (['movable'], [])
    """
    return list(_changed_below(type(rules), KEY_DEFINITIONS)[1])


def split_note(rules: RuleSet[Any, Any]) -> str | None:
    """One line on the split of ``rules``'s positions into independent parts, when it is not
    simply a built-in game's own: whose split answers (the rule set's own ``components``), or
    why none does. ``None`` for a rule set that never splits or a built-in's own split.

    >>> from endnim.graphs import Tree
    >>> class LastMoverLoses(Tree):
    ...     name = "doc-last-mover-loses-2"
    ...     def terminal_value(self, position): return 1
    >>> split_note(LastMoverLoses())[:70]
    'independent parts: none (it changes terminal_value of End-Nim on trees'
    >>> split_note(Tree()) is None
    True
    """
    writer, changed = _changed_below(type(rules), SPLIT_DEFINITIONS)
    if writer is None or writer is RuleSet:
        return None
    if changed:
        title = getattr(writer, "title", writer.__name__)
        return (
            f"independent parts: none (it changes {', '.join(changed)} of {title}, whose "
            "split into independent parts is a theorem about that game only: positions are "
            "solved whole; define components() to split them)"
        )
    if writer.__module__.startswith("endnim."):
        return None
    return "independent parts: the rule set's own components() (its sum theorem is its own)"


def splits_by(rules: RuleSet[Any, Any]) -> str | None:
    """Which of :data:`SPLIT_DEFINITIONS` answers for ``rules`` (``split``: a graph rule set's,
    with the vertices' numbers), or ``None`` when its positions are solved whole.

    >>> from endnim.variants import get_variant
    >>> splits_by(get_variant("tree")), splits_by(get_variant("endnim"))
    ('split', None)
    """
    writer, changed = _changed_below(type(rules), SPLIT_DEFINITIONS)
    if writer is None or writer is RuleSet or changed:
        return None
    return "split" if "split" in vars(writer) else "components"


def _owner(rules: RuleSet[Any, Any], attribute: str) -> type | None:
    """The class of ``rules`` that defines ``attribute`` (a checking subclass made by the guard
    of a user's rule set, which only wraps the user's own hooks, is looked through)."""
    for klass in type(rules).__mro__:
        if "rules_spec" in vars(klass):
            continue
        if attribute in vars(klass):
            return klass
    return None


def changed_hooks(rules: RuleSet[Any, Any], ancestor: type) -> list[str]:
    """The hooks of :data:`RULE_HOOKS` in which ``rules`` differs from its ``ancestor`` class
    (empty: it plays ``ancestor``'s game, under another name perhaps).

    >>> from endnim.variants import EndNim
    >>> class TakeOne(EndNim):
    ...     name = "doc-take-one"
    ...     def allows_take(self, pile, size): return size == pile - 1
    >>> changed_hooks(TakeOne(), EndNim), changed_hooks(EndNim(), EndNim)
    (['allows_take'], [])
    """
    if not isinstance(rules, ancestor):
        return list(RULE_HOOKS)
    return [h for h in RULE_HOOKS if _definition(rules, h) != getattr(ancestor, h, None)]


def _definition(rules: RuleSet[Any, Any], attribute: str) -> Any:
    """``attribute`` as the classes of ``rules`` define it, the guard's wrappers looked through."""
    owner = _owner(rules, attribute)
    return None if owner is None else vars(owner)[attribute]


def plays_as(rules: RuleSet[Any, Any], ancestor: type) -> bool:
    """Whether ``rules`` is ``ancestor``'s game itself: an instance of it that changes none of
    its rule hooks. A paper's theorem about ``ancestor`` holds of ``rules`` only then.

    >>> from endnim.variants import get_variant, EndNim, MisereEndNim
    >>> plays_as(get_variant("misere"), MisereEndNim), plays_as(get_variant("misere"), EndNim)
    (True, False)
    """
    return isinstance(rules, ancestor) and not changed_hooks(rules, ancestor)


def inherits_theory(rules: RuleSet[Any, Any]) -> bool:
    """Whether the class whose ``theory()`` ``rules`` uses plays the game ``rules`` plays: False
    for a relative that inherits a built-in rule set's theory but changes its rules (then the
    theory, a theorem about the other game, must not answer; :meth:`RuleSet.theory` of the
    built-ins asks this).

    >>> from endnim.variants import PartizanEndNim, get_variant
    >>> class OddLone(PartizanEndNim):
    ...     name = "doc-odd-lone"
    ...     def ends(self, piles, player=None): return () if player == "R" else ("L",)
    >>> inherits_theory(OddLone()), inherits_theory(get_variant("partizan"))
    (False, True)
    """
    owner = _owner(rules, "theory")
    return owner is None or not changed_hooks(rules, owner)


def _built_in(cls: type) -> bool:
    """Whether ``cls`` is one of endnim's own named rule sets (whose sources cite the papers),
    not a base class of them (a rule set written as data, a stand-in)."""
    return "name" in vars(cls) and cls.__module__.startswith(("endnim.variants.", "endnim.graphs."))


def source_of(rules: RuleSet[Any, Any]) -> str:
    """Where the rules of ``rules`` are stated, as it says; but a relative that inherits a
    built-in's ``source`` (a paper) while changing its rules cites no paper: it is named as a
    relative of that game instead.

    >>> from endnim.variants import PartizanEndNim, get_variant
    >>> class OddLone(PartizanEndNim):
    ...     name = "doc-odd-lone"
    ...     def ends(self, piles, player=None): return () if player == "R" else ("L",)
    >>> source_of(OddLone())
    'a relative of partizan End-Nim (its own rules: no paper states them)'
    >>> source_of(get_variant("partizan"))
    'Albert & Nowakowski, The game of End-Nim (2001), §3'
    """
    owner = _owner(rules, "source")
    if owner is None or not _built_in(owner) or not rules.source:
        return rules.source
    if not changed_hooks(rules, owner):
        return rules.source
    title = getattr(owner, "title", owner.__name__)
    return f"a relative of {title} (its own rules: no paper states them)"
