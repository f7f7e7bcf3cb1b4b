"""``user_hooks``: the hooks a user's rule set writes itself, as ``check-rules`` reports
them. A user's subclass of the user's own class counts its parent's hooks; a hook inherited
from endnim's own classes (End-Nim's ``theory`` and ``ends``) is not the user's (it was
counted: the closing notes of the last session)."""

from __future__ import annotations

import json
from pathlib import Path

from click.testing import CliRunner

from endnim.cli import cli
from endnim.variants import load_rules, unregister_variant
from endnim.variants.guarded import user_hooks

RULES = """
from endnim.variants import EndNim


class Capped(EndNim):
    name = "user-hooks-capped"
    aliases = ()
    title = "End-Nim, at most 2 taken"

    def allows_take(self, pile, size):
        return pile - size <= 2


class CappedLeft(Capped):
    name = "user-hooks-capped-left"
    title = "End-Nim, at most 2 taken, left end only"

    def ends(self, piles, player=None):
        return ("L",)
"""


def test_a_subclass_of_a_users_class_counts_its_parents_hooks_not_endnims(
    tmp_path: Path,
) -> None:
    path = tmp_path / "capped_rules.py"
    path.write_text(RULES)
    try:
        left = load_rules(f"{path}:CappedLeft")
        capped = load_rules(f"{path}:Capped")
        assert user_hooks(type(left)) == ["ends", "allows_take"]
        assert user_hooks(type(capped)) == ["allows_take"]
        result = CliRunner().invoke(cli, ["check-rules", f"{path}:CappedLeft", "--json"])
        assert json.loads(result.stdout)["hooks"] == ["ends", "allows_take"], result.output
    finally:
        for name in ("user-hooks-capped", "user-hooks-capped-left"):
            unregister_variant(name)


def test_a_users_graph_relative_is_still_guarded_where_endnims_hooks_call_its_own() -> None:
    """Tree's ``options`` calls the user's ``movable`` (a hook not checked itself): the guard
    still wraps ``options``, though it is not among the user's own hooks."""
    gallery = Path(__file__).resolve().parents[1] / "rules_gallery" / "odd_leaves.py"
    rules = load_rules(f"{gallery}:OddLeaves")
    try:
        assert user_hooks(type(rules)) == ["movable"]  # a graph game's own move hook
        assert getattr(type(rules).options, "__endnim_guarded__", False)
    finally:
        unregister_variant(rules.name)
