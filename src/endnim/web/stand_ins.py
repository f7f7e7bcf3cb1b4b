"""A user's rule set as seen by a process that must not run its code: facts, no hooks.

The web server never imports a user's file (``serve --rules``): its sandbox worker loads the
rule set and describes it (:func:`describe`: names, texts, flags, which kind of rule set it is),
and the server registers a stand-in built from that description (:func:`stand_in`). The
stand-in answers every question the server asks of a rule set's *class* (its name, title,
family, notation, whether it is impartial) and refuses every hook: the work is always sent to
the sandbox, and a stand-in can never silently answer with endnim's built-in rules.

>>> from endnim.variants import get_variant
>>> facts = describe(get_variant("endnim"))
>>> facts["kind"], facts["name"]
('row', 'endnim')
>>> twin = stand_in({**facts, "name": "doc-remote", "aliases": [], "spec": "x.py:X",
...                  "label": "rule set 'doc-remote' (x.py:X)"})
>>> twin.title, twin.impartial
('End-Nim', True)
>>> twin.options((3, 1))  # doctest: +ELLIPSIS
Traceback (most recent call last):
...
endnim.errors.RuleSetError: rule set 'doc-remote' (x.py:X): its hooks run in its sandbox ...
"""

from __future__ import annotations

from typing import Any

from endnim.errors import RuleSetError
from endnim.ruleset import RuleSet, source_of
from endnim.variants.base import Variant
from endnim.variants.guarded import CHECKS, is_guarded, label_of

AnyRuleSet = RuleSet[Any, Any]

TEXTS = ("name", "title", "summary", "source", "family", "position_notation", "move_notation")
MAX_TEXT = 2000


def _kind(rules: AnyRuleSet) -> str:
    from endnim.graphs.base import GraphRuleSet

    if isinstance(rules, Variant):
        return "row"
    if isinstance(rules, GraphRuleSet):
        return "graph"
    return "generic"


def describe(rules: AnyRuleSet) -> dict[str, Any]:
    """The facts of ``rules`` a server needs, as plain data (checked already by the guard)."""
    facts: dict[str, Any] = {key: str(getattr(rules, key)) for key in TEXTS}
    facts["source"] = source_of(rules)  # a relative cites no paper its rules are not from
    facts.update(
        kind=_kind(rules),
        impartial=bool(rules.impartial),
        convention=None if rules.convention is None else str(rules.convention),
        aliases=[str(alias) for alias in rules.aliases],
        reversible=bool(getattr(rules, "reversible", False)),
        forbidden_reason=str(getattr(rules, "forbidden_reason", "")),
        spec=str(vars(type(rules)).get("rules_spec", "")),
        label=label_of(rules),
        guarded=is_guarded(rules),
    )
    return facts


def _text(facts: dict[str, Any], key: str) -> str:
    value = facts.get(key)
    if not isinstance(value, str) or len(value) > MAX_TEXT:
        raise RuleSetError(f"the sandbox described the rule set's {key} wrongly")
    return "".join(c if c.isprintable() else " " for c in value)  # plain text, no escapes


def stand_in(facts: Any) -> AnyRuleSet:
    """A stand-in for the rule set ``facts`` describes (see the module's text), checked."""
    from endnim.graphs.base import GraphRuleSet

    if not isinstance(facts, dict):
        raise RuleSetError("the sandbox described a rule set wrongly")
    bases: dict[str, type[Any]] = {"row": Variant, "graph": GraphRuleSet, "generic": RuleSet}
    base = bases.get(str(facts.get("kind")))
    aliases = facts.get("aliases")
    convention = facts.get("convention")
    if (
        base is None
        or not isinstance(aliases, list)
        or not all(isinstance(a, str) and len(a) <= 100 for a in aliases)
        or not (convention is None or isinstance(convention, str))
        or not isinstance(facts.get("impartial"), bool)
    ):
        raise RuleSetError("the sandbox described a rule set wrongly")
    label = _text(facts, "label")

    def refuse(self: Any, *args: Any, **kwargs: Any) -> Any:
        raise RuleSetError(f"{label}: its hooks run in its sandbox worker, never in the server")

    body: dict[str, Any] = {key: _text(facts, key) for key in TEXTS}
    hooks = set(CHECKS) | set(getattr(base, "__abstractmethods__", ()))
    body.update({hook: refuse for hook in hooks})
    body.update(
        impartial=facts["impartial"],
        convention=convention,
        aliases=tuple(aliases),
        rules_spec=_text(facts, "spec"),
        rules_label=label,
        __module__="endnim.web.stand_ins",
    )
    if base is Variant:
        body["reversible"] = bool(facts.get("reversible"))
        body["forbidden_reason"] = _text(facts, "forbidden_reason")
    cls = type(f"StandIn_{body['name']}", (base,), body)
    return cls()  # type: ignore[no-any-return]
