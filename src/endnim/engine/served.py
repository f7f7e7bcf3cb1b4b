"""Which compiled path serves a rule set and, when none does, which hook kept it out.

Read from the rule hooks alone (:func:`~endnim.engine.families.family_of`), never from a
rule set's name: the built-in End-Nim and a user's one-file relative are asked the same way.

>>> from endnim.variants import get_variant
>>> compiled_path(get_variant("muller")).summary()
'the compiled engine: its muller family'
>>> compiled_path(get_variant("tree")).summary()
'none: the compiled engine solves rows only, and End-Nim on trees is not a row game'
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from endnim.engine.families import EngineError, blocking_hook, family_of
from endnim.engine.takes import restricts_takes
from endnim.ruleset import RuleSet
from endnim.variants.base import Variant


@dataclass(frozen=True)
class CompiledPath:
    """How the engine serves a rule set: ``path`` is ``engine``, ``restricted takes`` (the
    engine with each reduction limited to what ``allows_take`` allows) or ``none``."""

    path: str
    family: str | None
    hook: str | None
    """The hook that kept the rule set out (``none`` only; ``None`` for a game not on rows)."""
    reason: str
    vectorised: bool = False
    """Restricted takes listed by the rule set's ``allows_take_table`` (else call by call)."""
    lists: bool = False
    """...by its ``allows_take_lists``, the lists themselves (a rule set written as data)."""
    per_pile: bool = False
    """...by its ``allowed_takes(pile)``, one call per pile (not in the JSON, which says
    ``vectorised``: not one call per (pile, size))."""

    def summary(self) -> str:
        """One line: the path, its family, and why not when there is none."""
        if self.path == "none":
            return f"none: {self.reason}"
        text = f"the compiled engine: its {self.family} family"
        if self.path == "restricted takes":
            if self.per_pile:
                listed = "one allowed_takes() call per pile"
            elif self.vectorised:
                listed = "allows_take_lists()" if self.lists else "allows_take_table() (vectorised)"
            else:
                listed = "one allows_take() call per (pile, size)"
            text += (
                ", each reduction limited to the sizes allows_take() allows (listed once per "
                f"pile bound by {listed})"
            )
        return text

    def to_json(self) -> dict[str, Any]:
        """The fields as JSON."""
        return {
            "path": self.path,
            "family": self.family,
            "hook": self.hook,
            "reason": self.reason,
            "vectorised": self.vectorised,
        }


def compiled_path(rules: RuleSet[Any, Any]) -> CompiledPath:
    """The compiled path of ``rules`` (see :class:`CompiledPath`)."""
    if not isinstance(rules, Variant):
        reason = f"the compiled engine solves rows only, and {rules.title} is not a row game"
        return CompiledPath("none", None, None, reason)
    try:
        family = family_of(rules)
    except EngineError as error:
        return CompiledPath("none", None, blocking_hook(rules), str(error))
    if restricts_takes(rules):
        lists = callable(getattr(rules, "allows_take_lists", None))
        table = callable(getattr(rules, "allows_take_table", None))
        per_pile = not (lists or table) and callable(getattr(rules, "allowed_takes", None))
        return CompiledPath(
            "restricted takes",
            family.name,
            None,
            "allows_take() restricts the reductions",
            lists or table or per_pile,
            lists,
            per_pile,
        )
    return CompiledPath("engine", family.name, None, "")


__all__ = ["CompiledPath", "compiled_path"]
