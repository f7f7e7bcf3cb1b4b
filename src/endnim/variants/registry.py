"""The registry of rule sets: built-in, from installed packages, from a user's file.

Every front-end (CLI choices, ``/api/variants``, the page, ``verify``'s citations, the docs)
derives what it says about a rule set from the registered classes; nothing else lists them.

* built-in rule sets are registered when :mod:`endnim.variants` is imported;
* installed packages register theirs through the entry-point group ``endnim.variants`` (each
  entry point names a :class:`~endnim.ruleset.RuleSet` subclass), loaded on the first lookup
  that needs them;
* :func:`register_variant` registers a class from Python;
* :func:`load_rules` loads ``PATH.py:ClassName`` (the CLI's ``--rules``). User code is only
  ever loaded this way, from the command line or Python, never from a web request;
* :func:`load_rules` also reads ``PATH.toml``, a rule set written as data (no code), and
  :func:`register_data_rules` registers one read from text (the page's box).

>>> from endnim.ruleset import RuleSet, source_of
>>> class Sub12(RuleSet[int, int]):
...     name = "doc-sub12"
...     title = "subtraction {1, 2}"
...     def parse_position(self, text): return int(text)
...     def format_position(self, position): return str(position)
...     def parse_move(self, text): return int(text)
...     def options(self, position, player=None):
...         return [(k, position - k) for k in (1, 2) if k <= position]
>>> register_variant(Sub12).name, get_variant("DOC-SUB12").title
('doc-sub12', 'subtraction {1, 2}')
>>> unregister_variant("doc-sub12")
"""

from __future__ import annotations

import importlib.util
import inspect
import sys
from pathlib import Path
from typing import Any

from endnim.errors import RuleSetError, VariantError
from endnim.ruleset import RuleSet, source_of
from endnim.supervise import watch
from endnim.variants.base import Variant
from endnim.variants.data_rules import DataRules, is_data_rules, is_data_spec, read_data_rules
from endnim.variants.guarded import guard, is_guarded, label_of
from endnim.variants.guarded import plain_text as _plain_text

ENTRY_POINT_GROUP = "endnim.variants"

AnyRuleSet = RuleSet[Any, Any]

_ORDER: list[AnyRuleSet] = []
_BY_NAME: dict[str, AnyRuleSet] = {}
_LOADED_SPECS: list[str] = []
_entry_points_loaded = False


def _key(name: str) -> str:
    return str(name).strip().lower()


def register_variant(cls: type[AnyRuleSet] | AnyRuleSet, *, replace: bool = False) -> AnyRuleSet:
    """Register a rule set class (or instance) under its name and aliases; returns the instance.

    A name already taken by another class is refused (one line) unless ``replace``.
    """
    instance = cls() if isinstance(cls, type) else cls
    if not isinstance(instance, RuleSet):
        raise VariantError(f"{cls!r} is not a rule set (subclass endnim.RuleSet or endnim.Variant)")
    name = getattr(type(instance), "name", None)
    if not isinstance(name, str) or not name.strip():
        raise VariantError(f"rule set {type(instance).__name__} has no name (set name = '...')")
    if not isinstance(getattr(type(instance), "title", None), str):
        raise VariantError(f"rule set {name!r} has no title (set title = '...')")
    keys = [_key(name), *(_key(a) for a in instance.aliases)]
    for key in keys:
        taken = _BY_NAME.get(key)
        if taken is not None and type(taken) is not type(instance) and not replace:
            raise VariantError(
                f"cannot register {type(instance).__name__}: the name {key!r} is taken by "
                f"{taken.title} ({type(taken).__name__})"
            )
    old = _BY_NAME.get(_key(name))
    if old is not None:
        unregister_variant(old.name)
    _ORDER.append(instance)
    for key in keys:
        _BY_NAME[key] = instance
    return instance


def unregister_variant(name: str) -> None:
    """Remove a rule set (by name) from the registry (for tests and notebooks)."""
    instance = _BY_NAME.get(_key(name))
    if instance is None:
        return
    _ORDER.remove(instance)
    for key in [k for k, v in _BY_NAME.items() if v is instance]:
        del _BY_NAME[key]


def _load_entry_points() -> None:
    global _entry_points_loaded
    if _entry_points_loaded:
        return
    _entry_points_loaded = True
    from importlib.metadata import entry_points

    for point in entry_points(group=ENTRY_POINT_GROUP):
        try:
            register_variant(point.load())
        except Exception as error:  # a broken plug-in must not break endnim: say so in one line
            first = str(error).splitlines()[0] if str(error) else ""
            print(
                f"endnim: warning: rule set entry point {point.name!r} ({point.value}) not "
                f"loaded: {type(error).__name__}: {first}",
                file=sys.stderr,
            )


def get_variant(name: str | AnyRuleSet) -> AnyRuleSet:
    """The rule set called ``name`` (its name or an alias, any case).

    Row-only machinery (theory, engine, sweeps, tables) asks for :func:`get_row_variant`.
    """
    if isinstance(name, RuleSet):
        return name
    instance = _BY_NAME.get(_key(name))
    if instance is None:
        _load_entry_points()
        instance = _BY_NAME.get(_key(name))
    if instance is None:
        raise VariantError(
            f"unknown variant {name!r}: choose one of {', '.join(variant_names())}",
            cli_hint="or load your own with --rules FILE.py:ClassName",
        )
    return instance


def get_row_variant(name: str | AnyRuleSet, needed_by: str = "this") -> Variant:
    """The rule set called ``name``, which must be a row game (a :class:`Variant`): the
    engine, the sweeps and the a·w·b tables work on rows only. One-line error otherwise.

    >>> get_row_variant("loop").title
    'Loop-End-Nim'
    """
    rules = get_variant(name)
    if not isinstance(rules, Variant):
        raise VariantError(
            f"{needed_by} works on rows of piles only, and {rules.title} is not a row game"
        )
    return rules


def all_variants() -> tuple[AnyRuleSet, ...]:
    """Every registered rule set, built-in ones first, in registration order."""
    _load_entry_points()
    return tuple(_ORDER)


def variant_names() -> tuple[str, ...]:
    """The canonical names of every registered rule set."""
    return tuple(v.name for v in _ORDER)


def accepted_names() -> tuple[str, ...]:
    """Every name and alias ``--variant`` accepts."""
    _load_entry_points()
    return tuple(_BY_NAME)


_HINT = "--rules PATH.py:ClassName"
"""What the command line adds to an error of a rule set file (the library names no flag)."""


def read_rules_class(spec: str) -> type[AnyRuleSet]:
    """The class ``ClassName`` of ``PATH.py:ClassName``, read but neither checked nor registered.

    One-line errors for a missing file, a missing class, a class that is not a rule set, or
    code that fails.
    """
    path_text, sep, class_name = str(spec).rpartition(":")
    if not sep or not path_text or not class_name:
        raise VariantError(
            f"a rule set file is named PATH.py:ClassName, not {spec!r}", cli_hint=_HINT
        )
    path = Path(path_text).expanduser()
    if not path.is_file():
        raise VariantError(f"no file {str(path)!r} to load a rule set from", cli_hint=_HINT)
    module_name = f"endnim_user_rules_{abs(hash(str(path.resolve())))}"
    module = sys.modules.get(module_name)
    if module is None:
        try:
            module_spec = importlib.util.spec_from_file_location(module_name, path)
            if module_spec is None or module_spec.loader is None:
                raise VariantError(f"cannot load {str(path)!r} as Python", cli_hint=_HINT)
            module = importlib.util.module_from_spec(module_spec)
            sys.modules[module_name] = module
            record = watch.current()  # the user's code runs: the supervisor's deadline holds
            saved = record.enter(watch.encode_tag(f"rule set file {path.name!r}", "import"))
            try:
                module_spec.loader.exec_module(module)
            finally:
                record.leave(saved)
        except VariantError:
            raise
        except BaseException as error:
            sys.modules.pop(module_name, None)
            text = _plain_text(error)
            first = text.splitlines()[0] if text else ""
            raise VariantError(
                f"{str(path)!r} failed to load: {type(error).__name__}: {first}", cli_hint=_HINT
            ) from None
    cls = getattr(module, class_name, None)
    if cls is None:
        raise VariantError(f"{str(path)!r} has no class {class_name!r}", cli_hint=_HINT)
    if not (inspect.isclass(cls) and issubclass(cls, RuleSet)) or inspect.isabstract(cls):
        raise VariantError(
            f"{class_name} in {str(path)!r} is not a concrete rule set "
            "(subclass endnim.Variant or endnim.RuleSet and implement its hooks)",
            cli_hint=_HINT,
        )
    return cls


def load_rules(spec: str) -> AnyRuleSet:
    """Load and register the rule set ``PATH.py:ClassName``; returns its instance, wrapped in
    the checks of :mod:`endnim.variants.guarded`.

    Loading the same spec twice returns the registered instance. One-line errors as
    :func:`read_rules_class`, and for a name or alias of a built-in rule set.

    ``PATH.toml`` is a rule set written as data (:mod:`endnim.variants.data_rules`): read, not
    run, so it needs no guard and no worker.
    """
    if is_data_spec(spec):
        return register_data_rules(read_data_rules(spec), spec)
    cls = read_rules_class(spec)
    existing = _BY_NAME.get(_key(getattr(cls, "name", "")))
    if existing is not None and cls in type(existing).__bases__ and is_guarded(existing):
        return existing
    guarded = guard(cls, spec)
    clash = clash_with_built_in(guarded)
    if clash is not None:
        raise RuleSetError(f"{label_of(guarded())}: {clash}")
    instance = register_variant(guarded, replace=True)
    if spec not in _LOADED_SPECS:
        _LOADED_SPECS.append(spec)
    return instance


def register_data_rules(cls: type[DataRules], spec: str | None = None) -> AnyRuleSet:
    """Register the rule set ``cls`` built from data (a file ``spec``, or text); the instance
    already registered when its rules are the same. One line if its name is a built-in's."""
    existing = _BY_NAME.get(_key(cls.name))
    if isinstance(existing, DataRules) and existing.rules_data == cls.rules_data:
        return existing
    clash = clash_with_built_in(cls)
    if clash is not None:
        raise RuleSetError(f"{label_of(cls())}: {clash}")
    instance = register_variant(cls, replace=True)
    if spec is not None and spec not in _LOADED_SPECS:
        _LOADED_SPECS.append(spec)
    return instance


def clash_with_built_in(cls: type[AnyRuleSet]) -> str | None:
    """Why a user's rule set may not have its name or aliases (taken by a built-in or installed
    rule set), or ``None``.

    >>> from endnim.variants import EndNim
    >>> class Mine(EndNim): name = "mine"; aliases = ("misère",)
    >>> clash_with_built_in(Mine)[:50]
    "the name 'misère' is taken by the built-in misère "
    """
    _load_entry_points()
    for key in [_key(cls.name), *(_key(a) for a in cls.aliases)]:
        taken = _BY_NAME.get(key)
        if taken is not None and not is_guarded(taken) and not is_data_rules(taken):
            return (
                f"the name {key!r} is taken by the built-in {taken.title} ({taken.name}): give "
                "your rule set another name"
            )
    return None


def loaded_rules_specs() -> tuple[str, ...]:
    """The ``PATH.py:ClassName`` specs loaded so far (a worker process reloads them)."""
    return tuple(_LOADED_SPECS)


def markdown_table(rule_sets: tuple[AnyRuleSet, ...] | None = None) -> str:
    """The rule sets as the Markdown table of README.md (name, rules, source), from the classes.

    >>> markdown_table().splitlines()[:2]
    ['| variant | rules | source |', '|---|---|---|']
    """
    rows = ["| variant | rules | source |", "|---|---|---|"]
    for rules in rule_sets if rule_sets is not None else all_variants():
        rows.append(f"| `{rules.name}` | {rules.summary} | {source_of(rules)} |")
    return "\n".join(rows)
