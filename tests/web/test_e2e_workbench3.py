"""End-to-end, in Debian's Chromium: the workbench's third pass (issue 33). End markers from the
rule set's ends() hook, the table card of a rule set the engine cannot run, a bad link said
once, a link without a variant read alike everywhere, one history for both backs, rows and
drawings that keep their shape at 390 px, and an empty position box.

Set ENDNIM_DOCS_IMG=docs/img to refresh the screenshots docs/workbench.md shows.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path

import pytest
import web.test_e2e as e2e
from playwright.sync_api import BrowserContext, Page, expect
from web.test_e2e import REPO, open_page, watched_page
from web.test_e2e_page import NARROW, shot

from endnim.analysis.tables import grid_table
from endnim.web.server import BackgroundServer

served = e2e.served  # the fixtures: a served app in Debian's Chromium, a fresh page
page = e2e.page
IDLE = """() => document.getElementById('busy').hidden &&
  document.getElementById('moves').dataset.position ===
  document.getElementById('position-text').value"""
LARGER_END = str(REPO / "tests" / "rules_gallery" / "larger_end.py") + ":LargerEnd"


@pytest.fixture
def larger_end_page(served: tuple[str, BrowserContext]) -> Iterator[Page]:
    """A page on a second server that runs a rule set the engine cannot (``serve --rules``)."""
    from endnim.variants import load_rules, unregister_variant
    from endnim.web.app import create_app
    from endnim.web.sandbox import Sandbox

    rules = load_rules(LARGER_END)
    try:
        sandbox = Sandbox(create_app, [LARGER_END], timeout=20)
    except BaseException:
        unregister_variant(rules.name)
        raise
    try:
        with BackgroundServer(create_app(limit_caches=False, sandbox=sandbox)) as server:
            yield from watched_page((server.url, served[1]))
    finally:
        sandbox.close()
        unregister_variant(rules.name)


@pytest.fixture
def refusing_page(served: tuple[str, BrowserContext]) -> Iterator[Page]:
    """A fresh page that may see the server refuse input with 400 (a row that is not a
    partizan warehouse, read when the page opens on depot-partizan), and nothing else."""
    yield from watched_page(served, re.compile(r"^Failed to load resource: .* status of 400 "))


def end_labels(page: Page) -> list[str]:
    labels: list[str] = page.locator("#editor > .pile .end-label").all_text_contents()
    return labels


# --------------------------------------------------------------------------- defects 1 and 2
def test_end_markers_come_from_the_rule_sets_ends(larger_end_page: Page) -> None:
    page = larger_end_page
    open_page(page, "larger-end", "5 2 3")  # only the larger end, the first pile, may be played
    expect(page.locator("#moves button.move")).to_have_count(5)
    assert {m[0] for m in page.locator("#moves button.move .mv").all_text_contents()} == {"L"}
    expect(page.locator("#editor > .pile").first.locator(".end-label")).to_have_text("L")
    assert end_labels(page) == ["L", "", ""]
    expect(page.locator("#editor > .pile.end")).to_have_count(1)
    page.fill("#position-text", "3 2 3")  # equal ends: either may be played
    page.click("#set-position")
    expect(page.locator("#moves")).to_have_attribute("data-position", "3 2 3")
    expect(page.locator("#editor > .pile").last.locator(".end-label")).to_have_text("R")
    assert end_labels(page) == ["L", "", "R"]


def test_end_markers_of_the_built_in_rule_sets(page: Page) -> None:
    open_page(page, "muller", "5 2 3")  # Muller Twist: the first pile only
    expect(page.locator("#editor > .pile").first.locator(".end-label")).to_have_text("L")
    assert end_labels(page) == ["L", "", ""]
    open_page(page, "endnim", "5 2 3")
    expect(page.locator("#editor > .pile").last.locator(".end-label")).to_have_text("R")
    assert end_labels(page) == ["L", "", "R"]


def test_the_table_card_of_a_rule_set_the_engine_cannot_run(larger_end_page: Page) -> None:
    page = larger_end_page
    open_page(page, "larger-end", "5 2 3")
    page.fill("#table-middle", "2")
    page.fill("#table-rows", "6")
    page.fill("#table-cols", "6")
    page.click("#draw-table")
    expect(page.locator("#table-caption")).to_have_attribute("data-path", "indexed search")
    expect(page.locator("#table-caption")).to_contain_text("indexed search")
    expect(page.locator("#table-error")).to_be_hidden()
    from endnim.variants import get_row_variant

    expected = grid_table(get_row_variant("larger-end"), (2,), 6, 6)
    cell = page.locator("#table-svg rect.cell[data-x='4'][data-y='5']")
    expect(cell).to_have_attribute("data-value", str(int(expected[4, 5])))


# --------------------------------------------------------------------------- defects 4 and 5
def test_a_bad_links_message_says_what_is_shown_once(page: Page) -> None:
    base: str = page.base_url  # type: ignore[attr-defined]
    page.goto(base + "#variant=nosuch&position=3+1")
    page.wait_for_selector("body[data-ready=true]")
    message = page.locator("#link-error")
    expect(message).to_contain_text("'nosuch' is not one of")
    text = message.text_content() or ""
    assert text.count("showing") == 1, text
    assert "showing End-Nim, 3 1, instead" in text


def test_a_link_without_a_variant_gives_the_same_page_everywhere(page: Page) -> None:
    base: str = page.base_url  # type: ignore[attr-defined]
    page.goto(base + "#position=5+5")  # a fresh load
    page.wait_for_selector("body[data-ready=true]")
    expect(page.locator("#variant")).to_have_value("endnim")
    expect(page.locator("#moves")).to_have_attribute("data-position", "5 5")
    page.goto(base + "#variant=tree&position=2(1+3)")  # followed inside the page: a tree
    expect(page.locator("#graph-svg g.vertex")).to_have_count(3)
    page.wait_for_function(IDLE)
    page.evaluate("() => { window.location.hash = '#position=5+5'; }")
    expect(page.locator("#variant")).to_have_value("endnim")
    expect(page.locator("#editor")).to_be_visible()
    expect(page.locator("#moves")).to_have_attribute("data-position", "5 5")
    expect(page.locator("#outcome")).to_have_text("P")


# --------------------------------------------------------------------------- defect 6
def test_the_pages_back_and_the_browsers_back_walk_one_history(page: Page) -> None:
    open_page(page, "endnim", "5 5")
    page.fill("#position-text", "2 7 1")
    page.click("#set-position")
    expect(page.locator("#moves")).to_have_attribute("data-position", "2 7 1")
    page.click("#moves button[data-move=L0]")
    expect(page.locator("#moves")).to_have_attribute("data-position", "7 1")
    page.go_back()  # the browser's back
    expect(page.locator("#moves")).to_have_attribute("data-position", "2 7 1")
    page.click("#back")  # the page's: one step further back, not forward to 7 1
    expect(page.locator("#moves")).to_have_attribute("data-position", "5 5")
    expect(page.locator("#back")).to_be_disabled()  # nothing of the page's behind 5 5
    page.go_forward()
    expect(page.locator("#moves")).to_have_attribute("data-position", "2 7 1")
    page.click("#moves button[data-move=R0]")
    expect(page.locator("#moves")).to_have_attribute("data-position", "2 7")
    page.click("#back")
    expect(page.locator("#moves")).to_have_attribute("data-position", "2 7 1")
    page.go_back()
    expect(page.locator("#moves")).to_have_attribute("data-position", "5 5")


# --------------------------------------------------------------------------- defect 7
@pytest.mark.parametrize("row", ["3 1 4 1", "12 7 30 5", "9 9 9 9 9"])
def test_a_row_keeps_its_piles_together_at_390_px(page: Page, row: str, tmp_path: Path) -> None:
    page.set_viewport_size(NARROW)
    open_page(page, "endnim", row)
    tops = page.locator("#editor > .pile").evaluate_all(
        "ps => ps.map(p => Math.round(p.getBoundingClientRect().top))"
    )
    assert len(set(tops)) == 1, tops  # one line: no pile left alone on a second
    if row == "3 1 4 1":
        shot(page, "workbench-row-phone.png", tmp_path, "#position-card")


EDGES_CLEAR = """() => {
  // every vertex number's box, against points along every edge line, in screen pixels
  const svg = document.getElementById('graph-svg');
  const boxes = [...svg.querySelectorAll('.vertex-number')].map((t) => t.getBoundingClientRect());
  const hits = [];
  for (const line of svg.querySelectorAll('line.edge-line')) {
    const m = line.getScreenCTM();
    const [x1, y1, x2, y2] = ['x1', 'y1', 'x2', 'y2'].map((k) => line[k].baseVal.value);
    for (let k = 0; k <= 60; k += 1) {
      const p = new DOMPoint(x1 + (x2 - x1) * k / 60, y1 + (y2 - y1) * k / 60).matrixTransform(m);
      boxes.forEach((b, i) => {
        const inside = p.x > b.left + 1 && p.x < b.right - 1;
        if (inside && p.y > b.top + 1 && p.y < b.bottom - 1) hits.push(i);
      });
    }
  }
  return { numbers: boxes.length, hits: [...new Set(hits)] };
}"""


@pytest.mark.parametrize("variant", ["depot-partizan", "depot"])
@pytest.mark.parametrize("width", [390, 1280])
def test_vertex_numbers_stay_off_the_edges(
    refusing_page: Page, variant: str, width: int, tmp_path: Path
) -> None:
    page = refusing_page
    page.set_viewport_size({"width": width, "height": 900})
    base: str = page.base_url  # type: ignore[attr-defined]
    page.goto(f"{base}#variant={variant}")
    page.wait_for_selector("body[data-ready=true]")
    page.wait_for_function(IDLE)
    for preset in ("cycle", "star", "grid", "spider"):
        page.click(f"#presets button[data-preset={preset}]")
        page.wait_for_function(IDLE)
        found = page.evaluate(EDGES_CLEAR)
        assert found["numbers"] > 2 and not found["hits"], (preset, found)
        if preset == "cycle" and variant == "depot-partizan" and width == 390:
            shot(page, "graph-cycle-phone.png", tmp_path, "#graph-svg")


# --------------------------------------------------------------------------- defect 8
def test_an_empty_position_box_asks_for_a_position(page: Page) -> None:
    open_page(page, "endnim", "3 1 4")
    page.fill("#position-text", "  ")
    page.click("#set-position")
    expect(page.locator("#error")).to_contain_text("the position box is empty")
    expect(page.locator("#position-text")).to_have_value("3 1 4")  # nothing else changed
    expect(page.locator("#moves")).to_have_attribute("data-position", "3 1 4")
    expect(page.locator("#editor > .pile")).to_have_count(3)


# --------------------------------------------------------------------------- the value history
GAME_SETTLED = """() => {
  const status = document.getElementById('game-status').textContent;
  return /Your move|You won|computer won/.test(status) && document.getElementById('busy').hidden
    && document.getElementById('moves').dataset.position ===
       document.getElementById('position-text').value;
}"""


@pytest.mark.parametrize("width", [1280, 390])
def test_every_option_at_every_turn(page: Page, width: int, tmp_path: Path) -> None:
    import json
    from urllib.parse import unquote

    from endnim.play.turns import turn_options

    page.set_viewport_size({"width": width, "height": 900})
    open_page(page, "endnim", "3 1 4")
    page.click("#new-game")
    page.wait_for_function(GAME_SETTLED)
    expect(page.locator("#value-history")).to_be_hidden()  # no turn yet
    page.click("#moves button[data-move=L0]")  # throws the win away: R3 was the winning move
    page.wait_for_function(GAME_SETTLED)
    turns = page.locator("#value-history-turns .turn")
    expect(turns).to_have_count(2)  # yours and the computer's answer
    first = turns.nth(0)
    expected = turn_options("endnim", "3 1 4", None).listed
    assert expected is not None
    expect(first.locator(".option")).to_have_count(len(expected))
    for option in expected:
        chip = first.locator(f".option[data-move={option.move}]")
        expect(chip).to_have_attribute("data-result", "win" if option.wins else "lose")
        expect(chip.locator(".val")).to_have_text(f"{option.value} · {option.remoteness}")
    expect(first.locator(".option.played")).to_have_attribute("data-move", "L0")
    expect(first.locator(".option.win")).to_have_attribute("data-move", "R3")  # the win left
    href = page.get_attribute("#export-record", "href") or ""
    record = json.loads(unquote(href.split(",", 1)[1]))
    assert record["history"][0]["options"]["winning"] == ["R3"]
    assert len(record["history"]) == 2 and record["history"][1]["options"]["listed"]
    shot(page, f"workbench-value-history-{width}.png", tmp_path, "#play-card")
