"""Every ``>>>`` example in README.md and docs/*.md runs, from the repository's root."""

from __future__ import annotations

import doctest
import os
from collections.abc import Iterator
from pathlib import Path

import pytest

from endnim.variants import all_variants, unregister_variant

ROOT = Path(__file__).resolve().parents[1]
DOCS = sorted([ROOT / "README.md", *(ROOT / "docs").glob("*.md")])


@pytest.fixture(autouse=True)
def _registry_restored() -> Iterator[None]:
    """Rule sets a page registers (the tutorial loads its examples) are removed afterwards."""
    before = {v.name for v in all_variants()}
    yield
    for rules in all_variants():
        if rules.name not in before:
            unregister_variant(rules.name)


@pytest.mark.parametrize("path", DOCS, ids=lambda p: p.name)
def test_examples_run(path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(ROOT)
    result = doctest.testfile(
        str(path),
        module_relative=False,
        optionflags=doctest.ELLIPSIS | doctest.NORMALIZE_WHITESPACE,
        verbose=False,
        report=True,
    )
    assert result.failed == 0, f"{result.failed} of {result.attempted} examples failed in {path}"


def test_docs_have_examples() -> None:
    attempted = sum(
        doctest.DocTestParser().get_examples(p.read_text(encoding="utf-8")).__len__() for p in DOCS
    )
    assert attempted >= 25
    assert os.path.exists(ROOT / "docs" / "your-own-variant.md")


def test_readme_variant_table_is_the_registry() -> None:
    from endnim.graphs import GRAPH_RULE_SETS
    from endnim.variants import BUILT_IN, get_variant
    from endnim.variants.registry import markdown_table

    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    assert markdown_table(tuple(get_variant(cls.name) for cls in BUILT_IN)) in readme
    assert markdown_table(tuple(get_variant(cls.name) for cls in GRAPH_RULE_SETS)) in readme


def test_cgt_game_imports_no_operator_module() -> None:
    """The Game type does not import the modules that import it (no cycle)."""
    source = (ROOT / "src" / "endnim" / "cgt" / "game.py").read_text(encoding="utf-8")
    for module in ("arithmetic", "order", "notation", "canonical"):
        assert f"from endnim.cgt.{module} import" not in source.split("if TYPE_CHECKING:")[0]
        body = source.split("if TYPE_CHECKING:", 1)[1].split("\n\n", 1)[1]
        assert f"from endnim.cgt.{module}" not in body
