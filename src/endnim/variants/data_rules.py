"""Rule sets as data: a relative of End-Nim written as a small TOML text, no code.

Most relatives change only which ends are played, which takes are allowed, the terminal rule,
reversal, or who plays which end. Such a rule set is written as TOML (``--rules my.toml``, the
page's box, the page's link) and read here into a :class:`RuleData`, then into a
:class:`~endnim.variants.base.Variant` subclass built from stock hooks (:func:`rules_class`):
nothing the user writes ever runs, so it is safe anywhere (no sandbox), and the engine, the
sweeps and every solver read it through the same hooks as a Python rule set. Every error is one
line naming the key (docs/your-own-variant.md lists the keys)::

    name = "capped-3"
    ends = "both"            # first | last | both | partizan (Left first, Right last)
    terminal = "normal"      # normal | misere | loop
    reverse = false          # Muller: the mover may reverse the row after the move
    [takes]                  # the coins one move removes: every condition given holds
    max = 3

>>> rules = rules_class(parse_rules('name = "capped-3"\\n[takes]\\nmax = 3'))()
>>> [str(m) for m in rules.moves((5,))], rules.title
(['L2', 'L3', 'L4'], 'capped-3')
"""

from __future__ import annotations

import hashlib
import json
import re
import tomllib
from dataclasses import asdict, dataclass, field, replace
from fractions import Fraction
from pathlib import Path
from typing import TYPE_CHECKING, Any, ClassVar

from endnim.errors import MoveError, VariantError
from endnim.moves import End, Move
from endnim.position import Position, as_position
from endnim.ruleset import verb
from endnim.variants.base import Piles, RawOption, Variant, reduce_end

if TYPE_CHECKING:  # numpy is imported where a table is built: analysing a row needs none of it
    import numpy as np
    import numpy.typing as npt

MAX_TEXT = 4096
"""The longest rule-set text read (bytes): a page's box, a link, a file."""
MAX_SET = 64
"""The most amounts a take set may list."""
MAX_LISTED = 1 << 27
"""The most (pile, new size) pairs the engine's lists of a rule set written as data may hold
(512 MiB): beyond, a one-line refusal rather than running out of memory."""
MAX_AMOUNT = 10**9
"""The largest number of coins a take condition may name."""
ENDS = ("first", "last", "both", "partizan")
TERMINALS = ("normal", "misere", "loop")
CONVENTIONS = ("cairns-ho", "conway")
TOP_KEYS = frozenset(
    {"name", "title", "summary", "ends", "terminal", "convention", "reverse", "takes"}
)
TAKE_KEYS = frozenset({"set", "min", "max", "max_fraction", "parity", "clear"})
_NAME = re.compile(r"^[a-z0-9][a-z0-9-]{0,39}$")
_FRACTION = re.compile(r"^\s*(\d{1,9})\s*/\s*(\d{1,9})\s*$")


class DataRulesError(VariantError):
    """A rule-set text that cannot be read: the message is one line naming the key."""


@dataclass(frozen=True)
class TakeRule:
    """Which takes (coins removed by one move) are allowed: every condition given holds.

    >>> TakeRule(max=3).allows(5, 1), TakeRule(max=3).allows(5, 2)
    (False, True)
    """

    set: tuple[int, ...] | None = None
    min: int = 1
    max: int | None = None
    max_fraction: tuple[int, int] | None = None
    parity: str | None = None
    clear: bool = True

    def allows(self, pile: int, size: int) -> bool:
        """Whether a pile of ``pile`` coins may become ``size`` (0: removed)."""
        take = pile - size
        if take < self.min or (self.max is not None and take > self.max):
            return False
        if self.set is not None and take not in self.set:
            return False
        if self.max_fraction is not None:
            top, bottom = self.max_fraction
            if take * bottom > pile * top:
                return False
        if self.parity is not None and take % 2 != (self.parity == "odd"):
            return False
        return self.clear or size > 0

    def table(self, largest: int) -> npt.NDArray[np.bool_]:
        """:meth:`allows` for every 0 <= size, pile <= largest at once (the engine's lists)."""
        import numpy as np

        pile = np.arange(largest + 1, dtype=np.int64)[:, None]
        size = np.arange(largest + 1, dtype=np.int64)[None, :]
        take = pile - size
        ok = take >= max(self.min, 1)
        if self.max is not None:
            ok &= take <= self.max
        if self.set is not None:
            ok &= np.isin(take, np.array(self.set, np.int64))
        if self.max_fraction is not None:
            top, bottom = self.max_fraction
            ok &= take * bottom <= pile * top
        if self.parity is not None:
            ok &= take % 2 == (1 if self.parity == "odd" else 0)
        if not self.clear:
            ok &= size > 0
        return ok

    def lists(self, largest: int) -> tuple[npt.NDArray[np.int32], npt.NDArray[np.int32]]:
        """The allowed new sizes of piles 0..largest, sorted, as the engine keeps them:
        ``sizes[offsets[p]:offsets[p + 1]]`` (built in O(the sizes listed), not O(largest²)).

        >>> offsets, sizes = TakeRule(max=2).lists(4)
        >>> [sizes[offsets[p] : offsets[p + 1]].tolist() for p in range(5)]
        [[], [0], [0, 1], [1, 2], [2, 3]]
        """
        import numpy as np

        listed = self.count(largest)
        if listed > MAX_LISTED:
            raise DataRulesError(
                f"the takes of piles up to {largest:,} allow {listed:,} reductions, more than "
                f"the {MAX_LISTED:,} the engine lists: use smaller piles, or --method search"
            )
        pile = np.arange(largest + 1, dtype=np.int64)
        if self.set is not None:  # one column per amount, largest first: sizes ascending
            takes = np.array(sorted(self.set, reverse=True), np.int64)[None, :]
            piles = pile[:, None]
            ok = (takes <= piles) & self._mask(piles, takes)
            sizes = np.broadcast_to(piles - takes, ok.shape)[ok]
            return _csr(ok.sum(axis=1), sizes)
        low, high, step = self._range(pile)
        counts = np.where(high >= low, (high - low) // step + 1, 0)
        offsets = np.zeros(largest + 2, np.int64)
        np.cumsum(counts, out=offsets[1:])
        first = np.repeat((pile - high).astype(np.int32), counts)  # each pile's least new size
        total = int(offsets[-1])
        within = np.arange(total, dtype=np.int32) - np.repeat(offsets[:-1].astype(np.int32), counts)
        within *= step
        within += first
        return _csr(counts, within)

    def count(self, largest: int) -> int:
        """How many (pile, new size) pairs of piles up to ``largest`` are allowed, in
        O(largest) steps: what :meth:`lists` would list (the engine's cost of listing them).

        >>> TakeRule(max=3).count(4), TakeRule(set=(2,)).count(4)
        (9, 3)
        """
        import numpy as np

        pile = np.arange(largest + 1, dtype=np.int64)
        if self.set is not None:
            takes = np.array(self.set, np.int64)[None, :]
            piles = pile[:, None]
            return int(((takes <= piles) & self._mask(piles, takes)).sum())
        low, high, step = self._range(pile)
        return int(np.where(high >= low, (high - low) // step + 1, 0).sum())

    def _range(
        self, pile: npt.NDArray[np.int64]
    ) -> tuple[npt.NDArray[np.int64], npt.NDArray[np.int64], int]:
        """Each pile's least and greatest allowed take, and the step between takes (no set)."""
        import numpy as np

        high = pile.copy()
        if self.max is not None:
            high = np.minimum(high, self.max)
        if self.max_fraction is not None:
            top, bottom = self.max_fraction
            high = np.minimum(high, pile * top // bottom)
        if not self.clear:
            high = np.minimum(high, pile - 1)
        low = np.full_like(pile, self.min)
        step = 1
        if self.parity is not None:
            step = 2
            odd = 1 if self.parity == "odd" else 0
            low += (low - odd) % 2  # the least take of the right parity
            high -= (high - odd) % 2  # the greatest
        return low, high, step

    def _mask(self, piles: npt.NDArray[np.int64], takes: npt.NDArray[np.int64]) -> Any:
        ok = takes >= self.min
        if self.max is not None:
            ok = ok & (takes <= self.max)
        if self.max_fraction is not None:
            top, bottom = self.max_fraction
            ok = ok & (takes * bottom <= piles * top)
        if self.parity is not None:
            ok = ok & (takes % 2 == (1 if self.parity == "odd" else 0))
        if not self.clear:
            ok = ok & (takes < piles)
        return ok

    def is_full(self) -> bool:
        """Whether every reduction is allowed (no condition given)."""
        return self == TakeRule()

    def takes_one(self) -> bool:
        """Whether taking one coin is allowed from every pile (a pile of 1 included)."""
        return self.allows(1, 0) and self.allows(2, 1)

    def some_take(self) -> bool:
        """Whether some pile may be reduced at all (a large enough pile always meets the
        fraction and ``clear``, so only the amounts matter).

        >>> TakeRule(set=(1, 3), parity="even").some_take()
        False
        """
        candidates = self.set if self.set is not None else (self.min, self.min + 1)
        return any(self._amount_ok(take) for take in candidates)

    def _amount_ok(self, take: int) -> bool:
        if take < self.min or (self.max is not None and take > self.max):
            return False
        if self.set is not None and take not in self.set:
            return False
        return self.parity is None or take % 2 == (self.parity == "odd")


def _csr(
    counts: npt.NDArray[np.int64], sizes: npt.NDArray[np.int64] | npt.NDArray[np.int32]
) -> tuple[npt.NDArray[np.int32], npt.NDArray[np.int32]]:
    import numpy as np

    offsets = np.zeros(len(counts) + 1, np.int64)
    np.cumsum(counts, out=offsets[1:])
    if offsets[-1] >= 2**31:
        raise DataRulesError("restricted takes: more than 2^31 allowed reductions to list")
    return offsets.astype(np.int32), sizes.astype(np.int32)


@dataclass(frozen=True)
class RuleData:
    """A rule set read from TOML (see the module's text): plain data, hashable, comparable."""

    name: str
    title: str
    summary: str
    ends: str = "both"
    terminal: str = "normal"
    convention: str | None = None
    reverse: bool = False
    takes: TakeRule = field(default_factory=TakeRule)
    left: TakeRule | None = None
    right: TakeRule | None = None

    def take_rule(self, player: End | None) -> TakeRule:
        """The take rule of ``player`` (``None``: impartial, or the rule both share)."""
        if player == "L" and self.left is not None:
            return self.left
        if player == "R" and self.right is not None:
            return self.right
        return self.takes

    def to_json(self) -> dict[str, Any]:
        """The rule set as JSON-ready data (its identity: :func:`digest`)."""
        return asdict(self)

    def digest(self) -> str:
        """A short digest of the rules (not of the wording of the text).

        >>> parse_rules('name = "x"').digest() == parse_rules('name="x" # same').digest()
        True
        """
        text = json.dumps(self.to_json(), sort_keys=True)
        return hashlib.sha256(text.encode()).hexdigest()[:16]


# ---------------------------------------------------------------------------- reading
def _fail(origin: str, key: str, problem: str) -> DataRulesError:
    return DataRulesError(f"{origin}: {key}: {problem}")


def _show(value: object) -> str:
    text = repr(value)
    return text if len(text) <= 40 else text[:37] + "..."


def _kind(value: object) -> str:
    return {bool: "a boolean", int: "an integer", str: "a string", float: "a number"}.get(
        type(value), "a list" if isinstance(value, list) else "a table"
    )


def _string(
    table: dict[str, Any], key: str, origin: str, where: str, choices: tuple[str, ...]
) -> str | None:
    value = table.get(key)
    if value is None:
        return None
    if not isinstance(value, str):
        raise _fail(origin, where + key, f"expected a string, got {_kind(value)}")
    text = value.strip().lower().replace("è", "e").replace("_", "-")
    if text not in choices:
        raise _fail(origin, where + key, f"{_show(value)} is not one of {', '.join(choices)}")
    return text


def _integer(value: object, origin: str, key: str, low: int) -> int:
    if type(value) is not int:
        raise _fail(origin, key, f"expected an integer, got {_kind(value)}")
    if not low <= value <= MAX_AMOUNT:
        raise _fail(origin, key, f"{value} is out of range ({low} to {MAX_AMOUNT:,})")
    return value


def _take_rule(table: object, origin: str, where: str, extra: frozenset[str]) -> TakeRule:
    if not isinstance(table, dict):
        raise _fail(origin, where.rstrip("."), f"expected a table, got {_kind(table)}")
    for key in table:
        if key not in TAKE_KEYS | extra:
            raise _fail(
                origin,
                where + key,
                f"unknown key (a take rule has {', '.join(sorted(TAKE_KEYS | extra))})",
            )
    amounts: tuple[int, ...] | None = None
    if "set" in table:
        raw = table["set"]
        if not isinstance(raw, list):
            raise _fail(origin, where + "set", f"expected a list of integers, got {_kind(raw)}")
        if not raw:
            raise _fail(origin, where + "set", "the take set is empty: list at least one amount")
        if len(raw) > MAX_SET:
            raise _fail(origin, where + "set", f"{len(raw)} amounts: at most {MAX_SET}")
        amounts = tuple(sorted({_integer(v, origin, where + "set", 1) for v in raw}))
    low = _integer(table["min"], origin, where + "min", 1) if "min" in table else 1
    high = _integer(table["max"], origin, where + "max", 1) if "max" in table else None
    if high is not None and high < low:
        raise _fail(origin, where + "max", f"{high} is below min = {low}: no take is allowed")
    fraction = None
    if "max_fraction" in table:
        raw = table["max_fraction"]
        match = _FRACTION.match(raw) if isinstance(raw, str) else None
        if match is None:
            raise _fail(
                origin, where + "max_fraction", f'expected a string like "1/2", got {_show(raw)}'
            )
        top, bottom = int(match.group(1)), int(match.group(2))
        if top == 0 or bottom == 0:
            raise _fail(origin, where + "max_fraction", f"{raw!r}: both parts must be at least 1")
        share = Fraction(top, bottom)
        fraction = (share.numerator, share.denominator) if share < 1 else None
    parity = _string(table, "parity", origin, where, ("odd", "even"))
    clear = table.get("clear", True)
    if type(clear) is not bool:
        raise _fail(origin, where + "clear", f"expected true or false, got {_kind(clear)}")
    rule = TakeRule(amounts, low, high, fraction, parity, clear)
    if not rule.some_take():
        raise _fail(
            origin,
            where.rstrip(".") or "takes",
            "no take satisfies every condition: the take set is empty",
        )
    return rule


def _merge(shared: TakeRule, own: TakeRule) -> TakeRule | None:
    """``shared`` and ``own`` both holding (a player's rule on top of the common one), or
    ``None`` when they contradict each other."""
    amounts = shared.set if own.set is None else own.set
    if shared.set is not None and own.set is not None:
        amounts = tuple(t for t in own.set if t in shared.set)
        if not amounts:
            return None
    fractions = [f for f in (shared.max_fraction, own.max_fraction) if f is not None]
    highs = [h for h in (shared.max, own.max) if h is not None]
    parities = {p for p in (shared.parity, own.parity) if p is not None}
    if len(parities) > 1:
        return None
    low = max(shared.min, own.min)
    if highs and min(highs) < low:
        return None
    merged = TakeRule(
        amounts,
        low,
        min(highs) if highs else None,
        min(fractions, key=lambda f: Fraction(*f)) if fractions else None,
        parities.pop() if parities else None,
        shared.clear and own.clear,
    )
    return merged if merged.some_take() else None


def parse_rules(text: str, origin: str = "rules") -> RuleData:
    """Read a rule set from TOML ``text``; :class:`DataRulesError` (one line naming the key,
    prefixed with ``origin``) if it is not one.

    >>> parse_rules('name = "sub-124"\\n[takes]\\nset = [1, 2, 4]').takes.set
    (1, 2, 4)
    >>> try:
    ...     parse_rules('name = "x"\\nends = "middle"')
    ... except DataRulesError as error:
    ...     print(error)
    rules: ends: 'middle' is not one of first, last, both, partizan
    """
    if not isinstance(text, str):
        raise DataRulesError(f"{origin}: expected TOML text")
    if len(text.encode("utf-8", errors="replace")) > MAX_TEXT:
        raise DataRulesError(f"{origin}: the text has more than {MAX_TEXT:,} bytes")
    try:
        table = tomllib.loads(text)
    except tomllib.TOMLDecodeError as error:
        raise DataRulesError(f"{origin}: not TOML: {' '.join(str(error).split())}") from None
    for key in table:
        if key not in TOP_KEYS:
            hint = (
                " (takes of one player go in [takes.left] or [takes.right])"
                if key in ("left", "right")
                else ""
            )
            raise _fail(
                origin, key, f"unknown key{hint}; the keys are {', '.join(sorted(TOP_KEYS))}"
            )
    name = table.get("name")
    if name is None:
        raise _fail(origin, "name", 'missing: give the rule set a name, e.g. name = "my-rules"')
    if not isinstance(name, str):
        raise _fail(origin, "name", f"expected a string, got {_kind(name)}")
    if not _NAME.match(name):
        raise _fail(
            origin, "name", f"{_show(name)}: lower-case letters, digits and '-', at most 40"
        )
    texts = {}
    for key in ("title", "summary"):
        value = table.get(key, "")
        if not isinstance(value, str):
            raise _fail(origin, key, f"expected a string, got {_kind(value)}")
        if len(value) > 200 or any(ord(c) < 32 for c in value):
            raise _fail(origin, key, "at most 200 characters on one line")
        texts[key] = value.strip()
    ends = _string(table, "ends", origin, "", ENDS) or "both"
    terminal = _string(table, "terminal", origin, "", TERMINALS) or "normal"
    convention = _string(table, "convention", origin, "", CONVENTIONS)
    reverse = table.get("reverse", False)
    if type(reverse) is not bool:
        raise _fail(origin, "reverse", f"expected true or false, got {_kind(reverse)}")
    raw_takes = table.get("takes", {})
    takes = _take_rule(raw_takes, origin, "takes.", frozenset({"left", "right"}))
    own: dict[str, TakeRule | None] = {"left": None, "right": None}
    for player in own:
        if isinstance(raw_takes, dict) and player in raw_takes:
            if ends != "partizan":
                raise _fail(
                    origin,
                    f"takes.{player}",
                    'takes of one player need ends = "partizan" (Left first, Right last)',
                )
            mine = _take_rule(raw_takes[player], origin, f"takes.{player}.", frozenset())
            merged = _merge(takes, mine)
            if merged is None:
                raise _fail(origin, f"takes.{player}", "contradicts [takes]: no take is allowed")
            own[player] = merged
    if convention is not None and terminal != "misere":
        raise _fail(origin, "convention", 'a Grundy convention applies to terminal = "misere" only')
    if convention is not None and ends == "partizan":
        raise _fail(origin, "convention", "partizan rule sets have outcomes, no Grundy convention")
    if reverse and ends == "partizan":
        raise _fail(
            origin,
            "reverse",
            'contradicts ends = "partizan": reversing the row would swap Left\'s and '
            "Right's piles",
        )
    if terminal == "misere":
        for player, rule in (("", takes), *((f".{p}", r) for p, r in own.items() if r)):
            if not rule.takes_one():
                raise _fail(
                    origin,
                    "terminal",
                    f'"misere" needs every pile to have a move, and [takes{player}] forbids '
                    "taking one coin from some pile (write such a rule set in Python)",
                )
    if ends == "partizan":
        convention = None
    elif terminal == "misere":
        convention = convention or "cairns-ho"
    return RuleData(
        name=name,
        title=texts["title"] or name,
        summary=texts["summary"],
        ends=ends,
        terminal=terminal,
        convention=convention,
        reverse=reverse,
        takes=takes,
        left=own["left"],
        right=own["right"],
    )


# ---------------------------------------------------------------------------- the class
def describe(data: RuleData) -> str:
    """The rules in one line, for people (the rule set's ``summary`` when none is given).

    >>> describe(parse_rules('name = "x"\\nends = "first"\\nreverse = true'))
    'play the first pile, any take, then the mover may reverse the row; normal play'
    """
    where = {
        "first": "play the first pile",
        "last": "play the last pile",
        "both": "play the first or the last pile",
        "partizan": "Left plays the first pile, Right the last",
    }[data.ends]
    own = data.left is not None or data.right is not None
    parts = [where] if own and data.takes.is_full() else [where, _describe_takes(data.takes)]
    for player, rule in (("Left", data.left), ("Right", data.right)):
        if rule is not None:
            parts.append(f"{player}: {_describe_takes(rule)}")
    if data.reverse:
        parts[-1] += ", then the mover may reverse the row"
    ending = {
        "normal": "normal play",
        "misere": "misère: whoever takes the last coin loses",
        "loop": "whoever leaves exactly one pile wins",
    }[data.terminal]
    return ", ".join(parts) + "; " + ending


def _describe_takes(rule: TakeRule) -> str:
    """The take rule in words, e.g. ``take 1, 2 or 4 coins``.

    >>> _describe_takes(TakeRule(parity="odd", max=5, clear=False))
    'take an odd number of coins, at most 5, never a whole pile'
    """
    if rule.is_full():
        return "any take"
    kinds = []
    if rule.set is not None:
        amounts = list(map(str, rule.set))
        kinds.append((", ".join(amounts[:-1]) + " or " if len(amounts) > 1 else "") + amounts[-1])
    if rule.parity is not None:
        kinds.append(f"an {rule.parity} number of")
    bounds = [f"at least {rule.min}"] if rule.min > 1 else []
    if rule.max is not None:
        bounds.append(f"at most {rule.max}")
    if rule.max_fraction is not None:
        bounds.append(f"at most {rule.max_fraction[0]}/{rule.max_fraction[1]} of the pile")
    if kinds:
        text = "take " + " and ".join(kinds) + " coins" + "".join(f", {b}" for b in bounds)
    elif bounds:
        text = "take " + " and ".join(bounds) + ("'s" if rule.max_fraction else "") + " coins"
    else:
        text = "take any number of coins"
    return text if rule.clear else text + ", never a whole pile"


class DataRules(Variant):
    """A rule set built from :class:`RuleData` by :func:`rules_class` (its hooks are stock)."""

    rules_data: ClassVar[RuleData]
    rules_text: ClassVar[str] = ""
    """The TOML text it was read from (a worker process or a link rebuilds it from this)."""
    source = "a rule set written as data (TOML)"

    def ends(self, piles: Piles, player: End | None = None) -> tuple[End, ...]:
        return _ENDS_OF[self.rules_data.ends]

    def ending_text(self, piles: Piles, mover: str = "the player to move") -> str:
        """Why the game is over at ``piles``, as the built-in relatives say it."""
        data = self.rules_data
        if data.terminal == "loop" and len(piles) == 1:
            return f"one pile is left: whoever left it wins, so {mover} {verb(mover, 'loses')}"
        if data.terminal == "misere" and piles == (1,) and data.convention != "conway":
            loses = verb(mover, "loses")
            return f"{mover} must take the last coin and {loses} (misère: whoever takes it loses)"
        if data.terminal == "misere" and not piles:
            wins = verb(mover, "wins")
            return f"the last coin is taken: whoever took it loses, so {mover} {wins} (misère)"
        return super().ending_text(as_position(piles, allow_empty=True), mover)


_ENDS_OF: dict[str, tuple[End, ...]] = {"first": ("L",), "last": ("R",), "both": ("L", "R")}


def _partizan_ends(self: DataRules, piles: Piles, player: End | None = None) -> tuple[End, ...]:
    return (player,) if player in ("L", "R") else ("L", "R")


def _misere_terminal(self: DataRules, piles: Piles) -> bool:
    return piles in ((), (1,))


def _misere_allows(self: DataRules, child: Piles) -> bool:
    return bool(child)


def _conway_value(self: DataRules, piles: Piles) -> int:
    return 1


def _loop_terminal(self: DataRules, piles: Piles) -> bool:
    return len(piles) <= 1


def _per_player_options(
    self: DataRules, piles: Piles, player: End | None = None
) -> list[RawOption]:
    """Partizan with takes of each player's own: each end's reductions by its player's rule."""
    if self.is_terminal(piles):
        return []
    data = self.rules_data
    seen: set[Piles] = set()
    result: list[RawOption] = []
    for end in self.ends(piles, player):
        rule = data.take_rule(end)  # Left plays the first pile, Right the last
        pile = piles[0] if end == "L" else piles[-1]
        for size in range(pile):
            if rule.allows(pile, size):
                child = reduce_end(piles, end, size, False)
                if child not in seen and self.allows(child):
                    seen.add(child)
                    result.append((end, size, False, child))
    return result


def _per_player_play(
    self: DataRules, position: Any, move: Move | str, player: End | None = None
) -> Position:
    piles = tuple(position)
    child = Variant.play(self, piles, move, player)
    parsed = Move.parse(move) if isinstance(move, str) else move
    end = parsed.end if player is None else player
    pile = piles[0] if end == "L" else piles[-1]
    if not self.rules_data.take_rule(end).allows(pile, parsed.size):
        who = "Left" if end == "L" else "Right"
        raise MoveError(
            f"move {parsed} is not legal for {who} in {self.title}: a pile of {pile} may not "
            f"become {parsed.size}"
        )
    return child


def rules_class(data: RuleData, origin: str = "", text: str = "") -> type[DataRules]:
    """The :class:`Variant` subclass of ``data``: only the hooks its rules change are written
    (so an unrestricted rule set keeps the engine's plain kernels, and one whose players share
    a take rule keeps the partizan kernel with restricted takes).

    >>> cls = rules_class(parse_rules('name = "m"\\nends = "first"\\nreverse = true'))
    >>> cls.reversible, sorted(k for k in vars(cls) if k in ("allows_take", "is_terminal"))
    (True, [])
    """
    body: dict[str, Any] = {
        "name": data.name,
        "title": data.title,
        "summary": data.summary or describe(data),
        "impartial": data.ends != "partizan",
        "reversible": data.reverse,
        "convention": data.convention,
        "rules_data": data,
        "rules_text": text,
        "rules_label": f"rule set {data.name!r} ({origin})"
        if origin
        else f"rule set {data.name!r}",
        "__doc__": f"{data.title}: {describe(data)} (a rule set written as data).",
    }
    if data.ends == "partizan":
        body["ends"] = _partizan_ends
    if data.terminal == "misere":
        body["is_terminal"] = _misere_terminal
        body["allows"] = _misere_allows
        body["forbidden_reason"] = (
            "taking the last coin loses; the single pile (1) is the terminal position"
        )
        if data.convention == "conway":
            body["is_terminal"] = Variant.is_terminal
            body["terminal_value"] = _conway_value
            del body["allows"]
            body["forbidden_reason"] = ""
    elif data.terminal == "loop":
        body["is_terminal"] = _loop_terminal
    if not data.takes.is_full():
        rule = data.takes
        body["allows_take"] = lambda self, pile, size: rule.allows(pile, size)
        body["allows_take_table"] = lambda self, largest: rule.table(largest)
        body["allows_take_lists"] = lambda self, largest: rule.lists(largest)
        body["allows_take_count"] = lambda self, largest: rule.count(largest)
    if data.left is not None or data.right is not None:
        body["raw_options"] = _per_player_options
        body["play"] = _per_player_play
    class_name = "".join(part.capitalize() for part in data.name.split("-")) or "Rules"
    return type(f"Data_{class_name}", (DataRules,), body)


# ---------------------------------------------------------------------------- files
def is_data_spec(spec: str) -> bool:
    """Whether a ``--rules`` value names a rule set written as data (a ``.toml`` file).

    >>> is_data_spec("mine.toml"), is_data_spec("mine.py:Mine")
    (True, False)
    """
    return str(spec).strip().lower().endswith(".toml")


def is_data_rules(rules: object) -> bool:
    """Whether ``rules`` (a rule set or its class) was built from data.

    >>> from endnim.variants import get_variant
    >>> is_data_rules(get_variant("endnim"))
    False
    """
    cls = rules if isinstance(rules, type) else type(rules)
    return issubclass(cls, DataRules)


def read_data_rules(spec: str) -> type[DataRules]:
    """The class of the rule set in the TOML file ``spec`` (one-line errors: no file, too
    large, a key wrong)."""
    path = Path(str(spec).strip()).expanduser()
    if not path.is_file():
        raise DataRulesError(f"--rules: no file {str(path)!r}")
    try:
        with path.open("rb") as stream:
            raw = stream.read(MAX_TEXT + 1)
    except OSError as error:
        raise DataRulesError(f"--rules: cannot read {str(path)!r}: {error.strerror}") from None
    if len(raw) > MAX_TEXT:
        raise DataRulesError(f"{path.name}: the file has more than {MAX_TEXT:,} bytes")
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError:
        raise DataRulesError(f"{path.name}: not UTF-8 text") from None
    return rules_class(parse_rules(text, path.name), path.name, text)


def class_from_text(text: str, origin: str = "rules", name: str | None = None) -> type[DataRules]:
    """The class of the rule set written in ``text`` (the page's box); ``name`` replaces the
    name the text gives (the server names the page's rule sets by their rules)."""
    data = parse_rules(text, origin)
    if name is not None:
        data = replace(data, name=name)
    return rules_class(data, origin, text)


__all__ = [
    "DataRules",
    "DataRulesError",
    "RuleData",
    "TakeRule",
    "class_from_text",
    "describe",
    "is_data_rules",
    "is_data_spec",
    "parse_rules",
    "read_data_rules",
    "rules_class",
]
