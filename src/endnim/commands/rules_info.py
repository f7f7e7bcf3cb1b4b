"""``endnim rules-info FILE.py:Class`` (or a rule set's name): what serves a rule set."""

from __future__ import annotations

import json

import click


@click.command(name="rules-info")
@click.argument("spec", metavar="FILE.py:CLASS|FILE.toml|NAME")
@click.option("--json", "as_json", is_flag=True, help="Print the answer as JSON.")
def rules_info(spec: str, as_json: bool) -> None:
    """Which compiled path serves a rule set, and when none, which hook kept it out.

    SPEC is a file and class (``examples/variants/capped.py:CappedEndNim``), a rule set
    written as data (``examples/variants/capped.toml``) or the name of a registered rule set
    (``endnim``, ``muller``, ...). Also says which hooks the rule set writes itself and whether
    a closed-form theory answers for it.
    """
    from endnim.engine.served import compiled_path
    from endnim.indexed import serves
    from endnim.ruleset import inherits_theory, split_note, split_unproved, splits_by
    from endnim.variants import Variant, get_variant, load_rules
    from endnim.variants.guarded import label_of, user_hooks

    data = spec.strip().lower().endswith(".toml")  # a rule set written as data
    rules = load_rules(spec) if ":" in spec or data else get_variant(spec)
    path = compiled_path(rules)
    hooks = [h for h in user_hooks(type(rules)) if not _endnim_wrote(type(rules), h)]
    theory = rules.theory() is not None
    lost = None if theory or inherits_theory(rules) else _theory_owner(rules)
    # a row rule set the engine does not serve: its tables and sweeps by the indexed search
    indexed = path.path == "none" and isinstance(rules, Variant) and serves(rules)
    if as_json:
        answer = {
            "rule_set": rules.name,
            "title": rules.title,
            "hooks": hooks,
            "theory": theory,
            "theory_not_inherited": lost,
            "compiled": path.to_json(),
            "indexed_search": indexed,
            "splits": _splitting(rules, splits_by(rules), split_unproved(rules)),
        }
        click.echo(json.dumps(answer))
        return
    click.echo(f"{label_of(rules)}: {rules.title}")
    click.echo(f"hooks of its own: {', '.join(hooks) or 'none'}")
    click.echo(f"compiled path: {path.summary()}")
    if path.path == "none" and path.hook:
        click.echo(f"kept out by: {path.hook}()")
    if indexed:
        click.echo(
            "tables and sweeps: the indexed search (positions numbered, memo and mex in "
            "compiled code, the rule set's hooks called once per position)"
        )
    click.echo(
        "theory: "
        + ("a closed-form theory answers at any size" if theory else "none (auto: exact search")
        + ("" if theory else ", then the engine beyond it)" if path.path != "none" else ")")
    )
    note = split_note(rules)
    if note is not None:
        click.echo(note)
    if lost is not None:
        click.echo(
            f"  ({lost}'s theory is not used: the rule set changes its rules "
            f"({', '.join(_changed(rules))}), so that paper's theorems are not its own)"
        )


def _splitting(rules: object, by: str | None, unproved: list[str]) -> dict[str, object]:
    """The JSON ``splits`` field: whether positions are split into independent parts, by
    whose hook, and the hooks that keep an inherited split from answering."""
    own = by is not None and not _endnim_wrote(type(rules), by)
    return {"parts": by is not None, "own": own, "not_proved_after": unproved}


def _endnim_wrote(cls: type, hook: str) -> bool:
    """Whether endnim's own class (a built-in rule set the user's inherits from) wrote ``hook``."""
    for klass in cls.__mro__:
        if "rules_spec" in vars(klass):
            continue
        if hook in vars(klass):
            return klass.__module__.startswith("endnim.")
    return False


def _theory_owner(rules: object) -> str | None:
    """The title of the built-in rule set whose ``theory()`` a relative inherits, or ``None``."""
    for klass in type(rules).__mro__:
        if "theory" in vars(klass) and klass.__module__.startswith("endnim.variants."):
            return str(getattr(klass, "title", klass.__name__))
    return None


def _changed(rules: object) -> list[str]:
    from endnim.ruleset import changed_hooks

    for klass in type(rules).__mro__:
        if "theory" in vars(klass) and klass.__module__.startswith("endnim.variants."):
            return changed_hooks(rules, klass)  # type: ignore[arg-type]
    return []
