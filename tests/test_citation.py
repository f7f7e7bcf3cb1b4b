"""CITATION.cff: valid Citation File Format 1.2.0, citing the version pyproject.toml gives."""

from __future__ import annotations

import tomllib
from pathlib import Path

import yaml

ROOT = Path(__file__).resolve().parents[1]


def test_citation_cites_this_version() -> None:
    citation = yaml.safe_load((ROOT / "CITATION.cff").read_text(encoding="utf-8"))
    project = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]
    assert citation["cff-version"] == "1.2.0"
    for key in ("message", "title", "authors"):  # the keys CFF 1.2.0 requires
        assert citation[key], key
    assert all("name" in a or "family-names" in a for a in citation["authors"])
    assert citation["version"] == project["version"]
    assert citation["license"] == project["license"]
    assert citation["type"] == "software"
    for reference in citation.get("references", []):
        assert {"type", "title", "authors"} <= set(reference)
