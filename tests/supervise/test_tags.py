"""A supervised worker's messages name the rule set and the hook it was in, however long the
rule set's label and whatever colons or dots its name holds (issue 43: a garbled name).

The tag a worker writes around a hook (``label: hook``, at most 240 bytes) was cut from the
end: a label near that size lost the hook, and the supervisor, splitting on the last ``": "``,
took a piece of the name for the label ("rule set 'slow" ...) and named no hook.
"""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

from endnim.supervise.watch import TAG_BYTES, encode_tag

SLOW = """
import time
from endnim.variants import EndNim


class Slow(EndNim):
    name = "slow: ends.v2"
    aliases = ()
    title = "slow ends: a sleeping hook"

    def ends(self, piles, player=None):
        time.sleep(60)
        return ("L", "R")
"""


def test_a_long_label_keeps_its_hook_in_the_tag() -> None:
    label = "rule set 'a: b.c' (" + "y" * 400 + ".py:C)"
    tag = encode_tag(label, "allows_take").rstrip(b"\0").decode()
    assert len(tag.encode()) <= TAG_BYTES and tag.endswith("...: allows_take")
    assert encode_tag("rule set 'a: b'", "ends").rstrip(b"\0") == b"rule set 'a: b': ends"


def test_a_hook_past_its_deadline_is_named_with_its_rule_set(tmp_path: Path) -> None:
    """Through the supervised worker of a ``--rules FILE.py:Class`` command: the file's long
    name makes the label nearly fill the tag, the rule set's name has a colon and a dot."""
    path = tmp_path / f"{'a_rule_set_whose_file_name_is_long_' * 6}slow.py"
    path.write_text(SLOW)
    done = subprocess.run(
        [sys.executable, "-m", "endnim.cli", "table", "--rules", f"{path}:Slow"]
        + ["-w", "1", "-a", "1..2", "-b", "1..2"],
        capture_output=True,
        text=True,
        timeout=120,
        env={**os.environ, "ENDNIM_HOOK_TIMEOUT": "1"},
        cwd=tmp_path,
    )
    assert done.returncode == 2, done.stderr
    line = done.stderr.strip().splitlines()[-1]
    assert line.startswith(f"endnim: error: rule set 'slow: ends.v2' ({path.name}:Slow): "), line
    assert "ends() did not return within 1 s" in line, line


BRACKETED = """
from endnim.variants import EndNim


class Bracketed(EndNim):
    name = "bracketed-title"
    aliases = ()
    title = "[positions keep growing] t"

    def allows_take(self, pile, size):
        return pile - size <= 2
"""


def test_a_title_in_brackets_is_printed_as_written(tmp_path: Path) -> None:
    """issue 43's "t has no closed-form theory": the rule set's title went through rich as
    markup, which took "[positions keep growing]" for a style and dropped it. Through the
    supervised worker of ``analyze``, ``table`` and ``play`` (``--rules FILE.py:Class``)."""
    path = tmp_path / "bracketed.py"
    path.write_text(BRACKETED)
    title = "[positions keep growing] t"
    for args in (
        ["analyze", "3 1 2"],
        ["table", "-w", "1", "-a", "1..2", "-b", "1..2"],
        ["play", "3 1 2"],
    ):
        done = subprocess.run(
            [sys.executable, "-m", "endnim.cli", *args, "--rules", f"{path}:Bracketed"],
            input="quit\n",
            capture_output=True,
            text=True,
            timeout=120,
            cwd=tmp_path,
            env={**os.environ, "COLUMNS": "200"},
        )
        assert done.returncode == 0, done.stderr
        assert title in done.stdout, done.stdout
        if args[0] == "analyze":
            assert f"{title} has no closed-form theory" in done.stdout, done.stdout
