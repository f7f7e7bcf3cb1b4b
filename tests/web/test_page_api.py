"""The API behind the page's position reader, value panel and exports: each answers what the
command line reads, prints or writes."""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner
from conftest import BUILT_IN_NAMES, positions, solver
from fastapi.testclient import TestClient
from web.api_helpers import (
    error_of,
)

from endnim.analysis.tables import value_table
from endnim.cgt import position_value, to_ascii, to_unicode
from endnim.commands.value import value as value_command
from endnim.errors import EndNimError
from endnim.phase import phase_diagram
from endnim.position import as_position
from endnim.search import ImpartialValue, PartizanValue
from endnim.variants import get_variant

# --------------------------------------------------------------------------- reading rows
TEXTS = [
    "3 3 3 2",
    "3,3,3,2",
    "3^3 2",
    "[3, 3, 2]",
    "(3 4)",
    "3,,4",
    "[3, 4",
    "3 4]",
    "3 0 2",
    "3 -1",
    "3.5 2",
    "abc",
    "3^0",
    "2^",
    "",
    "   ",
    ",",
    "3,4,",
]


@pytest.mark.parametrize("text", TEXTS)
def test_the_page_reads_rows_with_the_command_lines_rules(client: TestClient, text: str) -> None:
    response = client.get("/api/position", params={"position": text})
    assert response.status_code == 200, response.text
    answer = response.json()
    try:
        expected = as_position(text, allow_empty=True)
    except EndNimError as error:
        assert answer["error"] == str(error) and answer["position"] is None
        return
    assert answer["error"] is None
    assert answer["position"] == list(expected)
    assert answer["text"] == str(expected)


@pytest.mark.parametrize("variant", [v for v in BUILT_IN_NAMES if get_variant(v).family == "row"])
def test_the_empty_row_has_the_value_its_rules_give(client: TestClient, variant: str) -> None:
    answer = client.get("/api/position", params={"position": "", "variant": variant}).json()
    terminal = answer["terminal"]
    assert answer["position"] == [] and terminal["remoteness"] == 0
    value = solver(variant).value(())  # the exhaustive search's value of the empty row
    if isinstance(value, ImpartialValue):
        assert terminal["grundy"] == value.grundy
        assert terminal["outcome"] == ("P" if value.grundy == 0 else "N")
    else:
        assert isinstance(value, PartizanValue) and terminal["grundy"] is None
        assert not value.left_wins_first and not value.right_wins_first
        assert terminal["outcome"] == "P"
    if variant == "endnim":
        assert (terminal["outcome"], terminal["grundy"]) == ("P", 0)
    assert client.get("/api/position", params={"position": "3 1"}).json()["terminal"] is None


def test_a_terminal_position_is_explained_in_its_rule_sets_words(client: TestClient) -> None:
    def reason(variant: str, position: str) -> str:
        answer = client.get("/api/position", params={"position": position, "variant": variant})
        terminal: dict[str, Any] = answer.json()["terminal"]
        return str(terminal["reason"])

    # misère End-Nim at a lone coin: a move is left, and it loses
    assert reason("misere", "1") == get_variant("misere").ending_text((1,))
    assert "must take the last coin and loses" in reason("misere", "1")
    assert "no move" not in reason("misere", "1") and "normal play" not in reason("misere", "1")
    assert "whoever took it loses" in reason("misere-conway", "")
    assert "whoever left it wins" in reason("loop", "5")
    assert reason("endnim", "") == "the player to move has no move left and loses (normal play)"


# --------------------------------------------------------------------------- values
def cli_value(*args: str) -> dict[str, Any]:
    result = CliRunner().invoke(value_command, ["--json", *args])
    assert result.exit_code == 0, result.output
    loaded: dict[str, Any] = json.loads(result.output)
    return loaded


@pytest.mark.parametrize("text", ["3 1 2 + 2 2", "2 4 1", "3 1 2", "2 1 + 1 2", "5 2 4 1", "1"])
def test_the_value_panel_answers_what_endnim_value_prints(client: TestClient, text: str) -> None:
    answer = client.get("/api/value", params={"position": text}).json()
    expected = cli_value(*text.split())
    for key, value in expected.items():
        assert answer[key] == value, key
    summands = [s.strip() for s in text.split("+")]
    assert [s["position"] for s in answer["summands"]] == summands
    for summand, shown in zip(summands, answer["summands"], strict=True):
        assert shown["value"] == cli_value(*summand.split())["value"]
    if len(summands) > 1:
        assert answer["options"] is None
        return
    row = as_position(text)
    rules = get_variant("partizan")
    for side in ("L", "R"):
        options = answer["options"][side]
        assert [o["move"] for o in options] == [str(m) for m, _ in rules.options(row, side)]
        for option, (_, after) in zip(options, rules.options(row, side), strict=True):
            assert option["after"] == str(after)
            game = position_value(tuple(after))
            assert (option["value"], option["value_ascii"]) == (to_unicode(game), to_ascii(game))


def test_every_small_value_matches_the_cli() -> None:
    """The panel's values are the CLI's on every row of length <= 3 with piles <= 4."""
    from endnim.web.views import value_task

    for row in positions(3, 4):
        text = " ".join(map(str, row))
        answer = value_task(text, "partizan")
        assert answer["value"] == to_unicode(position_value(row)), text


def test_value_errors_are_one_line(client: TestClient) -> None:
    assert "impartial" in error_of(
        client.get("/api/value", params={"position": "3 1", "variant": "endnim"}), 400
    )
    assert "empty" in error_of(client.get("/api/value", params={"position": "3 1 + "}), 400)
    detail = error_of(client.get("/api/value", params={"position": "100 100 100 100 100"}), 422)
    assert "endnim value" in detail and "--budget" not in detail  # page words, not CLI options
    assert "3,,4" in error_of(client.get("/api/value", params={"position": "3,,4"}), 400)


def test_a_sum_of_two_is_also_a_comparison(client: TestClient) -> None:
    """G vs H is the outcome of G - H, and -H is H reversed (Left and Right swap ends):
    P is =, L is >, R is <, N is ‖ (confused)."""
    from endnim.cgt import outcome, sum_value

    relation_of = {"P": "=", "L": ">", "R": "<", "N": "‖"}
    rows = [row for row in positions(3, 3) if row]
    seen = set()
    for g in rows[::3]:
        for h in rows[::4]:
            text = f"{' '.join(map(str, g))} + {' '.join(map(str, h))}"
            answer = client.get("/api/value", params={"position": text}).json()
            difference = outcome(sum_value([tuple(g), tuple(reversed(h))]))
            comparison = answer["comparison"]
            assert comparison["relation"] == relation_of[difference], text
            assert comparison["text"] == text.replace("+", comparison["relation"])
            seen.add(comparison["relation"])
    assert seen == {"=", ">", "<", "‖"}
    assert client.get("/api/value", params={"position": "2 1"}).json()["comparison"] is None
    three = client.get("/api/value", params={"position": "1 + 2 + 3"}).json()
    assert three["comparison"] is None
    assert client.get("/api/value", params={"position": "2 + 3"}).json()["comparison"] == {
        "relation": "‖",
        "text": "2 ‖ 3",
        "ascii": "2 <> 3",
    }


# --------------------------------------------------------------------------- exports
@pytest.mark.parametrize(
    ("variant", "middle"),
    [("endnim", ""), ("endnim", "3"), ("muller", "2 1"), ("partizan", "2 4 1")],
)
@pytest.mark.parametrize("fmt", ["csv", "latex"])
def test_table_exports_are_what_endnim_table_writes(
    client: TestClient, variant: str, middle: str, fmt: str
) -> None:
    response = client.get(
        "/api/export/table",
        params={"variant": variant, "middle": middle, "rows": 9, "cols": 7, "format": fmt},
    )
    assert response.status_code == 200, response.text
    expected = value_table(variant, middle, "1..9", "1..7").render(fmt)
    assert response.text.rstrip("\n") == expected.rstrip("\n")
    suffix = {"csv": "csv", "latex": "tex"}[fmt]
    assert response.headers["content-disposition"].startswith("attachment; filename=")
    assert response.headers["content-disposition"].endswith(f'.{suffix}"')


def test_picture_exports(client: TestClient) -> None:
    png = client.get(
        "/api/export/table", params={"variant": "endnim", "rows": 12, "cols": 12, "format": "png"}
    )
    assert png.status_code == 200 and png.content[:8] == b"\x89PNG\r\n\x1a\n"
    assert png.headers["content-type"] == "image/png"
    svg = client.get("/api/export/table", params={"variant": "endnim", "format": "svg"})
    assert svg.status_code == 200 and b"<svg" in svg.content[:2000]
    phase = client.get("/api/export/phase", params={"middle": "2 4 1", "size": 12})
    assert phase.status_code == 200 and phase.headers["content-type"].startswith("image/svg+xml")
    assert "Phase diagram of w = 2 4 1" in phase.text
    assert f"triple point {phase_diagram((2, 4, 1), 12).triple_point[0]}·w·7" in phase.text
    phase_png = client.get(
        "/api/export/phase", params={"middle": "2 4 1", "size": 12, "format": "png"}
    )
    assert phase_png.content[:8] == b"\x89PNG\r\n\x1a\n"


def test_export_errors(client: TestClient) -> None:
    assert "middle row" in error_of(client.get("/api/export/phase", params={"middle": ""}), 400)
    error_of(client.get("/api/export/table", params={"format": "pdf"}), 422)
    error_of(client.get("/api/export/table", params={"rows": 301}), 422)
    assert "3,,4" in error_of(client.get("/api/export/table", params={"middle": "3,,4"}), 400)


# --------------------------------------------------------------------------- docs
def test_the_docs_quote_the_measured_drawing_times() -> None:
    """docs/workbench.md's timings are benchmarks/page_bench.py's, not typed by hand."""
    root = Path(__file__).resolve().parents[2]
    results = json.loads((root / "benchmarks" / "page_results.json").read_text())
    docs = (root / "docs" / "workbench.md").read_text()
    quoted = re.search(r"<!-- page-bench -->(.*?)<!-- /page-bench -->", docs, re.S)
    assert quoted is not None
    assert quoted[1] == results["docs_sentence"]
    big = results["tables"]["300x300"]
    assert f"{big['canvas_ms']:.0f} ms" in quoted[1] and f"{big['svg_cells_ms']:.0f}" in quoted[1]
    for image in re.findall(r"\(img/(workbench-[a-z0-9-]+\.png)\)", docs):
        assert (root / "docs" / "img" / image).exists(), image


def test_a_value_that_is_not_all_small_is_answered_not_refused(client: TestClient) -> None:
    """Issue 30: /api/value answered 400 ("the atomic weight is defined here for all-small
    games only; 3 is not one") for this depot-partizan position; now the CLI's object."""
    position = '{"labels":[0,3,0],"edges":[[0,1],[1,2]],"colours":["L","L"]}'
    response = client.get("/api/value", params={"position": position, "variant": "depot-partizan"})
    assert response.status_code == 200
    answer = response.json()
    expected = cli_value("-v", "depot-partizan", position)
    for key, value in expected.items():
        assert answer[key] == value, key
    assert answer["value"] == "3" and answer["atomic_weight"] is None and answer["is_number"]
    assert answer["thermograph_svg"].startswith("<svg") and answer["cgsuite"] == "3"
