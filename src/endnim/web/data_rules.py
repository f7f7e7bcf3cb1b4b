"""Rule sets written as data on the page: the box's text checked and registered by the server.

``POST /api/rules`` with ``{"text": TOML}`` reads the text here, in the server, with the limits
of :mod:`endnim.variants.data_rules` (at most 4,096 bytes, known keys only, no code: nothing
the text says is ever run, so it needs no sandbox), and registers the rule set under a name
fixed by its rules, ``NAME-DIGEST`` (the same text gives the same name on any server, so a
shared link that carries the text names the same rule set). The answer is the rule set as
``/api/variants`` describes one; the page then analyses and plays under that name. A text
that cannot be read is HTTP 400 with one line naming the key.

The page's rule sets are kept for the most recent :data:`PAGE_RULES` texts and are not listed
by ``/api/variants`` (they belong to the page that typed them). The worker processes of the
pool are forked before a text is typed: :func:`with_data_rules` sends a heavy task the texts of
the rule sets it names, and the worker registers them before it runs the task.

>>> store = PageRules(size=2)
>>> rules = store.register('name = "cap2"\\n[takes]\\nmax = 2')
>>> rules.name.startswith("cap2-"), rules.name in store.names
(True, True)
>>> store.clear()
"""

from __future__ import annotations

import threading
from collections import OrderedDict
from collections.abc import Callable
from typing import Any

from fastapi import FastAPI
from pydantic import BaseModel, Field

from endnim.variants import Variant, get_variant, unregister_variant
from endnim.variants.data_rules import (
    MAX_TEXT,
    DataRules,
    class_from_text,
    parse_rules,
)
from endnim.variants.registry import register_data_rules
from endnim.web.models import VariantInfo

PAGE_RULES = 64
"""Rule sets typed on the page that the server keeps (the least recently used go first)."""
NAME_ROOM = 31
"""Characters of a page rule set's own name kept before its digest (names are at most 40)."""


class RulesIn(BaseModel):
    """A rule set written as TOML (docs/your-own-variant.md lists its keys)."""

    text: str = Field(max_length=MAX_TEXT, description="the rule set as TOML")


class PageRules:
    """The rule sets typed on the page, registered by name and kept for the last ``size``."""

    def __init__(self, size: int = PAGE_RULES) -> None:
        self.size = size
        self._kept: OrderedDict[str, None] = OrderedDict()
        self._lock = threading.Lock()

    @property
    def names(self) -> frozenset[str]:
        """The names of the rule sets kept."""
        return frozenset(self._kept)

    def register(self, text: str) -> Variant:
        """The rule set written in ``text``, registered (one line naming the key if the text is
        no rule set; the rule set of a file of ``serve --rules`` when the rules are its own)."""
        data = parse_rules(text, "rules")
        try:
            known = get_variant(data.name)
        except Exception:
            known = None
        if isinstance(known, DataRules) and known.rules_data == data:
            return known  # the same rules as a rule set the server was started with
        name = f"{data.name[:NAME_ROOM].rstrip('-')}-{data.digest()[:8]}"
        with self._lock:
            rules = register_data_rules(class_from_text(text, "rules", name=name))
            self._kept[name] = None
            self._kept.move_to_end(name)
            while len(self._kept) > self.size:
                old, _ = self._kept.popitem(last=False)
                unregister_variant(old)
        assert isinstance(rules, Variant)
        return rules

    def clear(self) -> None:
        """Forget every rule set kept (and unregister it)."""
        with self._lock:
            for name in self._kept:
                unregister_variant(name)
            self._kept.clear()


def variant_info(rules: Any, theory: bool, engine: str | None) -> VariantInfo:
    """How ``/api/variants`` describes ``rules``."""
    return VariantInfo(
        name=rules.name,
        title=rules.title,
        impartial=rules.impartial,
        reversible=bool(getattr(rules, "reversible", False)),
        source=rules.source,
        summary=rules.summary,
        aliases=list(rules.aliases),
        family=rules.family,
        convention=rules.convention,
        theory=theory,
        engine=engine,
        position_notation=rules.position_notation,
        move_notation=rules.move_notation,
    )


def add_rules_route(app: FastAPI, store: PageRules) -> None:
    """``POST /api/rules``: read, check and register a rule set written as TOML."""

    @app.post("/api/rules", tags=["meta"], response_model=VariantInfo)
    def rules(spec: RulesIn) -> VariantInfo:
        """Register a rule set written as TOML (no code: ends, takes, terminal rule, reversal,
        partizan takes); the answer names it for ``variant=`` in every other request. An error
        is one line naming the key (HTTP 400)."""
        from endnim.analyzer import engine_family

        rules = store.register(spec.text)
        return variant_info(rules, rules.theory() is not None, engine_family(rules))


# ---------------------------------------------------------------------- the worker pool
def data_rules_named(args: tuple[Any, ...]) -> list[tuple[str, str]]:
    """``(name, TOML text)`` of each rule set written as data that ``args`` name."""
    found = []
    for arg in args:
        if not isinstance(arg, str) or len(arg) > 64:
            continue
        try:
            rules = get_variant(arg)
        except Exception:
            continue
        if isinstance(rules, DataRules):
            found.append((rules.name, rules.rules_text))
    return found


def with_data_rules(
    function: Callable[..., Any], args: tuple[Any, ...]
) -> tuple[Callable[..., Any], tuple[Any, ...]]:
    """A heavy task as the pool runs it: as it is, or, when it names rule sets written as data,
    :func:`run_with_rules` with their texts (a worker forked before they were typed)."""
    texts = data_rules_named(args)
    if not texts:
        return function, args
    return run_with_rules, (texts, function, args)


def run_with_rules(
    texts: list[tuple[str, str]], function: Callable[..., Any], args: tuple[Any, ...]
) -> Any:
    """Register the rule sets ``texts`` in this worker (unless known), then ``function(*args)``;
    the worker keeps the last :data:`PAGE_RULES` it was sent, as the server does."""
    for name, text in texts:
        register_data_rules(class_from_text(text, "rules", name=name))
        _SENT[name] = None
        _SENT.move_to_end(name)
    while len(_SENT) > PAGE_RULES:
        old, _ = _SENT.popitem(last=False)
        if old not in dict(texts):
            unregister_variant(old)
    return function(*args)


_SENT: OrderedDict[str, None] = OrderedDict()
"""The rule sets a worker process was sent with its tasks, the most recent last."""
