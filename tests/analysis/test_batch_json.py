"""``endnim analyze --json --batch`` writes, line for line, what ``endnim analyze --json`` writes
for each position alone, and :meth:`Analysis.to_json` is the standard library's compact JSON of
``to_dict()`` (``separators=(",", ":")``, ``ensure_ascii=False``).

The batch takes shortcuts (the rule set and theory looked up once by
:func:`endnim.analyzer.analyzer_of`; each reason's data encoded as it is, not copied by
``Reason.to_dict``): these tests hold them to the plain path byte for byte, on random rows of
every variant with small piles (the search completes them), huge piles (up to 2⁶³ − 1 and
beyond) and bad lines in the middle.
"""

from __future__ import annotations

import json
import random
import re
from pathlib import Path

import pytest

from endnim.analyzer import analyze, analyzer_of
from endnim.cli import main

VARIANTS = ("endnim", "misere", "misere-conway", "loop", "muller", "partizan")
BIG = 2**63 - 1
BAD = ("0 2", "x y", "3 -1", "1 0x3", "3 ^ ^ 2", "[2, 2")
FORMS = ("3 1 3 # comment", "3^2 1", "3,3,1", "[2, 2]", " 4  4 ")


def random_lines(seed: int, count: int) -> list[str]:
    """Rows of length 0..7: small piles, runs of one huge pile +0..2 with ones, piles beyond
    64 bits; a bad line now and then, and comments and blank lines."""
    rng = random.Random(seed)
    lines: list[str] = []
    for _ in range(count):
        kind = rng.random()
        length = rng.randint(1, 7)
        if kind < 0.3:
            row = [rng.randint(1, 5) for _ in range(min(length, 5))]
        elif kind < 0.75:
            base = rng.randrange(1, BIG - 3)
            row = [1 if rng.random() < 0.15 else base + rng.randrange(0, 3) for _ in range(length)]
        elif kind < 0.85:
            row = [rng.randrange(1, BIG + 1) for _ in range(length)]
        else:
            row = [rng.randrange(1, 10**30) for _ in range(length)]
        lines.append(" ".join(map(str, row)))
        if rng.random() < 0.12:
            lines.append(rng.choice((*BAD, *FORMS, "", "# a comment")))
    lines[count // 3 : count // 3] = [BAD[seed % len(BAD)], "", BAD[(seed + 1) % len(BAD)]]
    return lines


def same_bytes(line: str) -> str:
    """The line, with the search's cache size blanked: the shared solver keeps its cache from
    one position to the next, so it depends on what was analysed before, in a batch or not."""
    return re.sub(r'"states_cached": ?\d+', '"states_cached":0', line)


def cli_output(capsys: pytest.CaptureFixture[str], argv: list[str]) -> tuple[str, str, int]:
    """(standard output, standard error, exit status) of ``endnim`` with ``argv``."""
    status = 0
    try:
        main(argv)
    except SystemExit as done:
        status = int(done.code or 0)
    captured = capsys.readouterr()
    return captured.out, captured.err, status


@pytest.mark.parametrize("variant", VARIANTS)
def test_batch_equals_single_positions(
    variant: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    lines = random_lines(VARIANTS.index(variant), 30)
    batch = tmp_path / "rows.txt"
    batch.write_text("\n".join(lines) + "\n")
    out, _, status = cli_output(
        capsys, ["analyze", "--json", "--batch", str(batch), "--variant", variant]
    )
    written = out.splitlines()
    expected: list[str] = []
    bad = 0
    for number, line in enumerate(lines, start=1):
        text = line.split("#", 1)[0].strip()
        if not text:
            continue
        single, error, code = cli_output(capsys, ["analyze", "--json", "--variant", variant, text])
        if code:
            bad += 1
            message = error.strip().removeprefix("endnim: error: ")
            expected.append(compact({"input": text, "line": number, "error": message}))
        else:
            expected.append(single.rstrip("\n"))
    assert bad >= 2, "the lines hold bad lines in the middle"
    assert status == 2
    assert [same_bytes(line) for line in written] == [same_bytes(line) for line in expected]


def compact(data: object) -> str:
    """The standard library's one-line compact JSON (the reference for the orjson path)."""
    return json.dumps(data, ensure_ascii=False, separators=(",", ":"))


@pytest.mark.parametrize("variant", VARIANTS)
@pytest.mark.parametrize("method", ["auto", "theory", "search"])
def test_to_json_is_dumps_of_to_dict(variant: str, method: str) -> None:
    run = analyzer_of(variant, method)
    for text in random_lines(100 + VARIANTS.index(variant), 25):
        text = text.split("#", 1)[0].strip()
        if not text or text in BAD or text in FORMS:
            continue
        if method == "search" and (len(text) > 12 or max(map(int, text.split())) > 5):
            continue
        result = run(text)
        assert result.to_json() == compact(result.to_dict())
        again = analyze(text, variant, method).to_json()
        assert same_bytes(result.to_json()) == same_bytes(again)


def test_analyzer_of_an_unknown_variant_refuses_each_position() -> None:
    run = analyzer_of("no-such-game")
    with pytest.raises(Exception, match="no-such-game"):
        run("3 1 3")


def test_a_huge_refused_line_is_echoed_in_part(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """A 4 MB line of too many piles was echoed whole in its error object (4 MB of output)."""
    batch = tmp_path / "huge.txt"
    huge = "3 " * 2_000_000 + "x"
    batch.write_text(f"3 1 4\n{huge}\n2 2\n")
    out, err, status = cli_output(capsys, ["analyze", "--json", "--batch", str(batch)])
    first, refused, last = (json.loads(line) for line in out.splitlines())
    assert status == 2 and "line 2" in err
    assert first["position"] == [3, 1, 4] and last["position"] == [2, 2]
    assert refused["line"] == 2 and refused["input_chars"] == len(huge)
    assert refused["input"] == huge[:1000] + "…" and "1,000,000 piles" in refused["error"]
    assert len(out) < 20_000
