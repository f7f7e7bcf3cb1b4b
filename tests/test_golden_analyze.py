"""``endnim analyze --json`` prints exactly what it printed before the pipeline refactor.

The golden lines (tests/data/golden_analyze.jsonl.gz) were written by
``benchmarks/golden_analyze.py --write`` from the commit named in the file's header: 10,000
seeded random positions of every rule set (the built-in ones and the example user rule sets),
plus the positions the test suite analyses, through ``endnim analyze --json --batch``. This test
checks the first 1,000 positions of every group (a batch's first lines depend on those positions
only, so the prefix is checked byte for byte); ``ENDNIM_GOLDEN=full`` checks all of them
(``benchmarks/golden_analyze.py --check`` does the same from the command line).
"""

from __future__ import annotations

import importlib.util
import os
import sys
from pathlib import Path
from types import ModuleType

ROOT = Path(__file__).resolve().parent.parent


def _golden() -> ModuleType:
    path = ROOT / "benchmarks" / "golden_analyze.py"
    spec = importlib.util.spec_from_file_location("golden_analyze", path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules["golden_analyze"] = module  # dataclasses look their module up
    spec.loader.exec_module(module)
    return module


def test_the_golden_file_is_small_and_names_its_commit() -> None:
    golden = _golden()
    assert golden.DATA.stat().st_size < 5_000_000
    header, groups = golden.read()
    assert len(str(header["commit"])) == 40
    random_sizes = {g.variant: len(g.inputs) for g in groups if g.key()[2:] == ("auto", None)}
    assert set(golden.GENERATORS) <= set(random_sizes)


def test_analyze_json_is_unchanged_byte_for_byte() -> None:
    golden = _golden()
    prefix = None if os.environ.get("ENDNIM_GOLDEN") == "full" else 1000
    failures = golden.check(prefix=prefix)
    assert not failures, "\n".join(failures)
