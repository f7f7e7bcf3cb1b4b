"""Checkable claims of a reason: relations between named piles and quantities of the row.

A :class:`~endnim.theory.base.Reason` states facts about the row *as the user gave it*. So that
every fact can be checked by machine, a reason's ``data`` carries

* ``piles``: each pile name of the statement and its 1-based index in the given row
  (``{"a_1": 1, "a_k": 4}``); a data field of that name holds that pile's size;
* ``relations``: the equalities, inequalities and congruences the statement asserts, each a
  :class:`Relation` as JSON: ``left`` and ``right`` are sums of names and integers, ``op`` is one
  of ``=``, ``≠``, ``<``, ``<=``, ``>``, ``>=``, or ``mod``: ``left`` taken modulo ``mod`` is one of
  the residues in ``right``. A name is a pile (from ``piles``) or a quantity in ``data``
  (``l``, ``r``, ``L_star`` …).

Relations are written as short texts and parsed here, so that the code reads like the paper:

>>> r = relation("a_3 = a_1 + 1")
>>> r.to_dict()
{'text': 'a_3 = a_1 + 1', 'left': ['a_3'], 'op': '=', 'right': ['a_1', 1]}
>>> r.holds({"a_1": 6, "a_3": 7}), r.renamed({"a_1": "a_3", "a_3": "a_1"}).text
(True, 'a_1 = a_3 + 1')
>>> relation("l + r is even").to_dict()["right"], relation("a_1 ≡ 1, 2 (mod 4)").text
([0], 'a_1 ≡ 1 or 2 (mod 4)')
"""

from __future__ import annotations

import operator
import re
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass
from functools import lru_cache
from typing import Any

Term = str | int

_COMPARISONS = ("<=", ">=", "≠", "=", "<", ">")
_PARITY = re.compile(r"^(?P<left>.+) is (?P<parity>odd|even)$")
_CONGRUENCE = re.compile(r"^(?P<left>.+) ≡ (?P<residues>[\d, ]+) \(mod (?P<mod>\d+)\)$")


@dataclass(frozen=True)
class Relation:
    """``sum(left) op sum(right)``, or for ``op == "mod"``: ``sum(left) % mod in right``."""

    left: tuple[Term, ...]
    op: str
    right: tuple[Term, ...]
    mod: int = 0

    @property
    def names(self) -> set[str]:
        """The names the relation reads."""
        terms = self.left if self.op == "mod" else self.left + self.right
        return {t for t in terms if isinstance(t, str)}

    @property
    def text(self) -> str:
        """The relation as the paper writes it."""
        found: str | None = self.__dict__.get("_text")
        if found is None:
            found = self.__dict__["_text"] = self._make_text()
        return found

    # The derived forms below are kept in the instance's __dict__ by hand: functools'
    # cached_property takes a lock on every first access (Python 3.11), and a batch creates a
    # relation per line.
    def _make_text(self) -> str:
        left = _sum_text(self.left)
        if self.op != "mod":
            return f"{left} {self.op} {_sum_text(self.right)}"
        residues = [int(t) for t in self.right]
        if self.mod == 2 and len(residues) == 1:
            return f"{left} is {'odd' if residues[0] else 'even'}"
        listed = " or ".join(str(r) for r in residues)
        return f"{left} ≡ {listed} (mod {self.mod})"

    def value_of(self, side: tuple[Term, ...], values: Mapping[str, int]) -> int:
        return sum(values[t] if isinstance(t, str) else t for t in side)

    @property
    def _compiled(self) -> tuple[tuple[str, ...], int, tuple[str, ...], int]:
        """Each side as (names, constant): :meth:`holds` runs once per reason given."""
        found: tuple[tuple[str, ...], int, tuple[str, ...], int] | None = self.__dict__.get(
            "_sides"
        )
        if found is None:
            found = self.__dict__["_sides"] = self._make_compiled()
        return found

    def _make_compiled(self) -> tuple[tuple[str, ...], int, tuple[str, ...], int]:

        def split(side: tuple[Term, ...]) -> tuple[tuple[str, ...], int]:
            return tuple(t for t in side if isinstance(t, str)), sum(
                t for t in side if isinstance(t, int)
            )

        left, right = split(self.left), split(self.right)
        return left[0], left[1], right[0], right[1]

    def holds(self, values: Mapping[str, int]) -> bool:
        """Whether the relation holds when each name has the given value."""
        left_names, left_constant, right_names, right_constant = self._compiled
        left = left_constant
        for name in left_names:
            left += values[name]
        if self.op == "mod":
            return left % self.mod in self.right
        right = right_constant
        for name in right_names:
            right += values[name]
        return _OPERATORS[self.op](left, right)

    def renamed(self, names: Mapping[str, str]) -> Relation:
        """The same relation with names replaced (e.g. the ends swapped for a reversed row)."""

        def swap(side: tuple[Term, ...]) -> tuple[Term, ...]:
            return tuple(names.get(t, t) if isinstance(t, str) else t for t in side)

        right = self.right if self.op == "mod" else swap(self.right)
        return Relation(swap(self.left), self.op, right, self.mod)

    def to_dict(self) -> dict[str, Any]:
        """The relation as JSON (a new dict each call; :func:`claims_data` shares one)."""
        return dict(self._as_dict)

    @property
    def _as_dict(self) -> dict[str, Any]:
        found: dict[str, Any] | None = self.__dict__.get("_json")
        if found is None:
            found = self.__dict__["_json"] = self._make_dict()
        return found

    def _make_dict(self) -> dict[str, Any]:
        result: dict[str, Any] = {
            "text": self.text,
            "left": list(self.left),
            "op": self.op,
            "right": list(self.right),
        }
        if self.op == "mod":
            result["mod"] = self.mod
        return result


_OPERATORS: dict[str, Callable[[int, int], bool]] = {
    "=": operator.eq,
    "≠": operator.ne,
    "<": operator.lt,
    "<=": operator.le,
    ">": operator.gt,
    ">=": operator.ge,
}


def _sum_text(terms: tuple[Term, ...]) -> str:
    text = ""
    for term in terms:
        if isinstance(term, int) and term < 0:
            text += f" - {-term}" if text else str(term)
        else:
            text += f" + {term}" if text else str(term)
    return text


def _parse_sum(text: str) -> tuple[Term, ...]:
    tokens = text.split()
    if len(tokens) % 2 == 0:
        raise ValueError(f"not a sum of names and numbers: {text!r}")
    terms: list[Term] = []
    sign = 1
    for index, token in enumerate(tokens):
        if index % 2:
            if token not in "+-":
                raise ValueError(f"expected + or - in {text!r}, not {token!r}")
            sign = 1 if token == "+" else -1
            continue
        if token.lstrip("-").isdigit():
            terms.append(sign * int(token))
        elif sign < 0:
            raise ValueError(f"only numbers may be subtracted in {text!r}")
        else:
            terms.append(token)
    return tuple(terms)


@lru_cache(maxsize=4096)
def relation(text: str) -> Relation:
    """Parse ``"a_3 = a_1 + 1"``, ``"l + r is even"`` or ``"a_1 ≡ 1, 2 (mod 4)"``.

    >>> relation("a_2 <= a_1 - 1").right, relation("l is odd").right
    (('a_1', -1), (1,))
    """
    text = text.strip()
    match = _PARITY.match(text)
    if match:
        return Relation(_parse_sum(match["left"]), "mod", (int(match["parity"] == "odd"),), 2)
    match = _CONGRUENCE.match(text)
    if match:
        residues = tuple(int(r) for r in match["residues"].split(","))
        return Relation(_parse_sum(match["left"]), "mod", residues, int(match["mod"]))
    for op in _COMPARISONS:
        left, found, right = text.partition(f" {op} ")
        if found:
            return Relation(_parse_sum(left), op, _parse_sum(right))
    raise ValueError(f"not a relation: {text!r}")


def relations(*texts: str | Relation) -> tuple[Relation, ...]:
    """Several relations at once (texts are parsed, relations kept as they are).

    >>> [r.text for r in relations("a_1 = a_k", "l is odd", Relation(("a_k",), "=", ("a_1", 7)))]
    ['a_1 = a_k', 'l is odd', 'a_k = a_1 + 7']
    """
    return tuple(t if isinstance(t, Relation) else relation(t) for t in texts)


def offset(name: str, other: str, difference: int) -> Relation:
    """``name = other + difference`` (``relation(f"{name} = {other} + {difference}")``), with
    its text, sides and JSON made at once: the Cairns–Ho reasons give one per row, with the
    row's own difference, so no cache would ever hit.

    >>> offset("a_k", "a_1", 5) == relation("a_k = a_1 + 5"), offset("a_1", "a_k", -2).text
    (True, 'a_1 = a_k - 2')
    """
    made = Relation((name,), "=", (other, difference))
    text = (
        f"{name} = {other} + {difference}"
        if difference >= 0
        else f"{name} = {other} - {-difference}"
    )
    made.__dict__["_text"] = text
    made.__dict__["_sides"] = ((name,), 0, (other,), difference)
    made.__dict__["_json"] = {"text": text, "left": [name], "op": "=", "right": [other, difference]}
    return made


def claims_data(
    piles: Mapping[str, int], found: Iterable[Relation], values: Mapping[str, int]
) -> dict[str, Any]:
    """The ``piles`` and ``relations`` fields of a reason's data, checked before they are given.

    ``piles`` maps pile names to 1-based indices; ``values`` gives every name's value (piles
    and quantities). A relation that does not hold is a bug in the theory: AssertionError.

    >>> claims_data({"a_1": 1}, relations("a_1 >= 2"), {"a_1": 3})["relations"][0]["op"]
    '>='
    """
    listed = list(found)
    for rel in listed:
        if not rel.holds(values):
            raise AssertionError(f"claimed {rel.text} with {dict(values)}")
    # the relations' JSON objects are shared between the reasons that give them (read only)
    return {"piles": dict(piles), "relations": [rel._as_dict for rel in listed]}
