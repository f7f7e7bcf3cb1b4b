"""End-to-end: the graph view of the workbench (tree, depot, depot-partizan) in headless
Chromium, with the fixtures of test_e2e.py (the same server thread and browser).

Set ENDNIM_GRAPH_SCREENSHOT=docs/img/graph-view.png to refresh the docs' screenshot.
"""

from __future__ import annotations

import json
import os
import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from graphs.plain import plain_solver
from playwright.sync_api import BrowserContext, Page, expect
from web.test_e2e import served, watched_page  # noqa: F401  (served: the server and browser)

from endnim.analyzer import analyze
from endnim.graphs import Graph
from endnim.search import ImpartialValue
from endnim.variants import get_variant

SETTLED = """() => !document.getElementById('busy').hidden ? false :
  document.getElementById('moves').dataset.position ===
  document.getElementById('position-text').value"""
GAME_SETTLED = """() => {
  const status = document.getElementById('game-status').textContent;
  return /Your move|You won|computer won/.test(status)
    && document.getElementById('busy').hidden
    && document.getElementById('moves').dataset.position ===
       document.getElementById('position-text').value;
}"""

PRESETS = {
    "tree": {"path": "3 1 4 2", "star": "2(1 2 3 1)", "spider": "1(2(1) 1(2) 2(2))"},
    "depot": {
        "path": "3 1 4 2",
        "star": "2(0 1 3 2)",
        "spider": "0(2(1) 3(2) 1(2))",
        "cycle": "cycle: 0 3 2 4 1",
        "grid": "grid 2x3: 1 2 1 2 1 2",
    },
    "depot-partizan": {
        "path": json.dumps(
            {
                "labels": [0, 3, 1, 2, 2, 0],
                "edges": [[0, 1], [1, 2], [2, 3], [3, 4], [4, 5]],
                "colours": ["L", "G", "G", "G", "R"],
                "homes": [0, 5],
            }
        ),
        "star": json.dumps(
            {
                "labels": [0, 2, 3, 1, 2],
                "edges": [[0, 1], [0, 2], [0, 3], [0, 4]],
                "colours": ["L", "R", "G", "L"],
            }
        ),
        "spider": json.dumps(
            {
                "labels": [0, 2, 1, 3, 2, 1, 2],
                "edges": [[0, 1], [1, 2], [0, 3], [3, 4], [0, 5], [5, 6]],
                "colours": ["L", "G", "R", "G", "G", "G"],
            }
        ),
        "cycle": "2 3 2 1",  # partizan End-Nim: home 0, an L edge to 2, an R edge from 1
        "grid": "grid 2x3: 1 2 1 2 1 2",
    },
}
"""Each preset of the page as the library writes it (so the page's drawing is checked against
the rule set's own reading of the notation)."""


EXPECTED_REFUSAL = re.compile(r"^Failed to load resource: .* status of 4(00|22) ")
"""The browser logs each 4xx answer; the graph view's bad-input tests expect 400 and 422."""


@pytest.fixture
def page(served: tuple[str, BrowserContext]) -> Iterator[Page]:  # noqa: F811
    """A fresh page; any page error, console error (but an expected 4xx) or request outside
    the server fails the test."""
    yield from watched_page(served, EXPECTED_REFUSAL)


def open_graphs(page: Page, variant: str) -> None:
    base: str = page.base_url  # type: ignore[attr-defined]
    page.goto("about:blank")  # a new document (a hash change alone would not reload)
    page.goto(f"{base}#variant={variant}")
    page.wait_for_selector("body[data-ready=true]")
    expect(page.locator("#graph-view")).to_be_visible()
    expect(page.locator("#editor")).to_be_hidden()
    page.wait_for_function(SETTLED)


def shown(page: Page) -> Graph:
    """The position the page holds (the one line of JSON it sends; its text box shows the same
    JSON unless a notation was typed there, which it keeps: issue 42)."""
    return Graph.from_json(page.evaluate("() => graphText(state.graph)"))


def check_drawing(page: Page, variant: str, expected: Graph) -> None:
    """The SVG shows exactly ``expected``: vertices, labels, empty vertices, edges, colours."""
    assert shown(page) == expected
    vertices = page.locator("#graph-svg g.vertex")
    expect(vertices).to_have_count(expected.order)
    drawn: list[dict[str, Any]] = vertices.evaluate_all(
        "vs => vs.map(v => ({v: +v.dataset.vertex, label: v.dataset.label, "
        "depot: v.classList.contains('depot'), home: v.dataset.home === 'true', "
        "square: !!v.querySelector('rect'), roof: !!v.querySelector('.roof')}))"
    )
    empty_kind = variant != "tree"  # a tree's 0 is a deleted vertex, not a depot
    homes = set(expected.homes or ())
    for item in drawn:
        label = expected.labels[item["v"]]
        assert item["label"] == str(label)
        assert item["depot"] == item["square"] == (empty_kind and label == 0)
        assert item["home"] == item["roof"] == (item["v"] in homes)
    edges = page.locator("#graph-svg g.edge").evaluate_all(
        "es => es.map(e => [e.dataset.edge, e.dataset.colour || null, "
        "e.querySelector('.edge-line').getAttribute('stroke')])"
    )
    palette = page.evaluate("PALETTE.edges")
    colours = expected.edge_colour() if expected.colours is not None else None
    assert sorted(e[0] for e in edges) == sorted(f"{u}-{v}" for u, v in expected.edges)
    for name, colour, stroke in edges:
        u, v = map(int, name.split("-"))
        if colours is None:
            assert colour is None
        else:
            assert colour == colours[(u, v)] and stroke == palette[colour]


def check_analysis(page: Page, variant: str) -> None:
    expected = analyze(shown(page), variant)
    expect(page.locator("#outcome")).to_have_text(str(expected.outcome))
    winning = ", ".join(expected.winning_moves) or "none: every move loses"
    expect(page.locator("#winning")).to_have_text(winning)
    if expected.grundy is not None:
        expect(page.locator("#grundy")).to_have_text(str(expected.grundy))


def test_presets_of_each_rule_set_are_drawn_and_analysed(page: Page) -> None:
    for variant, presets in PRESETS.items():
        open_graphs(page, variant)
        names = page.locator("#presets button.preset").evaluate_all(
            "bs => bs.map(b => b.dataset.preset)"
        )
        assert names == list(presets)
        rules = get_variant(variant)
        for name, text in presets.items():
            page.click(f"#presets button[data-preset={name}]")
            expected = rules.parse_position(text)
            page.wait_for_function(SETTLED)
            expect(page.locator("#position-text")).to_have_value(expected.to_text())
            check_drawing(page, variant, expected)
            check_analysis(page, variant)


def test_vertices_are_coloured_by_their_moves(page: Page) -> None:
    open_graphs(page, "depot")
    page.click("#presets button[data-preset=grid]")
    page.wait_for_function(SETTLED)
    position = shown(page)
    rules = get_variant("depot")
    solver = plain_solver("depot")
    results = page.locator("#graph-svg g.vertex").evaluate_all(
        "vs => vs.map(v => v.dataset.result)"
    )
    for v, result in enumerate(results):
        moves = [m for m, _ in rules.options(position) if m.vertex == v]
        wins = []
        for move in moves:
            value = solver.value(rules.play(position, move))
            assert isinstance(value, ImpartialValue)
            wins.append(value.grundy == 0)
        assert result == ("none" if not moves else "win" if any(wins) else "lose"), v
    winner = page.locator("#graph-svg g.vertex[data-result=win]").first
    vertex = int(winner.get_attribute("data-vertex") or "")
    winner.click()
    targets = page.locator("#vertex-moves button.target")
    expect(targets).to_have_count(position.labels[vertex])
    for button in targets.all():
        move = button.get_attribute("data-move") or ""
        value = solver.value(rules.play(position, move))
        assert isinstance(value, ImpartialValue)
        assert button.get_attribute("data-result") == ("win" if value.grundy == 0 else "lose")


def test_play_a_winning_move_and_the_computer_answers(page: Page) -> None:
    open_graphs(page, "tree")
    page.click("#presets button[data-preset=spider]")
    page.wait_for_function(SETTLED)
    start = shown(page)
    assert analyze(start, "tree").outcome == "N"
    page.click("#new-game")
    page.wait_for_function(GAME_SETTLED)
    expect(page.locator("#graph-tools")).to_be_hidden()
    page.locator("#graph-svg g.vertex[data-result=win]").first.click()
    target = page.locator("#vertex-moves button.target[data-result=win]").first
    move = target.get_attribute("data-move") or ""
    target.click()
    expect(page.locator("#history li")).to_have_count(2)
    page.wait_for_function(GAME_SETTLED)
    expect(page.locator("#history li").first).to_contain_text(move)
    expect(page.locator("#history li").nth(1)).to_contain_text("computer")
    rules = get_variant("tree")
    after_mine = rules.play(start, move)
    reply = (page.locator("#history li").nth(1).text_content() or "").split()[1]
    assert shown(page) == rules.play(after_mine, reply)
    labels = page.locator("#graph-svg g.vertex").evaluate_all("vs => vs.map(v => v.dataset.label)")
    assert labels == [str(x) for x in shown(page).labels]


def test_partizan_game_choosing_a_side(page: Page) -> None:
    open_graphs(page, "depot-partizan")
    page.click("#presets button[data-preset=cycle]")
    page.wait_for_function(SETTLED)
    page.check("input[name=side][value=R]")
    page.check("input[name=first][value=computer]")
    page.click("#new-game")
    page.wait_for_function(GAME_SETTLED)
    expect(page.locator("#history li").first).to_contain_text("computer (Left)")
    players = page.locator("#moves button.move:enabled").evaluate_all(
        "bs => [...new Set(bs.map(b => b.dataset.player))]"
    )
    assert players in (["R"], [])


def test_the_editor(page: Page) -> None:
    open_graphs(page, "tree")
    page.click("#presets button[data-preset=path]")  # 3 1 4 2: the path 0-1-2-3
    page.wait_for_function(SETTLED)
    page.click("#graph-svg g.vertex[data-vertex='3']")
    page.click("#add-vertex")  # vertex 4, label 1, joined to vertex 3
    page.wait_for_function(SETTLED)
    expect(page.locator("#graph-svg g.vertex")).to_have_count(5)
    expect(page.locator("#graph-svg g.edge[data-edge='3-4']")).to_have_count(1)
    page.fill("#vertex-label", "3")
    page.press("#vertex-label", "Enter")
    page.wait_for_function(SETTLED)
    assert shown(page) == Graph.build([3, 1, 4, 2, 3], [(0, 1), (1, 2), (2, 3), (3, 4)])
    check_analysis(page, "tree")
    page.click("#graph-svg g.vertex[data-vertex='1']")
    page.click("#add-vertex")  # a leaf on vertex 1: no longer a path
    page.wait_for_function(SETTLED)
    page.click("#graph-svg g.vertex[data-vertex='0']")
    page.click("#add-edge")
    page.click("#graph-svg g.vertex[data-vertex='5']")  # 0-5 closes the cycle 0-1-5
    # issue 42: the edge is refused where it is drawn, named (not edge (1, 5)), and the tree
    # stays as it was (it used to be drawn and kept in the box, to be removed by hand)
    expect(page.locator("#error")).to_contain_text("edge (0, 5) closes a cycle with the path 0–1–5")
    assert "\n" not in (page.text_content("#error") or "")
    expect(page.locator("#graph-svg g.edge[data-edge='0-5']")).to_have_count(0)
    assert shown(page).edges == ((0, 1), (1, 2), (1, 5), (2, 3), (3, 4))
    check_analysis(page, "tree")
    # depot-partizan: an edge's colour and a home
    page.select_option("#variant", "depot-partizan")
    expect(page.locator("#position-text")).to_have_value(re.compile('"colours"'))
    page.wait_for_function(SETTLED)
    page.click("#presets button[data-preset=star]")
    page.wait_for_function(SETTLED)
    page.click("#graph-svg g.edge[data-edge='0-3'] .edge-hit", force=True)
    page.click("#edge-colours button[data-colour=R]")
    page.wait_for_function(SETTLED)
    assert shown(page).edge_colour()[(0, 3)] == "R"
    page.click("#graph-svg g.vertex[data-vertex='0']")
    page.uncheck("#toggle-home")
    page.wait_for_function(SETTLED)
    assert shown(page).homes == ()
    check_analysis(page, "depot-partizan")  # no home: nobody can move, a P-position
    expect(page.locator("#outcome")).to_have_text("P")


def test_bad_input_is_one_line(page: Page) -> None:
    open_graphs(page, "tree")
    for text, words in [
        ("3(1 2", "("),
        ("cycle: 1 2 3", "cycle"),
        ('{"labels": [1, 2], "edges": [[0, 0]]}', "self-loop"),
    ]:
        page.fill("#position-text", text)
        page.press("#position-text", "Enter")
        error = page.locator("#error")
        expect(error).to_be_visible()
        expect(error).to_contain_text(words)
        assert "\n" not in (error.text_content() or "")
    page.fill("#position-text", "2(1 1)")
    page.press("#position-text", "Enter")
    page.wait_for_function(SETTLED)
    expect(page.locator("#error")).to_be_hidden()
    check_drawing(page, "tree", get_variant("tree").parse_position("2(1 1)"))


def test_a_phone_wide_graph_view_does_not_overflow(page: Page) -> None:
    page.set_viewport_size({"width": 390, "height": 844})
    open_graphs(page, "depot-partizan")
    for preset in ("grid", "spider", "path"):
        page.click(f"#presets button[data-preset={preset}]")
        page.wait_for_function(SETTLED)
        assert page.evaluate("document.documentElement.scrollWidth") <= 390
        box = page.locator("#graph-svg").bounding_box()
        assert box is not None and box["x"] >= 0 and box["x"] + box["width"] <= 390


def test_screenshot_of_the_graph_view(page: Page, tmp_path: Path) -> None:
    open_graphs(page, "depot-partizan")
    page.click("#presets button[data-preset=spider]")
    page.wait_for_function(SETTLED)
    page.click("#graph-svg g.vertex[data-vertex='1']")
    expect(page.locator("#vertex-moves button.target").first).to_be_visible()
    target = Path(os.environ.get("ENDNIM_GRAPH_SCREENSHOT") or tmp_path / "graph-view.png")
    target.parent.mkdir(parents=True, exist_ok=True)
    page.locator("main").screenshot(path=str(target))
    data = target.read_bytes()
    assert data[:8] == b"\x89PNG\r\n\x1a\n" and len(data) > 20_000


def test_switching_rule_sets(page: Page) -> None:
    base: str = page.base_url  # type: ignore[attr-defined]
    page.goto(f"{base}#variant=endnim&position=3+1+4")
    page.wait_for_selector("body[data-ready=true]")
    expect(page.locator("#table-card")).to_be_visible()
    for variant in ("tree", "depot"):  # the row in each rule set's row notation
        page.select_option("#variant", variant)
        expected = get_variant(variant).parse_position("3 1 4")
        expect(page.locator("#position-text")).to_have_value(expected.to_text())
        page.wait_for_function(SETTLED)
        check_drawing(page, variant, expected)
        expect(page.locator("#table-card")).to_be_hidden()
    page.select_option("#variant", "depot-partizan")  # the same warehouse, every depot a home
    page.wait_for_function(SETTLED)
    expected = get_variant("depot-partizan").coerce_position(
        get_variant("depot").parse_position("3 1 4").to_json()
    )
    assert expected.homes == (0, 4)
    expect(page.locator("#position-text")).to_have_value(expected.to_text())
    page.wait_for_function(SETTLED)
    check_drawing(page, "depot-partizan", expected)
    page.click("#back")
    expect(page.locator("#variant")).to_have_value("depot")
    expect(page.locator("#position-text")).to_have_value(
        get_variant("depot").parse_position("3 1 4").to_text()
    )
    page.select_option("#variant", "endnim")
    page.wait_for_function(SETTLED)
    expect(page.locator("#editor")).to_be_visible()
    expect(page.locator("#position-text")).to_have_value("3 1 4")
    expect(page.locator("#table-svg rect.cell").first).to_be_visible()


def test_the_value_card_of_a_position_that_is_not_all_small(page: Page) -> None:
    """Issue 30: the value card answered 400 for every depot-partizan number; now it shows
    the number, its stops, temperature -1, the thermograph and no atomic weight."""
    from endnim.analysis.values import evaluate

    position = '{"labels":[0,3,0],"edges":[[0,1],[1,2]],"colours":["L","L"]}'
    expected = evaluate(position, "depot-partizan").fields(None)
    open_graphs(page, "depot-partizan")
    page.fill("#value-text", position)
    page.click("#value-go")
    expect(page.locator("#value-out .form.main .unicode")).to_have_text(str(expected["value"]))
    expect(page.locator("#temperature")).to_have_text(expected["temperature"])
    expect(page.locator("#stops")).to_have_text(
        f"Left {expected['left_stop']}, Right {expected['right_stop']}"
    )
    expect(page.locator("#atomic-weight")).to_have_attribute("data-none", "true")
    expect(page.locator("#thermograph")).to_be_visible()
