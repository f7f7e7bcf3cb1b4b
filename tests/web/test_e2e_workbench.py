"""End-to-end, in Debian's Chromium: the workbench finished (issue 24). Links that work (a hash
changed in an open tab, back and forward, a bad link said out loud), messages that go when
their cause is fixed, the partizan value card on graphs, texts true to each rule set, and the
layout at 390 px and 1280 px.

Set ENDNIM_DOCS_IMG=docs/img to refresh the screenshots docs/workbench.md shows.
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterator
from pathlib import Path

import pytest
import web.test_e2e as e2e
from playwright.sync_api import BrowserContext, Page, expect
from web.test_e2e import SETTLED, expect_analysis, open_page, watched_page
from web.test_e2e_page import NARROW, NO_OVERLAP, shot

from endnim.analyzer import analyze
from endnim.cgt import compare, position_value, to_unicode
from endnim.palette import grundy_colour, text_colour
from endnim.variants import get_variant

served = e2e.served  # the fixtures: a served app in Debian's Chromium, a fresh page
page = e2e.page
WIDE = {"width": 1280, "height": 900}
REFUSED = re.compile(r"^Failed to load resource: .* status of 4(00|22) ")


@pytest.fixture
def refusing_page(served: tuple[str, BrowserContext]) -> Iterator[Page]:
    """A fresh page that may see the server refuse bad input (4xx), and nothing else."""
    yield from watched_page(served, REFUSED)


def go(page: Page, hash_text: str) -> None:
    """Set the address bar's hash in the open tab (no reload), as a person pasting a link."""
    page.evaluate("(h) => { window.location.hash = h; }", hash_text)


def shown_row(page: Page, variant: str, position: str) -> None:
    expect(page.locator("#variant")).to_have_value(variant)
    expect(page.locator("#position-text")).to_have_value(position)
    expect(page.locator("#moves")).to_have_attribute("data-position", position)
    expect(page.locator("#busy")).to_be_hidden()
    expect_analysis(page, variant, position)


# --------------------------------------------------------------------------- 1. links
def test_a_link_changed_in_an_open_tab_is_followed_and_back_goes_back(page: Page) -> None:
    open_page(page, "muller", "5 4 2 4")
    go(page, "#variant=loop&position=7+1+7")
    shown_row(page, "loop", "7 1 7")
    expect(page.locator("#rules")).to_contain_text("Loop-End-Nim")
    page.fill("#position-text", "2 2 3")
    page.click("#set-position")
    shown_row(page, "loop", "2 2 3")
    page.go_back()
    shown_row(page, "loop", "7 1 7")
    page.go_back()
    shown_row(page, "muller", "5 4 2 4")
    page.go_forward()
    shown_row(page, "loop", "7 1 7")
    assert "position=7+1+7" in page.url


def test_a_link_into_a_graph_rule_set_is_followed(page: Page) -> None:
    open_page(page, "endnim", "3 1 4")
    go(page, "#variant=tree&position=2(1+3)")
    expect(page.locator("#graph-view")).to_be_visible()
    expect(page.locator("#variant")).to_have_value("tree")
    expect(page.locator("#graph-svg g.vertex")).to_have_count(3)
    page.go_back()
    shown_row(page, "endnim", "3 1 4")


# --------------------------------------------------------------------------- 2. bad links
@pytest.mark.parametrize(
    ("link", "words"),
    [
        ("#variant=nosuch&position=3+x", ["'nosuch' is not one of", "'3 x' cannot be read"]),
        ("#variant=endnim&position=3+0+4", ["'3 0 4' cannot be read", "pile"]),
    ],
)
def test_a_bad_link_is_said_not_silently_replaced(page: Page, link: str, words: list[str]) -> None:
    base: str = page.base_url  # type: ignore[attr-defined]
    page.goto(base + link)
    page.wait_for_selector("body[data-ready=true]")
    message = page.locator("#link-error")
    expect(message).to_be_visible()
    for word in words:
        expect(message).to_contain_text(word)
    expect(message).to_contain_text("instead")  # and what is shown in its place
    shown = page.input_value("#position-text")
    expect(page.locator("#moves")).to_have_attribute("data-position", shown)
    # the message stays beside the page it explains, until the person moves on
    page.click("#random")
    expect(message).to_be_hidden()


# --------------------------------------------------------------------------- 3. stale errors
def test_errors_go_once_their_cause_is_fixed(refusing_page: Page) -> None:
    page = refusing_page
    open_page(page, "endnim", "3 1 4")
    page.fill("#table-middle", "2 x")
    page.click("#draw-table")
    expect(page.locator("#table-error")).to_be_visible()
    page.fill("#table-middle", "2")
    page.click("#draw-table")
    expect(page.locator("#table-error")).to_be_hidden()
    page.fill("#move-text", "X1")
    page.click("#play-move")
    expect(page.locator("#move-error")).to_be_visible()
    page.fill("#move-text", "")
    page.click("#play-move")
    expect(page.locator("#move-error")).to_be_hidden()


def test_a_bad_row_leaves_nothing_of_the_previous_position(page: Page) -> None:
    open_page(page, "endnim", "3 1 4")
    page.fill("#position-text", "3,,4")
    page.click("#set-position")
    expect(page.locator("#error")).to_contain_text("empty pile between commas")
    expect(page.locator("#editor .pile")).to_have_count(0)  # no bars of 3 1 4
    expect(page.locator("#outcome")).to_have_text("·")
    expect(page.locator("#reason li")).to_have_count(0)
    expect(page.locator("#moves button")).to_have_count(0)
    expect(page.locator("#analysis-card")).to_have_class(re.compile(r"\bstale\b"))
    page.fill("#position-text", "2 2 1")
    page.click("#set-position")
    shown_row(page, "endnim", "2 2 1")
    expect(page.locator("#error")).to_be_hidden()
    expect(page.locator("#editor .pile")).to_have_count(3)
    expect(page.locator("#analysis-card")).not_to_have_class(re.compile(r"\bstale\b"))


# --------------------------------------------------------------------------- 4. graph values
def test_the_value_card_works_on_partizan_graphs(page: Page) -> None:
    """Each position of depot-partizan once logged a 400 and the card said 'rows only'."""
    rules = get_variant("depot-partizan")
    graph = {"labels": [0, 2, 1], "edges": [[0, 1], [0, 2], [1, 2]]}
    graph |= {"colours": ["L", "R", "G"], "homes": [0]}
    base: str = page.base_url  # type: ignore[attr-defined]
    page.goto(base + "#variant=depot-partizan&position=" + json.dumps(graph))
    page.wait_for_selector("body[data-ready=true]")
    card = page.locator("#value-card")
    expect(card).to_be_visible()
    position = rules.coerce_position(graph)
    expected = to_unicode(position_value(position, rules=rules))
    expect(page.locator("#value-out .form.main .unicode")).to_have_text(expected)
    expect(page.locator("#value-out .value-error")).to_have_count(0)
    for side in ("L", "R"):
        expect(page.locator(f"#value-out ul.options[data-side={side}] li")).to_have_count(
            len(rules.options(position, side))
        )
    expect(page.locator("#value-out")).to_contain_text("along L and G edges")


# --------------------------------------------------------------------------- 5, 6. words
def test_misere_says_the_last_coin_loses(page: Page) -> None:
    open_page(page, "misere", "1")
    ending = get_variant("misere").ending_text((1,))
    expect(page.locator("#reason")).to_contain_text(analyze("1", "misere").reasons[0].theorem)
    expect(page.locator("#winning")).to_have_text("none: the game is over")
    page.fill("#position-text", "2")
    page.click("#set-position")
    expect(page.locator("#moves")).to_have_attribute("data-position", "2")
    page.click("#new-game")
    page.wait_for_function(SETTLED)
    page.click("#moves button[data-move=L1]")
    expect(page.locator("#game-status")).to_have_text(
        "You won! The computer must take the last coin and loses (misère: whoever takes it "
        "loses); 1 move."
    )
    assert "no move left" not in ending


def test_words_singular_finished_games_and_the_letters_of_a_reason(page: Page) -> None:
    open_page(page, "endnim", "7")
    expect(page.locator("#remoteness")).to_have_text("1 move with best play")
    open_page(page, "endnim", "3 1 4")
    letters = page.locator("#symbols dt").all_text_contents()
    assert letters == ["a_1", "a_k", "l", "r"]
    expect(page.locator("#symbols")).to_contain_text("the first pile")
    base: str = page.base_url  # type: ignore[attr-defined]
    page.goto("about:blank")
    finished = json.dumps({"labels": [0], "edges": []})  # a finished tree game
    page.goto(base + "#variant=tree&position=" + finished)
    page.wait_for_selector("body[data-ready=true]")
    expect(page.locator("#winning")).to_have_text("none: the game is over")
    expect(page.locator("#method")).to_have_text("the rules (the game is over)")


# --------------------------------------------------------------------------- 7. layout
def test_layout_on_a_phone(page: Page, tmp_path: Path) -> None:
    page.set_viewport_size(NARROW)
    open_page(page, "endnim", "3 1 4 1 5")
    expect(page.locator("#table-cue")).to_be_visible()  # 17 columns do not fit in 390 px
    placeholder_fits = page.evaluate(
        """() => { const i = document.getElementById('table-middle');
          const c = document.createElement('canvas').getContext('2d');
          c.font = getComputedStyle(i).font;
          return c.measureText(i.placeholder).width <= i.clientWidth; }"""
    )
    assert placeholder_fits
    page.click("#new-game")
    page.wait_for_function(SETTLED)
    expect(page.locator("#game-status")).to_contain_text("Your move in 3 1 4 1 5")
    page.locator("#moves button.move:enabled").first.click()
    page.wait_for_function(SETTLED)
    ticks = page.locator("#value-chart-svg .y-tick").all_text_contents()
    assert ticks[0].startswith("+") and ticks[1] == "0" and ticks[2].startswith("−")
    expect(page.locator(".chart-legend .key.start")).to_have_count(1)
    clashes = page.evaluate(NO_OVERLAP, "#value-chart-svg text, #value-chart .chart-caption")
    assert clashes["clashes"] == [], clashes
    assert page.evaluate("document.documentElement.scrollWidth") <= NARROW["width"]
    shot(page, "workbench-game-phone.png", tmp_path)


def test_layout_on_a_wide_screen(page: Page, tmp_path: Path) -> None:
    page.set_viewport_size(WIDE)
    open_page(page, "endnim", "3 1 4")
    expect(page.locator("#table-cue")).to_be_hidden()
    # heatmap digits: the text colour of higher contrast on every cell
    cells = page.locator("#table-svg .cell-text").evaluate_all(
        "ts => ts.slice(0, 60).map(t => [t.textContent, t.getAttribute('fill')])"
    )
    largest = max(int(text) for text, _ in cells)
    table_largest = page.evaluate(
        "Math.max(...[...document.querySelectorAll('#table-svg .cell')].map(c => +c.dataset.value))"
    )
    for text, fill in cells:
        assert fill == text_colour(grundy_colour(int(text), max(table_largest, largest)))
    page.click("#new-game")
    page.wait_for_function(SETTLED)
    page.locator("#moves button.move:enabled").first.click()
    page.wait_for_function(SETTLED)
    chart = page.locator("#value-chart-svg").bounding_box()
    card = page.locator("#play-card").bounding_box()
    assert chart and card and chart["width"] > 0.85 * card["width"]
    shot(page, "workbench-game-wide.png", tmp_path)
    page.click("#stop")
    page.goto("about:blank")
    base: str = page.base_url  # type: ignore[attr-defined]
    page.goto(base + "#variant=depot")
    page.wait_for_selector("body[data-ready=true]")
    grid = page.locator("main.grid").bounding_box()
    play = page.locator("#play-card").bounding_box()
    assert grid and play and play["width"] > 0.9 * grid["width"]  # no half-blank row


# --------------------------------------------------------------------------- redo
def test_redo_plays_again_what_undo_took_back_and_a_new_move_ends_it(page: Page) -> None:
    open_page(page, "endnim", "3 1 4 1 5")
    page.click("#new-game")
    expect(page.locator("#redo")).to_be_disabled()
    history = page.locator("#history li")
    page.locator("#moves button.move:enabled").first.click()
    expect(history).to_have_count(2)  # your move and the computer's answer
    page.wait_for_function(SETTLED)
    page.locator("#moves button.move:enabled").last.click()
    expect(history).to_have_count(4)
    page.wait_for_function(SETTLED)
    played = [history.nth(i).text_content() for i in range(4)]

    page.click("#undo")
    expect(history).to_have_count(2)
    page.wait_for_function(SETTLED)
    page.click("#undo")
    expect(history).to_have_count(0)
    page.wait_for_function(SETTLED)
    expect(page.locator("#redo")).to_be_enabled()
    first_move = (played[0] or "").split()[1]
    expect(page.locator("#redo")).to_have_attribute("title", f"play {first_move} again")

    page.click("#redo")  # your first move again; the perfect computer answers as before
    expect(history).to_have_count(2)
    page.wait_for_function(SETTLED)
    expect(page.locator("#redo")).to_be_enabled()
    page.click("#redo")
    expect(history).to_have_count(4)
    page.wait_for_function(SETTLED)
    assert [history.nth(i).text_content() for i in range(4)] == played
    expect(page.locator("#redo")).to_be_disabled()  # nothing left to replay

    page.click("#undo")
    expect(history).to_have_count(2)
    page.wait_for_function(SETTLED)
    expect(page.locator("#redo")).to_be_enabled()
    page.locator("#moves button.move:enabled").first.click()  # a move of your own instead
    expect(history).to_have_count(4)
    page.wait_for_function(SETTLED)
    expect(page.locator("#redo")).to_be_disabled()


# --------------------------------------------------------------------------- G vs H
@pytest.mark.parametrize("text", ["2 1 + 3", "2 + 3", "1 + 2 1", "1 + 1"])
def test_the_value_card_adds_and_compares_two_games(page: Page, text: str) -> None:
    open_page(page, "partizan", "2 1")
    page.fill("#value-text", text)
    page.click("#value-go")
    g, h = (position_value(part.strip()) for part in text.split("+"))
    expect(page.locator("#value-out .form.main .unicode")).to_have_text(to_unicode(g + h))
    relation = compare(g, h).value
    comparison = page.locator("#comparison")
    expect(comparison).to_have_attribute("data-relation", relation)
    expect(comparison).to_contain_text(text.replace("+", relation))
    words = {"=": "equal", ">": "better for Left", "<": "better for Right", "‖": "confused"}
    expect(comparison).to_contain_text(words[relation])
