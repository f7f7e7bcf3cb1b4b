"""Partizan relatives of End-Nim a user writes: outcome, winning moves and thresholds by the
search, no paper's bound assumed (issue 39, item 1), checked against brute forces; and no
built-in's theorem answering for a relative that only inherits it (the audit of item 1).
"""

from __future__ import annotations

import itertools
import json
import sys
from pathlib import Path

import hang_guard
import pytest

from conformance.brute import (
    PartizanBrute,
    grundy,
    left_clears,
    left_either,
    odd_lone_left,
    plain_partizan,
    right_capped,
    with_player,
)
from endnim import analyze
from endnim.ruleset import inherits_theory, plays_as, source_of
from endnim.strategies.search import threshold_scan
from endnim.variants import EndNim, MisereEndNim, PartizanEndNim, get_variant, load_rules

EXAMPLES = Path(__file__).resolve().parents[2] / "examples" / "variants"

OWN = '''
from endnim import Variant
from endnim.variants import EndNim, MisereEndNim, PartizanEndNim


class OddLoneLeft(Variant):
    """Partizan End-Nim, but a lone pile of odd size is Left's alone."""

    name = "conf-odd-lone-left"
    title = "partizan End-Nim, a lone odd pile is Left's"
    impartial = False

    def ends(self, piles, player=None):
        if len(piles) == 1 and piles[0] % 2 == 1:
            return ("L",) if player == "L" else ()
        return (player,) if player in ("L", "R") else ("L", "R")


class OddLoneInherited(PartizanEndNim):
    """The same relative written as a subclass of the built-in partizan End-Nim."""

    name = "conf-odd-lone-inherited"
    title = "partizan End-Nim, a lone odd pile is Left's (a subclass)"
    aliases = ()

    def ends(self, piles, player=None):
        if len(piles) == 1 and piles[0] % 2 == 1:
            return ("L",) if player == "L" else ()
        return super().ends(piles, player)


class TakeOneInherited(EndNim):
    """End-Nim where a move takes exactly one coin: a subclass of the built-in End-Nim."""

    name = "conf-take-one"
    title = "End-Nim taking one coin"
    aliases = ()

    def allows_take(self, pile, size):
        return size == pile - 1


class MisereCapInherited(MisereEndNim):
    """Misere End-Nim taking at most two coins: a subclass of the built-in."""

    name = "conf-misere-cap"
    title = "misere End-Nim taking at most two"
    aliases = ()

    def allows_take(self, pile, size):
        return pile - size <= 2


class LeftEither(Variant):
    """Partizan End-Nim where Left may play either end pile (Right the last)."""

    name = "conf-left-either"
    title = "partizan End-Nim, Left plays either end"
    impartial = False

    def ends(self, piles, player=None):
        return ("L", "R") if player != "R" else ("R",)


class EqualEndsLeftBoth(Variant):
    """Partizan End-Nim where Left may play either end while the two end piles are equal."""

    name = "conf-equal-ends"
    title = "partizan End-Nim, Left plays both equal ends"
    impartial = False

    def ends(self, piles, player=None):
        if player == "L" and len(piles) >= 2 and piles[0] == piles[-1]:
            return ("L", "R")
        return (player,) if player in ("L", "R") else ("L", "R")


class PartizanMisereTry(Variant):
    """Partizan End-Nim whose terminal_value says the mover wins at the empty row."""

    name = "conf-partizan-misere"
    title = "partizan End-Nim, misere (not supported)"
    impartial = False

    def ends(self, piles, player=None):
        return (player,) if player in ("L", "R") else ("L", "R")

    def terminal_value(self, piles):
        return 1


class RenamedPartizan(PartizanEndNim):
    """The built-in game under another name: its theory still holds."""

    name = "conf-renamed-partizan"
    title = "partizan End-Nim renamed"
    aliases = ()
'''


@pytest.fixture(scope="module")
def own_file(tmp_path_factory: pytest.TempPathFactory) -> Path:
    path = tmp_path_factory.mktemp("own") / "own_partizan.py"
    path.write_text(OWN)
    return path


RELATIVES = [
    (f"{EXAMPLES / 'left_clears.py'}:RightCappedPartizan", right_capped),
    (f"{EXAMPLES / 'left_clears.py'}:LeftClearsPartizan", left_clears),
    ("OWN:OddLoneLeft", odd_lone_left),
    ("OWN:OddLoneInherited", odd_lone_left),
    ("OWN:RenamedPartizan", plain_partizan),
    ("OWN:LeftEither", left_either),
]


def spec_of(spec: str, own_file: Path) -> str:
    return spec.replace("OWN", str(own_file)) if spec.startswith("OWN:") else spec


@pytest.mark.parametrize(("spec", "takes"), RELATIVES, ids=[s.split(":")[1] for s, _ in RELATIVES])
def test_partizan_relatives_answer_as_their_brute_force(
    spec: str, takes: object, own_file: Path
) -> None:
    """Every row of <= 3 piles <= 4: class, winning moves and the four thresholds (a threshold
    no x up to the scan reaches is null, with a note naming the size scanned)."""
    rules = load_rules(spec_of(spec, own_file))
    brute = PartizanBrute(takes)  # type: ignore[arg-type]
    for length in range(1, 4):
        for row in itertools.product(range(1, 5), repeat=length):
            answer = analyze(list(row), rules).to_dict()
            assert answer["outcome"] == brute.outcome(row), row
            assert with_player(answer["winning_moves"]) == brute.winning_moves(row), row
            scan = threshold_scan(row, rules, 2_000_000) if answer["method"] == "search" else 64
            assert scan >= 32
            expected = brute.thresholds(row, scan)
            got = {key: answer[key] for key in expected}
            assert got == expected, row
            if None in expected.values():
                assert any(f"none up to {scan}" in note for note in answer["notes"]), row


def test_an_inherited_theory_answers_only_for_the_game_it_is_about(own_file: Path) -> None:
    odd = load_rules(f"{own_file}:OddLoneInherited")
    renamed = load_rules(f"{own_file}:RenamedPartizan")
    take_one = load_rules(f"{own_file}:TakeOneInherited")
    assert odd.theory() is None and not inherits_theory(odd)
    assert renamed.theory() is not None and plays_as(renamed, PartizanEndNim)
    assert take_one.theory() is None and not plays_as(take_one, EndNim)
    assert analyze("3", odd).outcome == "L"  # A–N's lone pile *3 would say N
    assert analyze("3", renamed).method == "theory"
    for row in itertools.product(range(1, 5), repeat=3):
        assert analyze(list(row), take_one).grundy == grundy(row, lambda p, s: s == p - 1)
    assert "Albert" not in source_of(odd) and "Albert" in source_of(renamed)


def test_the_misere_sum_theorem_is_not_assumed_of_a_subclass(own_file: Path) -> None:
    rules = load_rules(f"{own_file}:MisereCapInherited")
    assert not plays_as(rules, MisereEndNim) and plays_as(get_variant("misere"), MisereEndNim)
    done = hang_guard.run(
        [sys.executable, "-m", "endnim.cli", "analyze", "--rules", f"{own_file}:MisereCapInherited"]
        + ["3 1 3 + 2 2"],
        capture_output=True,
        text=True,
    )
    assert done.returncode != 0 and "misère End-Nim sums" not in done.stdout
    assert len(done.stderr.strip().splitlines()) == 1 and "internal error" not in done.stderr


@pytest.mark.parametrize("name", ["OddLoneLeft", "OddLoneInherited"])
def test_rules_info_blames_ends_for_a_rule_set_that_changes_only_ends(
    name: str, own_file: Path
) -> None:
    done = hang_guard.run(
        [sys.executable, "-m", "endnim.cli", "rules-info", "--json", f"{own_file}:{name}"],
        capture_output=True,
        text=True,
    )
    answer = json.loads(done.stdout)
    assert answer["hooks"] == ["ends"]
    assert answer["compiled"]["hook"] == "ends" and answer["theory"] is False
    note = analyze("3 1", load_rules(f"{own_file}:{name}")).notes
    assert any("(ends() keeps it out)" in n for n in note), note


def test_the_shipped_partizan_examples_analyse_on_the_command_line() -> None:
    """The issue's report: ``analyze`` died with an AssertionError on "1 2 1"."""
    for name, row, outcome in (
        ("LeftClearsPartizan", "1 2 1", "L"),
        ("RightCappedPartizan", "4 1 5", "N"),
    ):
        done = hang_guard.run(
            [sys.executable, "-m", "endnim.cli", "analyze", "--json", "--rules"]
            + [f"{EXAMPLES / 'left_clears.py'}:{name}", row],
            capture_output=True,
            text=True,
        )
        assert done.returncode == 0, done.stderr
        assert json.loads(done.stdout)["outcome"] == outcome


def test_a_game_ends_when_the_partizan_player_to_move_has_no_move() -> None:
    """``play`` died after the first move: Right, at a last pile of 1 it may not reduce, has no
    move in a row that is not empty, and the computer drew from an empty list."""
    from endnim.play.session import GameSession

    rules = load_rules(f"{EXAMPLES / 'left_clears.py'}:LeftClearsPartizan")
    game = GameSession(rules, "1 2 1", human_side="L")
    assert not game.over
    game.play("L0")
    assert game.over and game.winner == "human"
    assert game.ending() == "the computer has no move left and loses (normal play)"


def test_check_rules_fails_a_rule_set_whose_analysis_crashes(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """``check-rules`` analyses small positions as ``analyze`` does: the crash the issue
    reported (an AssertionError in the thresholds) is a finding, not "no problem found"."""
    import endnim.strategies.search as search
    from endnim.commands.check_rules import exercise_and_analyse

    spec = f"{EXAMPLES / 'left_clears.py'}:LeftClearsPartizan"
    assert exercise_and_analyse(spec, 2, 3, (), ())["ok"]

    def crash(*args: object, **kwargs: object) -> dict[str, int]:
        raise AssertionError("no threshold below 6: the bound in §3 failed")

    monkeypatch.setattr(search, "search_thresholds", crash)
    report = exercise_and_analyse(spec, 2, 3, (), ())
    assert not report["ok"]
    [finding] = report["findings"]
    assert finding["kind"] == "analyze fails" and "AssertionError" in finding["detail"]


def test_the_page_cites_no_paper_of_its_own_accord() -> None:
    """The value card's footnote and the table caption name the rule set's own source (from
    /api/variants); app.js writes no paper's name into them itself (issue 39 item 5)."""
    app = (Path(__file__).resolve().parents[2] / "src/endnim/web/static/app.js").read_text()
    code = [line for line in app.splitlines() if not line.strip().startswith("//")]
    assert not [line for line in code if "Albert–Nowakowski §3" in line]


def test_a_relatives_value_card_and_table_cite_its_own_source(own_file: Path) -> None:
    from endnim.analysis.values import evaluate
    from endnim.web.tables import heatmap_table

    odd = load_rules(f"{own_file}:OddLoneInherited")
    assert heatmap_table(odd, "2 4 1", 8, 8).triple_point is None  # A–N's Cor 6–7 are not its
    assert heatmap_table("partizan", "2 4 1", 8, 8).triple_point == (6, 7)
    title = evaluate("2 1", odd.name).title
    assert "Albert" not in title and "a relative of partizan End-Nim" in title


def test_analyze_says_why_an_inherited_theory_did_not_answer(own_file: Path) -> None:
    notes = analyze("3 1", load_rules(f"{own_file}:OddLoneInherited")).notes
    assert "(it changes partizan End-Nim's rules (ends): that theory is not its)" in notes[0]


def test_the_engine_refuses_ends_that_change_with_the_piles(own_file: Path) -> None:
    """ends() of the sample row (2, 1, 3) is partizan End-Nim's, but equal end piles give Left
    both ends: the engine's recurrence (the same ends in every row) would answer wrongly, so
    it must refuse, naming ends(), and the search answers as the brute force does."""
    from endnim.engine.served import compiled_path

    rules = load_rules(f"{own_file}:EqualEndsLeftBoth")
    path = compiled_path(rules)
    assert (path.path, path.hook) == ("none", "ends")

    def takes(row: tuple[int, ...], player: str) -> list[tuple[str, int]]:
        ends = "LR" if player == "L" and len(row) >= 2 and row[0] == row[-1] else player
        found: dict[tuple[int, ...], tuple[str, int]] = {}
        for end in ends if row else "":
            pile = row[0] if end == "L" else row[-1]
            for size in range(pile):
                rest = list(row[1:]) if end == "L" else list(row[:-1])
                after = tuple(
                    ([size] if size else []) + rest
                    if end == "L"
                    else rest + ([size] if size else [])
                )
                found.setdefault(after, (end, size))
        return list(found.values())

    brute = PartizanBrute(takes)
    for row in itertools.product(range(1, 4), repeat=3):
        answer = analyze(list(row), rules).to_dict()
        assert answer["outcome"] == brute.outcome(row), row
        assert with_player(answer["winning_moves"]) == brute.winning_moves(row), row


def test_a_partizan_terminal_value_is_refused_not_ignored(own_file: Path) -> None:
    """The partizan search and canonical forms are normal play: a rule set whose terminal
    position is a win for the mover is refused in one line (it was answered as normal play)."""
    from endnim.analysis.values import evaluate
    from endnim.errors import RuleSetError

    rules = load_rules(f"{own_file}:PartizanMisereTry")
    for attempt in (lambda: analyze("2 1", rules), lambda: evaluate("2 1", rules.name)):
        with pytest.raises(RuleSetError) as refused:
            attempt()
        assert "partizan misère play is not supported" in str(refused.value)
        assert len(str(refused.value).splitlines()) == 1
    from endnim.engine.served import compiled_path

    assert compiled_path(rules).hook == "terminal_value"  # nor does the engine answer it
