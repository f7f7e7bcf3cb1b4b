"""End-to-end, in Debian's Chromium: the workbench's fourth pass (issue 42). A game you can walk
through (Back and Forward step through it, every position a link, a new line from an earlier
position, a reload restores it), rows and their periods, games in CGSuite's notation and their
thermographs, and the page defects a fresh trial found.

Set ENDNIM_DOCS_IMG=docs/img to refresh the screenshots docs/workbench.md shows.
"""

from __future__ import annotations

from pathlib import Path

import pytest
import web.test_e2e as e2e
from playwright.sync_api import Page, expect
from web.test_e2e import SETTLED, open_page
from web.test_e2e_page import NARROW, shot

served = e2e.served  # the fixtures: a served app in Debian's Chromium, a fresh page
page = e2e.page

PLIES = "() => state.game ? state.game.history.length : -1"
SHOWN = "() => document.getElementById('moves').dataset.position"


def settled_at(page: Page, position: str) -> None:
    """The page shows ``position`` and is not busy (a game's position looked back at too)."""
    expect(page.locator("#moves")).to_have_attribute("data-position", position)
    expect(page.locator("#busy")).to_be_hidden()


def play_winning(page: Page) -> None:
    page.wait_for_function(SETTLED)
    page.locator("#moves button.move[data-result=win]:enabled").first.click()
    page.wait_for_function(SETTLED)


# --------------------------------------------------------------------------- a game to walk
def test_back_and_forward_step_through_a_game_and_never_lose_it(page: Page, tmp_path: Path) -> None:
    page.set_viewport_size(NARROW)  # on a phone, as the trial found it
    open_page(page, "endnim", "2 2")
    page.fill("#position-text", "3 1 4")
    page.click("#set-position")
    settled_at(page, "3 1 4")
    page.click("#new-game")
    play_winning(page)  # your R3, the computer's answer
    assert page.evaluate(PLIES) == 2
    line = page.evaluate("() => state.game.history.map(p => p.after)")
    page.go_back()  # the game's previous position, not 2 2
    settled_at(page, line[0])
    assert page.evaluate(PLIES) == 2  # the game is kept
    expect(page.locator("#history li.shown")).to_have_attribute("data-ply", "1")
    expect(page.locator("#game-status")).to_contain_text("Looking back")
    assert page.evaluate("() => document.documentElement.scrollWidth") <= NARROW["width"]
    shot(page, "workbench-game-walk-390.png", tmp_path, "#play-card")
    page.go_back()
    settled_at(page, "3 1 4")
    page.go_forward()
    settled_at(page, line[0])
    page.go_forward()
    settled_at(page, line[1])
    expect(page.locator("#game-status")).to_contain_text("Your move")
    page.click("#back")  # the page's Back walks the same history
    settled_at(page, line[0])
    page.go_forward()
    settled_at(page, line[1])
    page.reload()  # the address carries the game: the record is played again
    page.wait_for_selector("body[data-ready=true]")
    page.wait_for_function(f"() => ({PLIES})() === 2")
    settled_at(page, line[1])
    assert page.evaluate("() => state.game.history.map(p => p.after)") == line
    expect(page.locator("#game-status")).to_contain_text("Your move")


def test_every_position_of_the_history_is_a_link_and_a_new_line_starts_there(
    page: Page, tmp_path: Path
) -> None:
    open_page(page, "endnim", "3 1 4 1 5")
    page.click("#new-game")
    play_winning(page)
    play_winning(page)
    history = page.locator("#history li")
    expect(history).to_have_count(4)
    old = page.evaluate("() => state.game.history.map(p => p.move)")
    links = page.locator("#history li a.ply-link")
    expect(links).to_have_count(4)
    links.nth(1).click()  # the position after move 2: your turn again
    before = page.evaluate("() => state.game.history[1].after")
    settled_at(page, before)
    expect(page.locator("#history li.shown")).to_have_attribute("data-ply", "2")
    expect(history).to_have_count(4)  # the old line is kept until you move
    shot(page, "workbench-game-walk-1280.png", tmp_path, "#play-card")
    losing = page.locator("#moves button.move[data-result=lose]:enabled")
    chosen = losing.first.get_attribute("data-move")
    assert chosen and chosen != old[2]
    losing.first.click()  # a new line from here
    page.wait_for_function(SETTLED)
    moves = page.evaluate("() => state.game.history.map(p => p.move)")
    assert moves[:3] == [*old[:2], chosen] and len(moves) == 4  # and the computer's answer
    page.go_back()  # the new line's previous position
    settled_at(page, page.evaluate("() => state.game.history[2].after"))
    links = page.locator("#value-history-turns a.turn-head")
    links.first.click()  # the value history's turns are links too: the start
    settled_at(page, "3 1 4 1 5")
    page.click("#go-on")  # go on from the start: a new game of the same settings
    page.wait_for_function(SETTLED)
    assert page.evaluate(PLIES) == 0


@pytest.mark.parametrize("width", [1280, 390])
def test_a_game_in_cgsuite_notation_shows_its_hot_thermograph(
    page: Page, width: int, tmp_path: Path
) -> None:
    if width != 1280:
        page.set_viewport_size(NARROW)
    open_page(page, "endnim", "3 1 4")
    page.fill("#position-text", "{3|-1}")
    page.click("#set-position")
    expect(page.locator("#value-card")).to_be_visible()
    expect(page.locator("#temperature")).to_have_text("2")
    expect(page.locator("#stops")).to_have_text("Left 3, Right -1")
    svg = page.locator("#value-out .thermograph svg")
    expect(svg.locator("text.value-tick")).not_to_have_count(0)
    assert "3" in svg.locator("text.value-tick").all_text_contents()
    expect(svg.locator("text.stop-label")).to_have_count(2)
    expect(svg.locator("text.mast-top")).to_have_text("mean 1")
    assert "cgsuite=" in page.url
    page.locator("#game-examples button", has_text="+-2 + *").click()
    expect(page.locator("#value-card")).to_have_attribute("data-text", "+-2 + *")
    expect(page.locator("#temperature")).to_have_text("2")
    expect(page.locator("#value-out .main .unicode")).to_have_text("±2*")
    assert (
        page.evaluate("() => document.documentElement.scrollWidth") <= page.viewport_size["width"]
    )  # type: ignore[index]
    page.locator("#game-examples button", has_text="{3|-1}").click()
    expect(page.locator("#temperature")).to_have_text("2")
    shot(page, f"workbench-thermograph-{width}.png", tmp_path, "#value-card")
    page.reload()  # the link carries the game
    page.wait_for_selector("body[data-ready=true]")
    expect(page.locator("#value-card")).to_have_attribute("data-text", "{3|-1}")
    page.go_back()  # each game shown is an entry of the history, the address naming it
    expect(page.locator("#value-card")).to_have_attribute("data-text", "+-2 + *")
    assert "cgsuite=%2B-2" in page.url


# --------------------------------------------------------------------------- rows and periods
@pytest.mark.parametrize("width", [1280, 390])
def test_a_rows_periods_proved_with_its_certificate_and_the_atlas(
    page: Page, width: int, tmp_path: Path
) -> None:
    if width != 1280:
        page.set_viewport_size(NARROW)
    open_page(page, "endnim", "1 4 5")
    page.click("#position-row" if width == 1280 else "#row-from-position")
    expect(page.locator("#row-name")).to_have_text("Row 1·4·b of End-Nim")
    expect(page.locator("#row-law")).to_contain_text("preperiod 6, period 1, saltus 1")
    expect(page.locator("#row-status")).to_have_attribute("data-proved", "true")
    expect(page.locator("#row-checked")).to_contain_text("Checked:")
    expect(page.locator("#row-chart circle.row-dot.here")).to_have_attribute("data-b", "5")
    expect(page.locator("#row-chart rect.one-period")).to_have_count(1)
    href = page.locator("#row-certificate").get_attribute("href") or ""
    base = page.base_url.rstrip("/")  # type: ignore[attr-defined]
    certificate = page.request.get(f"{base}{href}")
    assert certificate.ok and certificate.json()["data"]["middle"] == [4]
    assert (
        page.evaluate("() => document.documentElement.scrollWidth") <= page.viewport_size["width"]
    )  # type: ignore[index]
    page.locator("#atlas summary").click()
    expect(page.locator("#atlas-summary")).to_contain_text("4,299 of 4,384 rows proved, 85 open")
    expect(page.locator("#atlas-table tbody tr")).to_have_count(137)
    shot(page, f"workbench-periods-{width}.png", tmp_path, "#row-card")
    page.locator("#atlas-table tr[data-word='2 7'] button").click()  # its first open row: 23
    expect(page.locator("#row-name")).to_have_text("Row 23·2·7·b of End-Nim")
    expect(page.locator("#row-status")).to_have_attribute("data-proved", "false")
    expect(page.locator("#row-why-not")).to_contain_text("more than the checker's default budget")


def test_a_click_on_a_table_cell_shows_its_row(page: Page) -> None:
    open_page(page, "misere", "3 1 4")
    page.fill("#table-middle", "6 5")  # row 23 of a·6 5·b is open (2·6 7·b is proved now)
    page.fill("#table-rows", "24")
    page.fill("#table-cols", "8")
    page.click("#draw-table")
    page.locator("#table-svg rect.cell[data-x='23'][data-y='3']").click()
    expect(page.locator("#row-name")).to_have_text("Row 23·6·5·b of misère End-Nim")
    expect(page.locator("#row-status")).to_have_attribute("data-proved", "false")
    expect(page.locator("#row-why-not")).to_contain_text("repeat together after")
    page.select_option("#variant", "partizan")  # outcome classes: no periods
    expect(page.locator("#row-card")).to_be_hidden()
    expect(page.locator("#position-row")).to_be_hidden()


# --------------------------------------------------------------------------- the trial's defects
def test_a_huge_pile_fits_a_phone(page: Page) -> None:
    page.set_viewport_size(NARROW)
    open_page(page, "endnim", f"{'9' * 200} 3")
    caption = page.text_content("#moves-caption") or ""
    assert "legal moves" in caption and max(map(len, caption.split())) < 30, caption
    wide = page.evaluate(
        """() => [...document.querySelectorAll('body *')]
        .filter((e) => e.getBoundingClientRect().right > window.innerWidth + 1
          && !e.closest('.table-box, .atlas-scroll, .row-chart-box'))
        .map((e) => e.id || e.className || e.tagName).slice(0, 5)"""
    )
    assert page.evaluate("() => document.documentElement.scrollWidth") <= NARROW["width"], wide


def test_the_partizan_table_runs_x_up_with_w_empty_too(page: Page) -> None:
    open_page(page, "partizan", "3 1 2")
    for middle in ("", "2 4 1"):
        page.fill("#table-middle", middle)
        page.fill("#table-rows", "4")
        page.fill("#table-cols", "4")
        page.click("#draw-table")
        expect(page.locator("#table-caption")).to_contain_text(f"w = {middle or '(empty)'}")
        cell = "#table-svg rect.cell[data-x='{}'][data-y='1']"
        low = float(page.locator(cell.format(1)).get_attribute("y") or 0)
        high = float(page.locator(cell.format(3)).get_attribute("y") or 0)
        assert high < low, middle  # x = 3 above x = 1
        expect(page.locator("#table-caption")).to_contain_text("up, as in the paper")


def open_game_link(page: Page, **params: str) -> None:
    from urllib.parse import urlencode

    page.goto(f"{page.base_url}#{urlencode(params)}")  # type: ignore[attr-defined]
    page.wait_for_selector("body[data-ready=true]")
    page.wait_for_function("() => state.game !== null && state.game.over")
    expect(page.locator("#busy")).to_be_hidden()


def test_finished_games_say_no_move_is_left(page: Page) -> None:
    open_game_link(
        page, variant="endnim", position="", game="2 + 1", moves="1:L1,1:L0,1:L0", skill="100"
    )
    expect(page.locator("#game-status")).to_contain_text("You won!")
    expect(page.locator("#outcome-words")).to_contain_text("every summand is empty")
    expect(page.locator("#outcome-words")).not_to_contain_text("the empty row")
    expect(page.locator("#history li")).to_have_count(3)
    cycle = '{"labels": [0, 3, 1], "edges": [[0, 1], [0, 2], [1, 2]], "colours": ["G", "G", "G"]'
    open_game_link(
        page,
        variant="depot-partizan",
        position="cycle: 0 3 1",
        game=cycle + ', "homes": [0]}',
        moves="1=1,2=0,1=0",
        side="L",
        skill="100",
    )
    expect(page.locator("#game-status")).to_contain_text("You won!")
    expect(page.locator("#winning")).to_have_text("none: the game is over")  # not every move loses


def test_a_misere_sums_grundy_value_is_shown_and_a_long_value_can_be_shown(page: Page) -> None:
    # The misère Grundy value of a sum of misère End-Nim rows is now computed (docs/misere.md
    # §2): 2 here, as `endnim analyze -v misere --json "3 1 + 2 2"` answers; no "not computed".
    open_page(page, "misere", "3 1")
    page.fill("#position-text", "3 1 + 2 2")
    page.click("#set-position")
    settled_at(page, "3 1 + 2 2")
    expect(page.locator("#grundy")).not_to_have_text("not computed")
    expect(page.locator("#grundy")).to_have_text("2")
    open_page(page, "partizan", "3 1 2")
    long = "4 2 5 1 3 + 3 1 2 + 5 1 4 + 2 3 1 + 4 1 3"  # past the default 10,000 characters
    page.fill("#value-text", long)
    page.click("#value-go")
    expect(page.locator("#value-out .long-form")).to_contain_text("16,033 characters")
    page.click("#value-whole")
    expect(page.locator("#value-out .main .unicode")).to_be_visible()
    assert len(page.text_content("#value-out .main .unicode") or "") > 10_000
    page.fill("#value-text", "{4|{2|-2}}")
    page.click("#value-go")
    expect(page.locator("#value-out .main .unicode")).to_have_text("{4|±2}")
    expect(page.locator("#reduced-unicode")).to_have_text("{4|±2}")  # not +-2 beside ±2


def test_the_tree_editor_refuses_the_edge_it_names_and_keeps_the_tree(page: Page) -> None:
    from urllib.parse import urlencode

    page.goto(f"{page.base_url}#{urlencode({'variant': 'tree', 'position': '1 2 3'})}")  # type: ignore[attr-defined]
    page.wait_for_selector("body[data-ready=true]")
    expect(page.locator("#graph-svg g.edge")).to_have_count(2)
    before = page.input_value("#position-text")
    page.click("#graph-svg g.vertex[data-vertex='0']")
    page.click("#add-edge")
    page.click("#graph-svg g.vertex[data-vertex='2']")  # the path 1 2 3 and 0-2: a cycle
    expect(page.locator("#error")).to_contain_text("edge (0, 2) closes a cycle")
    expect(page.locator("#error")).not_to_contain_text("(1, 2)")
    expect(page.locator("#graph-svg g.edge")).to_have_count(2)  # not drawn through vertex 1
    assert page.input_value("#position-text") == before  # the refused graph is not kept
    page.fill("#position-text", "3(1 2)")  # a notation typed in the box stays there
    page.press("#position-text", "Enter")
    expect(page.locator("#graph-svg g.vertex")).to_have_count(3)
    expect(page.locator("#moves")).to_have_attribute("data-position", "3(1 2)")
    expect(page.locator("#busy")).to_be_hidden()
    expect(page.locator("#position-text")).to_have_value("3(1 2)")  # not its long JSON
