"""Rule sets written as data (TOML): errors name the key, the twins answer as the Python files.

The examples' TOML twins (examples/variants/*.toml) are compared with their Python files over
every small position, through the API (``endnim.analyze``, ``endnim.value``, the moves) and
through ``endnim analyze --json``; TOML texts of the papers' rule sets are compared with the
built-in classes, through the search and the compiled engine's tables.
"""

from __future__ import annotations

import itertools
import json
from collections.abc import Iterator
from pathlib import Path

import pytest

import endnim
from endnim import cli
from endnim.analysis.tables import value_table
from endnim.commands.supervised import wants_supervision
from endnim.engine.families import family_of
from endnim.engine.takes import restricts_takes
from endnim.errors import MoveError
from endnim.search import Solver
from endnim.variants import load_rules, unregister_variant
from endnim.variants.data_rules import (
    DataRulesError,
    class_from_text,
    is_data_rules,
    parse_rules,
)
from endnim.variants.registry import register_data_rules

EXAMPLES = Path(__file__).resolve().parents[2] / "examples" / "variants"
Row = tuple[int, ...]

TWINS = {  # TOML twin: the Python rule set it restates
    "capped.toml": "capped.py:CappedEndNim",
    "subtraction.toml": "subtraction.py:SubtractionEndNim",
    "left_clears.toml": "left_clears.py:LeftClearsPartizan",
    "right_capped.toml": "left_clears.py:RightCappedPartizan",
}


def rows(max_length: int, max_pile: int) -> Iterator[Row]:
    for length in range(1, max_length + 1):
        yield from itertools.product(range(1, max_pile + 1), repeat=length)


@pytest.fixture(scope="module")
def twins() -> Iterator[dict[str, tuple[str, str]]]:
    """Each twin's (TOML rule set's name, Python rule set's name), both loaded."""
    names = {}
    for toml, spec in TWINS.items():
        data = load_rules(str(EXAMPLES / toml))
        python = load_rules(str(EXAMPLES / spec))
        names[toml] = (data.name, python.name)
    yield names
    for data_name, python_name in names.values():
        unregister_variant(data_name)
        unregister_variant(python_name)


# ------------------------------------------------------------------------- errors
@pytest.mark.parametrize(
    ("text", "key", "words"),
    [
        ('name = "x"\ncolour = "red"', "colour", "unknown key"),
        ('name = "x"\n[takes]\nmost = 3', "takes.most", "unknown key"),
        ('name = "x"\nends = 2', "ends", "expected a string"),
        ('name = "x"\nends = "middle"', "ends", "not one of"),
        ('name = "x"\nterminal = "draw"', "terminal", "not one of"),
        ('name = "x"\nreverse = "yes"', "reverse", "true or false"),
        ('name = "x"\n[takes]\nset = []', "takes.set", "empty"),
        ('name = "x"\n[takes]\nset = [1, "2"]', "takes.set", "integer"),
        ('name = "x"\n[takes]\nset = [0]', "takes.set", "out of range"),
        ('name = "x"\n[takes]\nmin = 4\nmax = 2', "takes.max", "below min"),
        ('name = "x"\n[takes]\nset = [1, 3]\nparity = "even"', "takes", "take set is empty"),
        ('name = "x"\n[takes]\nmax_fraction = 0.5', "takes.max_fraction", '"1/2"'),
        ('name = "x"\n[takes]\nmax_fraction = "0/2"', "takes.max_fraction", "at least 1"),
        ('name = "x"\n[takes]\nclear = 0', "takes.clear", "true or false"),
        ('name = "x"\ntakes = 3', "takes", "expected a table"),
        ('name = "x"\n[takes.left]\nmax = 2', "takes.left", 'ends = "partizan"'),
        (
            'name = "x"\nends = "partizan"\n[takes]\nset = [1, 2]\n[takes.right]\nset = [3]',
            "takes.right",
            "contradicts [takes]",
        ),
        ('name = "x"\nends = "partizan"\nreverse = true', "reverse", "contradicts"),
        ('name = "x"\nconvention = "conway"', "convention", "misere"),
        ('name = "x"\nterminal = "misere"\n[takes]\nmin = 2', "terminal", "one coin"),
        ('name = "x"\nterminal = "misere"\n[takes]\nmax_fraction = "1/2"', "terminal", "Python"),
        ('title = "x"', "name", "missing"),
        ('name = "My Rules"', "name", "lower-case"),
        ('name = "x"\n[left]\nmax = 2', "left", "[takes.left]"),
    ],
)
def test_an_error_is_one_line_naming_the_key(text: str, key: str, words: str) -> None:
    with pytest.raises(DataRulesError) as caught:
        parse_rules(text, "mine.toml")
    message = str(caught.value)
    assert "\n" not in message and message.startswith(f"mine.toml: {key}: "), message
    assert words in message


def test_text_that_is_not_toml_or_too_long_is_one_line() -> None:
    for text, words in (("name = ", "not TOML"), ("#" * 5000, "more than 4,096 bytes")):
        with pytest.raises(DataRulesError, match=words) as caught:
            parse_rules(text, "box")
        assert "\n" not in str(caught.value)


def test_a_file_error_is_one_line_on_the_command_line(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "bad.toml"
    path.write_text('name = "bad"\n[takes]\nmax = "three"\n')
    with pytest.raises(SystemExit) as exit:
        cli.main(["analyze", "--rules", str(path), "3 1"])
    assert exit.value.code == 2
    err = capsys.readouterr().err
    assert err == "endnim: error: bad.toml: takes.max: expected an integer, got a string\n"


def test_a_toml_rule_set_runs_in_this_process_not_in_a_worker() -> None:
    assert not wants_supervision(["analyze", "--rules", "mine.toml", "3 1"])
    assert not wants_supervision(["rules-info", "mine.toml"])
    assert wants_supervision(["analyze", "--rules", "mine.toml", "--rules", "x.py:X", "3"])


# ------------------------------------------------------------------------- twins
def _moves(rules: endnim.Variant, row: Row, player: str | None) -> set[tuple[str, Row]]:
    return {(str(move), tuple(child)) for move, child in rules.options(row, player)}  # type: ignore[arg-type]


@pytest.mark.parametrize("toml", ["capped.toml", "subtraction.toml"])
def test_impartial_twins_answer_alike_through_the_api(
    twins: dict[str, tuple[str, str]], toml: str
) -> None:
    data_name, python_name = twins[toml]
    data, python = endnim.get_variant(data_name), endnim.get_variant(python_name)
    assert is_data_rules(data) and not is_data_rules(python)
    for row in rows(3, 6):
        assert _moves(data, row, None) == _moves(python, row, None), row
        mine, theirs = endnim.analyze(list(row), data_name), endnim.analyze(list(row), python_name)
        assert (mine.grundy, mine.outcome, mine.remoteness) == (
            theirs.grundy,
            theirs.outcome,
            theirs.remoteness,
        ), row
        assert sorted(map(str, mine.winning_moves)) == sorted(map(str, theirs.winning_moves))


@pytest.mark.parametrize("toml", ["left_clears.toml", "right_capped.toml"])
def test_partizan_twins_answer_alike_through_the_api(
    twins: dict[str, tuple[str, str]], toml: str
) -> None:
    data_name, python_name = twins[toml]
    data, python = endnim.get_variant(data_name), endnim.get_variant(python_name)
    assert not data.impartial
    for row in rows(3, 4):
        for player in ("L", "R"):
            assert _moves(data, row, player) == _moves(python, row, player), (row, player)
        text = " ".join(map(str, row))
        assert str(endnim.value(text, data_name)) == str(endnim.value(text, python_name)), row
    solver, reference = Solver(data), Solver(python)
    for row in rows(3, 5):
        assert solver.value(row).outcome == reference.value(row).outcome, row


def test_a_partizan_twin_refuses_a_take_its_player_may_not_make(
    twins: dict[str, tuple[str, str]],
) -> None:
    data = endnim.get_variant(twins["right_capped.toml"][0])
    assert data.play((4, 1, 5), "R3", "R") == (4, 1, 3)
    with pytest.raises(MoveError, match="not legal for Right"):
        data.play((4, 1, 5), "R2", "R")
    assert data.play((5, 1, 4), "L1", "L") == (1, 1, 4)  # Left's takes are not capped


def _analyze_json(args: list[str], capsys: pytest.CaptureFixture[str]) -> dict[str, object]:
    with pytest.raises(SystemExit) as exit:
        cli.main(["analyze", *args, "--json"])
    assert exit.value.code == 0
    answer: dict[str, object] = json.loads(capsys.readouterr().out)
    return answer


def test_impartial_twins_answer_alike_through_analyze_json(
    twins: dict[str, tuple[str, str]], capsys: pytest.CaptureFixture[str]
) -> None:
    fields = ("position", "outcome", "grundy", "winning_moves", "remoteness", "method")
    for toml in ("capped.toml", "subtraction.toml"):
        for row in ("3 1 4", "5 2 2 7", "6", "1 1"):
            mine = _analyze_json(["--rules", str(EXAMPLES / toml), row], capsys)
            python = _analyze_json(["-v", twins[toml][1], row], capsys)
            assert mine["variant"] == twins[toml][0]
            assert {k: mine[k] for k in fields} == {k: python[k] for k in fields}, (toml, row)


# ------------------------------------------------------------- the papers' rule sets
PAPERS = {
    "endnim": 'name = "t-endnim"',
    "misere": 'name = "t-misere"\nterminal = "misere"',
    "misere-conway": 'name = "t-conway"\nterminal = "misere"\nconvention = "conway"',
    "loop": 'name = "t-loop"\nterminal = "loop"',
    "muller": 'name = "t-muller"\nends = "first"\nreverse = true',
    "partizan": 'name = "t-partizan"\nends = "partizan"',
}


@pytest.fixture(scope="module")
def papers() -> Iterator[dict[str, str]]:
    names = {}
    for built_in, text in PAPERS.items():
        names[built_in] = register_data_rules(class_from_text(text, "test")).name
    yield names
    for name in names.values():
        unregister_variant(name)


@pytest.mark.parametrize("built_in", sorted(PAPERS))
def test_toml_restating_a_papers_rule_set_answers_as_the_built_in(
    papers: dict[str, str], built_in: str
) -> None:
    data, reference = endnim.get_variant(papers[built_in]), endnim.get_variant(built_in)
    assert type(data).convention == reference.convention
    solver, truth = Solver(data), Solver(reference)
    players = (None,) if data.impartial else ("L", "R")
    for row in rows(3, 4):
        for player in players:
            assert _moves(data, row, player) == _moves(reference, row, player), row
        if data.impartial:
            assert solver.value(row).grundy == truth.value(row).grundy, row  # type: ignore[union-attr]
        else:
            assert solver.value(row).outcome == truth.value(row).outcome, row
    # the compiled engine serves it in the same family, with the same tables
    assert family_of(data).name == family_of(reference).name  # type: ignore[arg-type]
    assert not restricts_takes(data)  # type: ignore[arg-type]
    mine = value_table(papers[built_in], "2 1", "1..12", "1..40")
    theirs = value_table(built_in, "2 1", "1..12", "1..40")
    assert mine.values == theirs.values


def test_restricted_takes_reach_the_engine_with_the_python_files_tables(
    twins: dict[str, tuple[str, str]],
) -> None:
    for toml in ("capped.toml", "subtraction.toml"):
        data_name, python_name = twins[toml]
        data = endnim.get_variant(data_name)
        assert family_of(data).name == "end" and restricts_takes(data)  # type: ignore[arg-type]
        mine = value_table(data_name, "3", "1..16", "1..300")
        theirs = value_table(python_name, "3", "1..16", "1..300")
        assert mine.values == theirs.values


@pytest.mark.parametrize(
    ("text", "brute"),
    [
        ('[takes]\nmax_fraction = "1/2"', lambda pile, take: 2 * take <= pile),
        ('[takes]\nparity = "odd"\nmin = 1\nmax = 5', lambda pile, take: take % 2 and take <= 5),
        ("[takes]\nclear = false\nset = [2, 3]", lambda pile, take: take in (2, 3) and take < pile),
    ],
)
def test_take_conditions_mean_what_the_docs_say(text: str, brute: object) -> None:
    rules = class_from_text('name = "t-takes"\n' + text)()
    assert callable(brute)
    for pile in range(1, 30):
        for size in range(pile):
            assert rules.allows_take(pile, size) == bool(brute(pile, pile - size)), (pile, size)
    table = rules.allows_take_table(40)  # type: ignore[attr-defined]
    for pile in range(41):
        for size in range(pile):
            assert bool(table[pile, size]) == rules.allows_take(pile, size)


def test_a_data_rule_set_may_not_take_a_built_in_name() -> None:
    with pytest.raises(endnim.VariantError, match="taken by the built-in"):
        register_data_rules(class_from_text('name = "misere"'))


def test_the_same_rules_loaded_twice_are_one_instance() -> None:
    first = register_data_rules(class_from_text('name = "t-twice"\n[takes]\nmax = 2'))
    try:
        again = register_data_rules(class_from_text('name = "t-twice" # again\n[takes]\nmax=2'))
        assert again is first
        other = register_data_rules(class_from_text('name = "t-twice"\n[takes]\nmax = 3'))
        assert other is not first and endnim.get_variant("t-twice") is other
    finally:
        unregister_variant("t-twice")


@pytest.mark.parametrize(
    "takes",
    [
        "max = 3",
        "set = [1, 2, 4]",
        'max_fraction = "1/2"',
        'parity = "even"\nmin = 2',
        'parity = "odd"\nmax = 7\nclear = false',
        'set = [1, 3, 5, 8]\nmax_fraction = "2/3"',
    ],
)
def test_the_engines_lists_are_the_take_rule(takes: str) -> None:
    from endnim.engine.takes import takes_of

    rules = class_from_text(f'name = "t-lists"\n[takes]\n{takes}')()
    lists = takes_of(rules, 300)
    assert lists is not None
    for pile in range(301):
        expected = [size for size in range(pile) if rules.allows_take(pile, size)]
        assert lists.allowed(pile).tolist() == expected, pile


def test_odd_misere_from_the_docs_against_a_brute_force(capsys: pytest.CaptureFixture[str]) -> None:
    """Take an odd number of coins from an end pile; whoever takes the last coin loses."""
    from functools import cache

    @cache
    def mover_wins(row: Row) -> bool:
        for index in {0, len(row) - 1}:
            for take in range(1, row[index] + 1, 2):
                child = list(row)
                child[index] -= take
                rest = tuple(p for p in child if p)
                if rest and not mover_wins(rest):  # taking the last coin loses: never a win
                    return True
        return False

    rules = register_data_rules(
        class_from_text('name = "t-odd"\nterminal = "misere"\n[takes]\nparity = "odd"')
    )
    try:
        for row in rows(3, 6):
            assert (endnim.analyze(list(row), rules.name).outcome == "N") == mover_wins(row), row
        table = value_table(rules.name, "2", "1..12", "1..60")
        for a in range(1, 13):
            for b in range(1, 61):
                assert (table.values[a - 1][b - 1] != 0) == mover_wins((a, 2, b)), (a, b)
    finally:
        unregister_variant("t-odd")


def test_every_combination_of_keys_has_the_searchs_tables() -> None:
    """Each combination of ends, terminal rule, reversal and a take rule that reads: its a·2·1·b
    table (engine, indexed search, whichever serves it) is the exact search's, cell by cell."""
    from endnim.engine.families import CODE_TO_OUTCOME

    takes = ["", "max = 3", "set = [1, 2, 4]", 'max_fraction = "1/2"', 'parity = "odd"']
    takes += ["clear = false", "min = 2"]
    checked = 0
    for ends, terminal, reverse, take in itertools.product(
        ("first", "last", "both", "partizan"), ("normal", "misere", "loop"), (False, True), takes
    ):
        text = f'name = "t-combo"\nends = "{ends}"\nterminal = "{terminal}"\n'
        text += f"reverse = {str(reverse).lower()}\n[takes]\n{take}"
        try:
            cls = class_from_text(text)
        except DataRulesError:
            continue  # a contradiction (partizan reversal, misère without one-coin takes)
        rules = register_data_rules(cls)
        try:
            table = value_table(rules.name, "2 1", "1..4", "1..8")
            solver = Solver(rules)
            for a, b in itertools.product(range(1, 5), range(1, 9)):
                found = table.values[a - 1][b - 1]
                value = solver.value((a, 2, 1, b))
                if rules.impartial:
                    assert found == value.grundy, (text, a, b)  # type: ignore[union-attr]
                else:
                    assert CODE_TO_OUTCOME[found] == value.outcome, (text, a, b)
            checked += 1
        finally:
            unregister_variant("t-combo")
    assert checked == 126


def _run(args: list[str], capsys: pytest.CaptureFixture[str], stdin: str = "") -> str:
    import io
    import sys

    saved = sys.stdin
    sys.stdin = io.TextIOWrapper(io.BytesIO(stdin.encode()))
    try:
        with pytest.raises(SystemExit) as exit:
            cli.main(args)
    finally:
        sys.stdin = saved
    out, err = capsys.readouterr()
    assert exit.value.code == 0, (args, err)
    return out


def test_every_command_that_takes_rules_takes_a_toml_file(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    capped = str(EXAMPLES / "capped.toml")
    partizan = str(EXAMPLES / "left_clears.toml")
    monkeypatch.chdir(tmp_path)
    before = set(endnim.variants.variant_names())
    try:
        batch = _run(
            ["analyze", "--rules", capped, "--batch", "-", "--json"], capsys, "3 1 4\n2 2\n"
        )
        assert [json.loads(line)["grundy"] for line in batch.splitlines()] == [2, 0]
        assert '"value": "4"' in _run(["value", "--rules", partizan, "1 2 1", "--json"], capsys)
        assert "bye" in _run(["play", "--rules", capped, "3", "1", "4"], capsys, "L2\n")
        table = _run(
            ["table", "--rules", capped, "--middle", "3", "-a", "1..2", "-b", "1..4", "-f", "csv"],
            capsys,
        )
        assert table.splitlines()[1] == "1,0,3,1,2"
        _run(["periodicity", "--rules", capped, "--middle", "3", "--a", "1..2"], capsys)
        _run(
            ["atlas", "periodicity", "--rules", capped, "--rows", "2", "--cols", "64"]
            + ["--short-piles", "1", "--long-piles", "0", "atlas.csv"],
            capsys,
        )
        _run(["sweep", "--rules", capped, "-L", "3", "-H", "3", "--out", "s"], capsys)
        assert '"positions": 39' in _run(["sweep-query", "--rules", capped, "s", "--json"], capsys)
        _run(["quotient", "--rules", capped, "-L", "2", "-H", "3"], capsys)
        conjecture = [
            "conjecture",
            "--rules",
            capped,
            "--holds",
            "g <= beans",
            "-L",
            "3",
            "-H",
            "3",
        ]
        assert "holds" in _run(conjecture, capsys)
        assert '"ok": true' in _run(["check-rules", capped, "--json"], capsys)
        info = json.loads(_run(["rules-info", capped, "--json"], capsys))
        assert info["rule_set"] == "capped-toml" and info["compiled"]["family"] == "end"
    finally:
        for name in set(endnim.variants.variant_names()) - before:
            unregister_variant(name)


def test_lists_too_long_for_memory_are_one_line_not_an_out_of_memory() -> None:
    rules = register_data_rules(class_from_text('name = "t-half"\n[takes]\nmax_fraction = "1/2"'))
    try:
        with pytest.raises(endnim.EndNimError, match=r"allow 625,000,000 reductions, more than"):
            endnim.analyze("50000 1 50000", rules.name, method="engine")
        assert endnim.analyze("300 1 300", rules.name, method="engine").grundy is not None
    finally:
        unregister_variant("t-half")
