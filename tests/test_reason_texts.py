"""The texts people read (issue 13): no repeated labels, named clauses, values shown, notebook
reprs that say what a partizan analysis found."""

from __future__ import annotations

import itertools
import re

import pytest
from click.testing import CliRunner
from conftest import BUILT_IN_NAMES, solver

from endnim.analyzer import analyze
from endnim.commands.analyze import analyze as analyze_command
from endnim.commands.value import value as value_command
from endnim.search import ImpartialValue
from endnim.variants import get_variant


@pytest.mark.parametrize("variant", BUILT_IN_NAMES)
@pytest.mark.parametrize("method", ["search", "engine", "theory", "auto"])
def test_a_reason_does_not_repeat_its_label(variant: str, method: str) -> None:
    """`--method search` once printed "exhaustive search: exhaustive search: ..."."""
    for reason in analyze("3 1 2", variant, method).reasons:
        assert not reason.statement.lower().startswith(reason.theorem.lower()), reason
    output = CliRunner().invoke(analyze_command, ["-v", variant, "-m", method, "3", "1", "2"])
    assert output.exit_code == 0, output.output
    assert not re.search(r"(\b[\w ]+): \1:", output.output), output.output


def test_value_prints_the_atomic_weight_once() -> None:
    """ "atomic weight 2 (2)": the CGSuite form is added only where it differs."""
    for row in ("3 1 2", "1 2 3", "2 1"):
        output = CliRunner().invoke(value_command, row.split()).output
        (line,) = [t for t in output.splitlines() if t.startswith("atomic weight")]
        assert line.split()[2:] == [line.split()[2]], line


@pytest.mark.parametrize(
    ("variant", "theorem", "value"),
    [("endnim", "Thm 5.1", 1), ("endnim", "Thm 5.4", 2), ("misere", "Thm 5.2", 1)]
    + [("loop", "Thm 5.3", 1)],
)
def test_three_pile_theorems_name_the_clause(variant: str, theorem: str, value: int) -> None:
    """Not "a condition of Thm 5.4 holds": which clause, and its conditions on the row."""
    theory = get_variant(variant).theory()
    assert theory is not None
    seen = 0
    for row in itertools.product(range(1, 13), repeat=3):
        fixed = theory.grundy(row)
        if fixed is None or not fixed[1].theorem.endswith(theorem):
            continue
        grundy, reason = fixed
        search = solver(variant).value(row)
        assert isinstance(search, ImpartialValue) and grundy == search.grundy == value
        assert "a condition of" not in reason.statement
        assert re.search(
            r"clause \((a|b|c|d)\)(\((i|ii|iii)\))?(\((I|II|III)\))? holds:", reason.statement
        )
        assert reason.data["clause"] in reason.statement
        assert ("read right to left" in reason.statement) == (row[0] > row[2])
        seen += 1
    assert seen > 10


def test_partizan_notebook_repr_shows_thresholds_and_both_remoteness_values() -> None:
    html = analyze("3 1 2", variant="partizan")._repr_html_()
    assert "grundy" not in html and "unknown" not in html and "{" not in html
    assert "L* = 1, R* = 2, L = 1, R = 2" in html
    assert "Left moving first: 5, Right moving first: 4" in html
    impartial = analyze("3 3 3 2")._repr_html_()
    assert "<th style='text-align:left'>grundy</th><td>1</td>" in impartial
    assert "thresholds" not in impartial


@pytest.mark.parametrize(
    ("variant", "marks"),
    [("endnim", {"L", "R"}), ("muller", {"L"}), ("partizan", {"L", "R"}), ("loop", {"L", "R"})],
)
def test_the_notebook_picture_marks_the_ends_the_rule_set_plays(
    variant: str, marks: set[str]
) -> None:
    """Muller End-Nim plays the first pile only: its picture must not mark the last."""
    html = analyze("3 1 4", variant=variant)._repr_html_()
    drawn = {end for end in ("L", "R") if f'font-weight="bold">{end}</text>' in html}
    assert drawn == marks


@pytest.mark.parametrize(
    "args",
    [
        ["analyze", "3", "1", "4"],
        ["analyze", "-v", "partizan", "3", "1", "2"],
        ["value", "3", "1", "2"],
        ["table", "--rows", "3", "--cols", "3"],
        ["phase", "2", "--size", "4"],
    ],
)
def test_terminal_output_has_no_trailing_spaces(args: list[str]) -> None:
    """rich pads every line of a table to its width: a paste into a paper carried them."""
    from endnim.cli import cli

    result = CliRunner().invoke(cli, args)
    assert result.exit_code == 0, result.output
    lines = result.output.splitlines()
    assert len(lines) > 2
    assert [line for line in lines if line != line.rstrip()] == []


def test_a_pile_of_one_is_one_coin() -> None:
    from endnim.errors import MoveError

    with pytest.raises(MoveError, match=r"the first pile has 1 coin, so"):
        get_variant("endnim").play((1, 4), "L1")
    with pytest.raises(MoveError, match=r"the first pile has 3 coins, so"):
        get_variant("endnim").play((3, 4), "L5")


def test_a_finished_game_says_so() -> None:
    """A finished tree game said 'every move leads to an N-position' (there is no move)."""
    from endnim.cli import cli

    result = CliRunner().invoke(cli, ["analyze", "-v", "tree", '{"labels": [0], "edges": []}'])
    assert result.exit_code == 0, result.output
    assert "winning moves  none: the game is over" in result.output
