"""End-to-end, in Debian's Chromium: games that teach (the judgement of each move, the value
history chart, a true end-of-game message), the partizan value panel, exports, the layout of
long rows and narrow screens, positions read with the command line's rules, large tables.

Set ENDNIM_DOCS_IMG=docs/img to refresh the screenshots docs/workbench.md shows.
"""

from __future__ import annotations

import os
import re
from pathlib import Path

import web.test_e2e as e2e
from playwright.sync_api import Page, expect
from web.test_e2e import SETTLED, open_page, play_until_the_end

from endnim.analysis.tables import value_table
from endnim.analysis.values import parse_sum, value_fields
from endnim.play.judge import judge
from endnim.variants import get_variant

served = e2e.served  # the fixtures: a served app in Debian's Chromium, a fresh page
page = e2e.page
NARROW = {"width": 390, "height": 844}

NO_OVERLAP = """(selector) => {
  const boxes = [...document.querySelectorAll(selector)].map((e) => e.getBoundingClientRect())
    .filter((r) => r.width > 0 && r.height > 0);
  const clashes = [];
  for (let i = 0; i < boxes.length; i += 1) {
    for (let j = i + 1; j < boxes.length; j += 1) {
      const a = boxes[i], b = boxes[j];
      const w = Math.min(a.right, b.right) - Math.max(a.left, b.left);
      const h = Math.min(a.bottom, b.bottom) - Math.max(a.top, b.top);
      if (w > 0.5 && h > 0.5) clashes.push([i, j]);
    }
  }
  return { count: boxes.length, clashes };
}"""


def shot(page: Page, name: str, tmp: Path, part: str | None = None) -> None:
    """A screenshot of the page (or of one part of it) for the docs."""
    folder = Path(os.environ.get("ENDNIM_DOCS_IMG") or tmp)
    folder.mkdir(parents=True, exist_ok=True)
    target = folder / name
    if part:
        page.locator(part).screenshot(path=str(target))
    else:
        page.screenshot(path=str(target))
    assert target.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"


def test_a_losing_move_is_judged_and_charted(page: Page, tmp_path: Path) -> None:
    open_page(page, "endnim", "3 1 4")  # N: R3 is the only winning move
    page.click("#new-game")
    page.wait_for_function(SETTLED)
    page.click("#moves button[data-move=L0]")  # 1 4: a losing move
    page.wait_for_function(SETTLED)
    expected = judge(get_variant("endnim"), (3, 1, 4), (1, 4), None)
    assert expected is not None and expected.blunder
    box = page.locator("#judgement")
    expect(box).to_have_attribute("data-kind", "blunder")
    expect(box).to_contain_text("You threw the win away.")
    expect(box).to_contain_text(expected.text("L0"))
    expect(box).to_contain_text("the winning move was R3")
    expect(page.locator("#history li").first).to_contain_text("threw the win away")
    marks = page.locator("#value-chart-svg .mark")
    expect(marks).to_have_count(3)  # the start, your move, the computer's reply
    data = marks.evaluate_all(
        "ms => ms.map(m => [m.dataset.ply, m.dataset.mover, m.dataset.blunder, m.dataset.winner,"
        " m.tagName.toLowerCase()])"
    )
    assert data[0] == ["0", "start", "false", "human", "circle"]  # you could win at the start
    assert data[1] == ["1", "human", "true", "computer", "circle"]  # the blunder
    assert data[2][1:] == ["computer", "false", "computer", "rect"]
    # above the axis while you win, below once the computer does
    ys = marks.evaluate_all("ms => ms.map(m => m.getBBox().y + m.getBBox().height / 2)")
    axis = page.locator("#value-chart-svg line.axis").evaluate("l => +l.getAttribute('y1')")
    assert ys[0] < axis < ys[1]
    expect(page.locator("#value-chart-svg .blunder-label")).to_have_count(1)
    shot(page, "workbench-teach.png", tmp_path, "#play-card")
    status = play_until_the_end(page, prefer_winning=True)
    moves = page.locator("#history li").count()
    ending = "You have no move left and lose (normal play)"
    assert status == f"The computer won. {ending}; {moves} moves."
    expect(page.locator("#value-chart-svg .mark")).to_have_count(moves + 1)


def test_a_kept_win_and_the_winners_true_message(page: Page) -> None:
    open_page(page, "endnim", "2 2 1")
    page.click("#new-game")
    status = play_until_the_end(page, prefer_winning=True)
    moves = page.locator("#history li").count()
    ending = "The computer has no move left and loses (normal play)"
    assert status == f"You won! {ending}; {moves} moves."
    expect(page.locator("#judgement")).to_have_attribute("data-kind", "kept")
    expect(page.locator("#judgement")).to_contain_text("keeps the win")
    blunders = page.locator("#value-chart-svg .mark[data-blunder=true]")
    expect(blunders).to_have_count(0)
    expect(page.locator("#outcome")).to_have_text("P")  # the empty row is a P-position
    expect(page.locator("#grundy")).to_have_text("0")


def test_the_value_panel_for_a_sum_and_a_position(page: Page, tmp_path: Path) -> None:
    from endnim.cgt import parse, position_value, sum_value

    open_page(page, "partizan", "3 1 2")
    card = page.locator("#value-card")
    expect(card).to_be_visible()
    expect(card).to_have_attribute("data-text", "3 1 2")
    rules = get_variant("partizan")
    for side in ("L", "R"):
        expect(page.locator(f"#value-out ul.options[data-side={side}] li")).to_have_count(
            len(rules.options((3, 1, 2), side))
        )
    page.fill("#value-text", "3 1 2 + 2 2")
    page.click("#value-go")
    expect(card).to_have_attribute("data-text", "3 1 2 + 2 2")
    summands = parse_sum("3 1 2 + 2 2")
    total = sum_value(summands)
    expected = value_fields(summands, total, None)
    expect(page.locator("#value-out .form.main .unicode")).to_have_text(str(expected["value"]))
    expect(page.locator("#value-out .form.main .ascii")).to_have_text(str(expected["value_ascii"]))
    expect(page.locator("#atomic-weight")).to_have_text(expected["atomic_weight"])
    expect(page.locator("#temperature")).to_have_text(expected["temperature"])
    expect(page.locator("#reduced")).to_have_text(expected["reduced"])
    expect(page.locator("#thermograph")).to_be_visible()
    expression = page.locator("#cgsuite-expression").text_content() or ""
    assert parse(expression) is total  # the export reads back to the sum's value
    expect(page.locator("#value-out ul.summands li")).to_have_count(2)
    expect(page.locator("#value-out ul.summands li").nth(1)).to_contain_text(
        f"2 2 = {position_value((2, 2))}"
    )
    shot(page, "workbench-values.png", tmp_path, "#value-card")
    page.select_option("#variant", "endnim")
    expect(card).to_be_hidden()


def test_exports_download_what_the_cli_writes(page: Page) -> None:
    open_page(page, "endnim", "3 1 4")
    page.fill("#table-middle", "3")
    page.fill("#table-rows", "9")
    page.fill("#table-cols", "7")
    page.click("#draw-table")
    expect(page.locator("#table-caption")).to_contain_text("x·3·y")
    with page.expect_download() as info:
        page.click("#export-csv")
    download = info.value
    assert download.suggested_filename == "endnim-table-3.csv"
    text = Path(download.path()).read_text()
    assert text == value_table("endnim", "3", "1..9", "1..7").render("csv")
    expect(page.locator("#export-png")).to_have_attribute(
        "href", "/api/export/table?variant=endnim&middle=3&rows=9&cols=7&format=png"
    )
    page.select_option("#variant", "partizan")
    page.fill("#table-middle", "2 4 1")
    page.click("#draw-table")
    expect(page.locator("#table-caption")).to_contain_text("phase diagram of w = 2 4 1")
    with page.expect_download() as info:
        page.click("#export-phase-svg")
    svg = Path(info.value.path()).read_text()
    assert svg.startswith("<?xml") and "Phase diagram of w = 2 4 1" in svg


def test_a_narrow_screen_never_scrolls_sideways(page: Page, tmp_path: Path) -> None:
    page.set_viewport_size(NARROW)
    width = "document.documentElement.scrollWidth"
    open_page(page, "endnim", "3 1 4 1 5")
    assert page.evaluate(width) <= NARROW["width"]
    page.click("#new-game")
    page.wait_for_function(SETTLED)
    page.locator("#moves button.move:enabled").first.click()
    page.wait_for_function(SETTLED)
    expect(page.locator("#value-chart-svg")).to_be_visible()
    assert page.evaluate(width) <= NARROW["width"]
    page.click("#stop")
    page.goto("about:blank")  # a fresh page (a new hash alone does not reload it)
    open_page(page, "partizan", "3 1 2 5 4 2 7 1 3 6")  # long canonical forms, many moves
    expect(page.locator("#value-card")).to_have_attribute("data-text", "3 1 2 5 4 2 7 1 3 6")
    assert page.evaluate(width) <= NARROW["width"]
    shot(page, "workbench-phone.png", tmp_path)


def test_thirty_piles_have_no_overlapping_controls(page: Page, tmp_path: Path) -> None:
    row = " ".join(str(1 + (7 * i) % 23) for i in range(30))
    open_page(page, "endnim", row)
    controls = "#editor button, #editor input"
    result = page.evaluate(NO_OVERLAP, controls)
    assert result["count"] == 30 * 4 + 2 and result["clashes"] == []
    shot(page, "workbench-30-piles.png", tmp_path, "#position-card")
    page.get_by_label("remove pile 30").click()  # the last pile's × is reachable
    expect(page.locator("#position-text")).to_have_value(row.rsplit(" ", 1)[0])
    page.set_viewport_size(NARROW)
    result = page.evaluate(NO_OVERLAP, controls)
    assert result["count"] == 29 * 4 + 2 and result["clashes"] == []
    assert page.evaluate("document.documentElement.scrollWidth") <= NARROW["width"]


def test_rows_are_read_as_the_command_line_reads_them(page: Page) -> None:
    open_page(page, "endnim", "3 1 4")
    for text, error in (("3,,4", "empty pile between commas"), ("[3, 4", "unbalanced brackets")):
        page.fill("#position-text", text)
        page.press("#position-text", "Enter")
        expect(page.locator("#error")).to_contain_text(error)
        # nothing of 3 1 4 is left beside the error (issue 24): no moves, no analysis
        expect(page.locator("#moves")).to_have_attribute("data-position", "")
        expect(page.locator("#moves button")).to_have_count(0)
        expect(page.locator("#outcome")).to_have_text("·")
    page.fill("#position-text", "[3, 4]")
    page.press("#position-text", "Enter")
    expect(page.locator("#moves")).to_have_attribute("data-position", "3 4")
    page.get_by_label("remove pile 1").click()
    page.get_by_label("remove pile 1").click()
    expect(page.locator("#outcome")).to_have_text("P")
    expect(page.locator("#grundy")).to_have_text("0")
    expect(page.locator("#outcome-words")).to_contain_text("the empty row")


def test_a_large_table_is_drawn_on_a_canvas_the_right_way_round(page: Page) -> None:
    open_page(page, "endnim", "3 1 4")
    # small impartial tables: SVG, x down (as `endnim table --png` draws a)
    lower = page.locator("#table-svg rect.cell[data-x='2'][data-y='1']").bounding_box()
    upper = page.locator("#table-svg rect.cell[data-x='1'][data-y='1']").bounding_box()
    assert lower and upper and lower["y"] > upper["y"]
    page.fill("#table-rows", "300")
    page.fill("#table-cols", "300")
    page.click("#draw-table")
    canvas = page.locator("#table-canvas")
    expect(canvas).to_be_visible()
    assert page.locator("#table rect").count() == 0  # one picture, not 90,000 cells
    geometry = canvas.evaluate("c => [+c.dataset.left, +c.dataset.top, +c.dataset.cell]")
    left, top, cell = geometry
    canvas.click(position={"x": left + 5 * cell + cell / 2, "y": top + 3 * cell + cell / 2})
    expect(page.locator("#moves")).to_have_attribute("data-position", "3 5")
    # phase diagrams: x up, as in the paper and `endnim phase`
    page.select_option("#variant", "partizan")
    page.fill("#table-middle", "2 4 1")
    page.fill("#table-rows", "12")
    page.fill("#table-cols", "12")
    page.click("#draw-table")
    expect(page.locator("#table-caption")).to_contain_text("up, as in the paper")
    lower = page.locator("#table-svg rect.cell[data-x='2'][data-y='1']").bounding_box()
    upper = page.locator("#table-svg rect.cell[data-x='1'][data-y='1']").bounding_box()
    assert lower and upper and lower["y"] < upper["y"]


def test_a_partizan_game_is_judged_and_its_values_can_be_hidden(page: Page) -> None:
    open_page(page, "partizan", "3 2 4 1 5")
    page.click("#new-game")
    page.wait_for_function(SETTLED)
    page.locator("#moves button.move[data-player=L]:enabled").first.click()
    page.wait_for_function(SETTLED)
    history = page.locator("#history li")
    expect(history).to_have_count(2)
    plies = page.evaluate("() => state.game.history.map(p => p.judgement.blunder)")
    expect(page.locator("#judgement")).to_be_visible()
    expect(page.locator("#judgement")).to_have_attribute(
        "data-kind", "blunder" if plies[0] else re.compile("kept|lost")
    )
    marks = page.locator("#value-chart-svg .mark")
    expect(marks).to_have_count(3)
    assert marks.evaluate_all("ms => ms.map(m => m.dataset.blunder === 'true')")[1:] == plies
    expect(page.locator("#value-card")).to_be_visible()
    page.uncheck("#show-values")
    expect(page.locator("#value-out")).to_contain_text("Values hidden during the game")
    page.check("#show-values")
    expect(page.locator("#value-card")).to_have_attribute("data-text", re.compile(r"\d"))


def test_a_sum_is_drawn_summand_under_summand_and_played_to_its_end(page: Page) -> None:
    from endnim.analyzer import analyze

    base: str = page.base_url  # type: ignore[attr-defined]
    page.goto(f"{base}#variant=endnim&position=3+1+%2B+2+2")  # '+' is %2B in a link
    page.wait_for_selector("body[data-ready=true]")
    expect(page.locator("#position-text")).to_have_value("3 1 + 2 2")
    expect(page.locator("#moves")).to_have_attribute("data-position", "3 1 + 2 2")
    expect(page.locator("#editor .summand")).to_have_count(2)
    expected = analyze("3 1 + 2 2")
    expect(page.locator("#outcome")).to_have_text(expected.outcome)
    winning = page.locator("#moves button.move[data-result=win]")
    assert winning.evaluate_all("bs => bs.map(b => b.dataset.move)") == expected.winning_moves
    expect(
        page.locator("#moves .move-group[data-summand='2'] button.move").first
    ).to_have_attribute("data-move", re.compile(r"^2:"))
    page.click("#new-game")
    page.wait_for_function(SETTLED)
    page.click("#moves button.move[data-result=win]")  # a click: a summand, its end, a size
    page.wait_for_function(SETTLED)
    expect(page.locator("#judgement")).to_contain_text("keeps the win")
    status = play_until_the_end(page, prefer_winning=True)
    moves = page.locator("#history li").count()
    ending = "The computer has no move left and loses (normal play)"
    assert status == f"You won! {ending}; {moves} moves."
    page.click("#stop")
    page.fill("#position-text", "3 + + 2")
    page.click("#set-position")
    expect(page.locator("#error")).to_contain_text("summand 2 of '3 + + 2' is empty")
