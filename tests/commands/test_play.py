"""``endnim play``: a scripted game on standard input, to the end or to the end of input."""

from __future__ import annotations

import random

import pytest
from click.testing import CliRunner, Result

import endnim.cli as cli
from endnim.commands.play import play, row_display
from endnim.play import GameSession, best_move


def run(args: list[str], lines: list[str]) -> Result:
    return CliRunner().invoke(
        play, args, input="".join(f"{line}\n" for line in lines), env={"COLUMNS": "160"}
    )


def perfect_replies(start: str, variant: str = "endnim") -> list[str]:
    """The person's perfect moves against the perfect computer (the same seed replays it)."""
    from endnim.play import ComputerPlayer

    game = GameSession(variant, start, computer=ComputerPlayer(100, random.Random(0)))
    lines: list[str] = []
    while not game.over:
        if game.to_move == "human":
            move = str(best_move(game.position, variant).move)
            lines.append(move)
            game.play(move)
        else:
            game.computer_move()
    return lines


def test_a_scripted_game_to_the_end() -> None:
    lines = perfect_replies("3 1 4 1 5")
    result = run(["3", "1", "4", "1", "5", "--seed", "0"], lines)
    assert result.exit_code == 0, result.output
    assert "End-Nim against the computer (perfect)" in result.output
    assert "You move first." in result.output
    assert "You win!" in result.output and f"; {2 * len(lines) - 1} moves)" in result.output
    assert "the computer has no move left and loses (normal play)" in result.output
    assert result.output.count("computer plays") == len(lines) - 1
    assert "your move> " + lines[0] in result.output  # piped input is echoed


def test_end_of_input_ends_cleanly() -> None:
    result = run(["3", "1", "4"], ["L0"])
    assert result.exit_code == 0
    assert "bye (end of input)" in result.output
    assert "computer plays" in result.output
    empty = CliRunner().invoke(play, [], input="")
    assert empty.exit_code == 0 and "bye (end of input)" in empty.output
    assert "3  1  4  1  5" in empty.output  # the default position


def test_commands_hint_moves_undo_help_quit() -> None:
    result = run(["3", "1", "4"], ["help", "hint", "moves", "L9", "R3", "undo", "quit"])
    out = result.output
    assert result.exit_code == 0
    assert "Type a move" in out
    assert "hint: R3 wins: it leaves 3 1 3, a P-position" in out
    assert "Cairns–Ho Thm 2.1" in out
    assert "R3      wins      3 1 3" in out and "L0      loses" in out
    assert "move L9 is not legal in 3 1 4" in out and "(type 'help')" in out
    assert "took back 2 moves" in out
    assert out.rstrip().endswith("bye")


def test_undo_before_moving_and_the_computer_first() -> None:
    result = run(["3", "1", "3", "--computer-first", "--seed", "1"], ["undo", "q"])
    assert result.exit_code == 0
    assert "The computer moves first." in result.output
    assert result.output.index("computer plays") < result.output.index("your move>")
    assert "nothing to undo: you have not moved yet" in result.output


def test_partizan_sides_and_skill() -> None:
    result = run(
        ["--variant", "partizan", "--side", "right", "--skill", "0", "2", "4", "1"],
        ["L0", "moves", "R0", "q"],
    )
    out = result.output
    assert result.exit_code == 0, out
    assert "partizan End-Nim against the computer (random)" in out
    assert "You play Right (the last pile)." in out
    assert "move L0 is not legal for Right" in out
    assert "R0      wins" in out or "R0      loses" in out
    assert "computer (Left) plays L" in out
    misere = run(["--variant", "misere", "--convention", "conway", "2", "3"], ["q"])
    assert "misère End-Nim (Conway convention) against the computer" in misere.output


def test_a_lost_game() -> None:
    lines = ["L0", "L0", "L0", "L0", "L0", "L0"]
    result = CliRunner().invoke(
        cli.cli, ["play", "1", "1", "--seed", "2"], input="\n".join(lines) + "\n"
    )
    assert result.exit_code == 0, result.output
    assert "The computer wins." in result.output


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["3", "0"], "pile 2 is 0: piles must be positive whole numbers"),
        (["--side", "L", "3"], "--side applies to --variant partizan only"),
        (["--convention", "conway", "3"], "--convention conway applies to --variant misere only"),
        (["--skill", "101", "3"], "101 is not in the range 0<=x<=100"),
        (["--bogus", "3"], "no such option: --bogus"),
    ],
)
def test_bad_input_is_one_line_and_status_2(
    args: list[str], message: str, capsys: pytest.CaptureFixture[str]
) -> None:
    with pytest.raises(SystemExit) as stopped:
        cli.main(["play", *args])
    assert stopped.value.code == 2
    err = capsys.readouterr().err
    assert err.startswith("endnim: error: ") and message in err and err.count("\n") == 1


def test_row_display_of_long_and_huge_rows() -> None:
    from rich.console import Console

    console = Console(width=200, record=True)
    console.print(row_display(GameSession("endnim", "1^30 7")))
    text = console.export_text()
    assert "…" in text and "7" in text and text.count("1") >= 12
    console = Console(width=200, record=True)
    console.print(row_display(GameSession("endnim", f"{10**100} 5")))
    assert "1e100" in console.export_text()


def test_pile_bars_keep_one_scale() -> None:
    """`1 1` is never drawn as tall as `5 5`: a line per coin up to five coins, and the scale
    of the start's largest pile all game long."""
    from rich.console import Console

    from endnim.commands.play import row_display
    from endnim.play import GameSession

    def bar_lines(game: GameSession) -> list[int]:
        console = Console(width=80, record=True)
        console.print(row_display(game))
        rows = [line for line in console.export_text().splitlines() if "█" in line]
        return [sum("█" in line[i : i + 2] for line in rows) for i in (0, 3)]

    assert bar_lines(GameSession("endnim", "1 1")) == [1, 1]
    assert bar_lines(GameSession("endnim", "5 5")) == [5, 5]
    game = GameSession("endnim", "5 5")
    game.play("L1")
    game.computer_move()
    assert bar_lines(game) == [1, 1]
    assert bar_lines(GameSession("endnim", "40 20")) == [5, 2]


@pytest.mark.parametrize(
    ("variant", "start", "move", "ending"),
    [
        # misère: the computer is left the last coin; it has a move, and that move loses
        ("misere", "2", "L1", "the computer must take the last coin and loses (misère"),
        ("misere-conway", "1", "L0", "whoever took it loses, so the computer wins (misère)"),
        ("loop", "3 2", "R0", "one pile is left: whoever left it wins, so the computer loses"),
    ],
)
def test_the_end_of_a_game_is_said_in_the_rule_sets_words(
    variant: str, start: str, move: str, ending: str
) -> None:
    result = run([start, "--variant", variant, "--seed", "0"], [move])
    assert result.exit_code == 0, result.output
    assert ending in " ".join(result.output.split())
    assert "no move left" not in result.output


def perfect_sum_replies(start: str, variant: str) -> list[str]:
    """The person's perfect moves in a sum against the perfect computer (seed 0 replays it)."""
    from endnim.play import ComputerPlayer

    game = GameSession(variant, start, computer=ComputerPlayer(100, random.Random(0)))
    lines: list[str] = []
    while not game.over:
        if game.to_move == "human":
            move = game.variant.format_move(best_move(game.position, game.variant).move)
            lines.append(move)
            game.play(move)
        else:
            game.computer_move()
    return lines


@pytest.mark.parametrize(
    ("variant", "start", "ending"),
    [
        ("endnim", "3 1 4 + 2 2", "the computer has no move left and loses (normal play)"),
        ("misere", "3 1 + 2 + 1", "the last mover lost (misère), so you win"),
    ],
)
def test_a_scripted_sum_to_the_end(variant: str, start: str, ending: str) -> None:
    lines = perfect_sum_replies(start, variant)
    result = run([*start.split(), "--variant", variant, "--seed", "0"], ["hint", *lines])
    out = result.output
    assert result.exit_code == 0, out
    assert "against the computer (perfect)" in out and "sums of" in out
    assert "summand 1" in out and "summand 2" in out
    assert "Type a move in one summand, K:MOVE" in out
    assert f"hint: {lines[0]} wins" in out
    assert "keeps the win" in out
    assert "You win!" in out and ending in " ".join(out.split())
    last_is_the_computer_s = variant == "misere"  # misère: the computer takes the last coin
    assert out.count("computer plays") == len(lines) - 1 + last_is_the_computer_s


def test_a_sum_s_bad_moves_are_said_and_the_game_goes_on() -> None:
    result = run(["3", "+", "2", "2"], ["3:L0", "L0", "2:L7", "moves", "q"])
    out = " ".join(result.output.split())
    assert result.exit_code == 0
    assert "there is no summand 3: the sum '3 + 2 2' has 2 summands (type 'help')" in out
    assert "cannot read a move of a sum from 'L0'" in out
    assert "summand 2: move L7 is not legal in 2 2" in out
    assert "1:L0 loses" in out or "1:L0 wins" in out


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["3", "+", "0", "2"], "summand 2 of '3 + 0 2': pile 1 is 0"),
        (["3", "+", "+", "2"], "summand 2 of '3 + + 2' is empty"),
        (
            ["-v", "partizan", "5 5 5", "+", "6 6 6", "+", "7 7 7", "+", "5 5 5"],
            "this sum is too large to play: the exact search of the sum may visit up to "
            "121,677,504 states",
        ),
        ([str(10**30), "1", "+", "3"], "this sum is too large to play: it has up to"),
    ],
)
def test_bad_sums_are_one_line_and_status_2(
    args: list[str], message: str, capsys: pytest.CaptureFixture[str]
) -> None:
    with pytest.raises(SystemExit) as stopped:
        cli.main(["play", *args])
    assert stopped.value.code == 2
    err = capsys.readouterr().err
    assert err.startswith("endnim: error: ") and message in err and err.count("\n") == 1


# --------------------------------------------------------------------------- issue 33
def test_history_shows_every_option_of_every_turn(tmp_path: object) -> None:
    import json
    from pathlib import Path

    assert isinstance(tmp_path, Path)
    record = tmp_path / "game.json"
    lines = ["L0", "L0", "L0"]  # 3 1 4: L0 throws the win away (R3 was the one winning move)
    result = run(["3", "1", "4", "--seed", "0", "--history", "--record", str(record)], lines)
    assert result.exit_code == 0, result.output
    shown = result.output[result.output.index("every option at every turn") :]
    first = shown.splitlines()[1].split()
    assert first[:3] == ["1", "you", "3"] and "[L0" in first  # the move played, bracketed
    assert "R3" in first and first[first.index("R3") + 1] == "P"  # the win left on the table
    saved = json.loads(record.read_text(encoding="utf-8"))
    turns = [line for line in shown.splitlines()[1:] if line[:3].strip().isdigit()]
    assert len(saved["history"]) == len(turns)  # a line a turn, the computer's too
    options = saved["history"][0]["options"]
    assert options["winning"] == ["R3"] and options["total"] == 7
    assert {o["move"]: o["wins"] for o in options["listed"]} == {
        "L0": False, "L1": False, "L2": False, "R0": False, "R1": False, "R2": False, "R3": True,
    }  # fmt: skip


def test_redo_plays_again_what_undo_took_back() -> None:
    result = run(["3", "1", "4", "1", "5", "--seed", "0"], ["R4", "undo", "redo", "history"])
    assert result.exit_code == 0, result.output
    assert "took back 2 moves" in result.output and "played R4 again" in result.output
    assert result.output.count("computer plays") == 2  # it answered the move, then again
    result = run(["3", "1", "4", "1", "5"], ["redo"])
    assert "nothing to redo" in result.output


def test_a_record_that_cannot_be_written_is_one_line_before_the_game() -> None:
    import subprocess
    import sys

    done = subprocess.run(
        [sys.executable, "-m", "endnim.cli", "play", "3", "1", "--record", "/no/such/dir/g.json"],
        input="L0\n",
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert done.returncode == 2 and "your move" not in done.stdout
    assert done.stderr.strip() == (
        "endnim: error: cannot write the record to /no/such/dir/g.json: its folder does not exist"
    )


@pytest.mark.parametrize("ending", ["quit", None])
def test_history_is_shown_after_quit_and_end_of_input(ending: str | None) -> None:
    """Issue 42: `play --history` printed nothing when the game ended by 'quit' or the end of
    input, the usual ends of a scripted game."""
    lines = ["L0"] + ([ending] if ending else [])
    result = run(["3", "1", "4", "--history", "--seed", "0"], lines)
    assert result.exit_code == 0, result.output
    assert "every option at every turn" in result.output
    assert "[L0 " in result.output  # the person's move, in brackets among its options


@pytest.mark.parametrize(
    ("args", "side"),
    [
        (["3", "1", "4"], None),
        (["-v", "partizan", "--side", "R", "3", "1", "4"], "R"),
        (["-v", "partizan", "3", "1", "4"], "L"),
        (["-v", "muller", "3", "1", "4"], None),
        (["-v", "misere", "1", "1"], None),
        (["3", "1", "+", "2"], None),
        (["-v", "tree", "2(1 1)"], None),
    ],
)
def test_the_intro_offers_only_legal_moves(args: list[str], side: str | None) -> None:
    """The intro offered Muller's 'L2r' in End-Nim and 'L3' to Right in partizan End-Nim: its
    example moves are now legal moves of the position for the person's side."""
    import re

    from endnim.commands.common import variant_name
    from endnim.variants import get_variant

    result = run(args, [])
    intro = next(line for line in result.output.splitlines() if line.startswith("Type a move"))
    examples = re.findall(r"(\S+) \((?:summand \d: )?(?:the|vertex)", intro)
    assert examples, intro
    name = args[args.index("-v") + 1] if "-v" in args else "endnim"
    words = [w for w in args if w not in ("-v", name, "--side", "R")]
    game = GameSession(variant_name(name), " ".join(words), human_side=side)  # type: ignore[arg-type]
    for move in examples:
        game.play(move)  # legal, or TurnError / MoveError
        game.undo()
    assert getattr(get_variant(variant_name(name)), "reversible", False) or "r (" not in intro


def test_the_value_chart_says_who_moved_beside_a_legend() -> None:
    """The chart's last axis read "moves ycycyc", as one word."""
    result = run(["3", "1", "4", "--seed", "0"], ["L0", "chart", "quit"])
    line = next(line for line in result.output.splitlines() if line.startswith("mover"))
    assert line.endswith("(y you, c the computer)")
    assert "moves y" not in result.output


def test_a_piped_game_has_no_trailing_spaces() -> None:
    """The bars and the moves table were padded with spaces to their width (issue 42 found
    it in the periodicity table; the game's drawings had it too)."""
    result = run(["3", "1", "4", "--seed", "0"], ["moves", "L0", "quit"])
    assert "3  1  4" in result.output and "leads to" in result.output
    assert [line for line in result.output.splitlines() if line != line.rstrip()] == []
