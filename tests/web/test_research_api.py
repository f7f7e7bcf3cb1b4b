"""The research on the page, through the API: rows and their periods (``/api/periodicity``),
the proved atlas (``/api/atlas``, ``/api/certificate``), games in CGSuite's notation and long
values (``/api/value?game=...&max_length=...``)."""

from __future__ import annotations

import json
import random
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner
from fastapi.testclient import TestClient

from endnim.analysis.proofs.certificate import Law
from endnim.analysis.values import FORM_LENGTH
from endnim.cli import cli
from endnim.web.periodicity import ATLAS, row_values
from tests.web.api_helpers import error_of, get_json

KEYS = {"a", "word", "preperiod", "period", "saltus", "proved", "certificate", "why_not", "values"}


def shipped(variant: str) -> list[dict[str, Any]]:
    data: list[dict[str, Any]] = json.loads((ATLAS / f"proofs-{variant}.json").read_text())["data"]
    return data


def test_a_proved_row_answers_with_its_law_certificate_and_first_values(
    client: TestClient,
) -> None:
    row = get_json(client, "/api/periodicity", variant="endnim", middle="4", a=1)
    assert set(row) == KEYS
    assert (row["a"], row["word"]) == (1, [4])
    assert (row["preperiod"], row["period"], row["saltus"]) == (6, 1, 1)  # not 1 (issue #42)
    assert row["proved"] is True and row["why_not"] is None
    assert row["certificate"] == "data/atlas/certificates/endnim/awb-4.json"
    assert row["values"][:8] == [5, 0, 1, 2, 3, 4, 6, 7]  # G(1·4·b), b = 0..7


def test_the_law_is_the_one_periodicity_prove_json_prints(
    client: TestClient, tmp_path: Path
) -> None:
    out = CliRunner().invoke(
        cli,
        ["periodicity", "--middle", "4", "--a", "1..6", "--prove", "--json"]
        + ["--certificates", str(tmp_path)],
    )
    assert out.exit_code == 0, out.output
    for line in map(json.loads, out.output.splitlines()):
        row = get_json(client, "/api/periodicity", variant="endnim", middle="4", a=line["a"])
        law = ("preperiod", "period", "saltus", "proved", "word", "why_not")
        assert {k: row[k] for k in law} == {k: line[k] for k in law}


@pytest.mark.parametrize("variant", ["endnim", "misere", "misere-conway", "loop", "muller"])
def test_held_out_proved_rows_answer_with_the_atlas_law_which_predicts_far_columns(
    client: TestClient, variant: str
) -> None:
    lines = [
        line
        for line in shipped(variant)
        if line["proved"] and line["a"] <= 12 and sum(line["word"]) <= 12 and line["period"] <= 64
    ]
    for line in random.Random(42).sample(lines, 3):
        middle = " ".join(map(str, line["word"]))
        row = get_json(client, "/api/periodicity", variant=variant, middle=middle, a=line["a"])
        assert row["proved"] is True and row["certificate"] == line["certificate"]
        law = Law(row["preperiod"], row["period"], row["saltus"])
        assert (law.preperiod, law.period, law.saltus) == (
            line["preperiod"],
            line["period"],
            line["saltus"],
        )
        values = row["values"]
        assert len(values) >= law.preperiod + law.period  # enough to predict from
        far = row_values(variant, tuple(line["word"]), line["a"], 3000)
        for b in (len(values) + 17, 1999, 2999):
            assert law.value_from(values, b) == far[b], (variant, line, b)


def test_a_row_beyond_the_atlas_is_observed_never_proved(client: TestClient) -> None:
    row = get_json(client, "/api/periodicity", variant="endnim", middle="", a=40)
    assert row["proved"] is False and row["certificate"] is None
    assert (row["preperiod"], row["period"], row["saltus"]) == (1, 64, 64)  # 40 ⊕ b
    assert row["why_not"].startswith("observed on b = 0..2047")
    assert row["values"][:3] == [40, 41, 42]


def test_an_open_row_of_the_atlas_says_why_not(client: TestClient) -> None:
    line = next(line for line in shipped("misere") if not line["proved"] and sum(line["word"]) <= 6)
    middle = " ".join(map(str, line["word"]))
    row = get_json(client, "/api/periodicity", variant="misere", middle=middle, a=line["a"])
    assert row["proved"] is False and row["certificate"] is None
    assert line["why_not"] in row["why_not"]


def test_bad_rows_are_one_line_errors(client: TestClient) -> None:
    bad = client.get("/api/periodicity", params={"variant": "partizan", "a": 1})
    assert "outcome classes" in error_of(bad, 400)
    assert "a" in error_of(client.get("/api/periodicity", params={"a": 0}), 422)
    big = client.get("/api/periodicity", params={"a": 5000})
    assert "up to 1,000" in error_of(big, 422)
    assert "pile" in error_of(
        client.get("/api/periodicity", params={"a": 1, "middle": "3,,4"}), 400
    )


def test_the_atlas_overview_counts_proved_and_open_rows(client: TestClient) -> None:
    atlas = get_json(client, "/api/atlas", variant="endnim")
    assert (atlas["rows"], atlas["proved"], atlas["open"]) == (4384, 4299, 85)
    assert len(atlas["tables"]) == 137
    first = atlas["tables"][0]
    assert first["word"] == [] and first["proved"] == 32 and first["open"] == 0
    assert sum(atlas["why_not"].values()) == 85
    assert get_json(client, "/api/atlas", variant="misere")["proved"] == 4210
    assert "atlas" in error_of(client.get("/api/atlas", params={"variant": "partizan"}), 400)


def test_a_certificate_downloads_and_nothing_else_does(client: TestClient) -> None:
    path = "data/atlas/certificates/endnim/awb-4.json"
    answer = client.get("/api/certificate", params={"path": path})
    assert answer.status_code == 200
    assert answer.json()["data"]["middle"] == [4]
    assert "attachment" in answer.headers["content-disposition"]
    for bad in ("data/atlas/certificates/../proofs-endnim.json", "pyproject.toml"):
        assert "not a certificate" in error_of(
            client.get("/api/certificate", params={"path": bad}), 400
        )


@pytest.mark.parametrize("game", ["{3|-1}", "+-2 + *", "1/2 + ^*"])
def test_a_game_in_cgsuite_notation_answers_as_value_json_game(
    client: TestClient, game: str
) -> None:
    answer = get_json(client, "/api/value", game=game)
    out = CliRunner().invoke(cli, ["value", "--json", "--game", game])
    assert out.exit_code == 0, out.output
    expected = json.loads(out.output)
    for key, value in expected.items():
        assert answer[key] == value, key
    assert answer["thermograph_svg"].startswith("<svg")


def test_a_hot_game_has_temperature_two_and_a_readable_thermograph(client: TestClient) -> None:
    answer = get_json(client, "/api/value", game="{3|-1}")
    assert (answer["temperature"], answer["mean"]) == ("2", "1")
    svg = answer["thermograph_svg"]
    assert 'class="value-tick">3<' in svg and 'class="value-tick">-1<' in svg
    assert "Left stop 3" in svg and "Right stop -1" in svg and "mean 1" in svg
    assert [o["value"] for o in answer["options"]["L"]] == ["3"]
    assert error_of(client.get("/api/value", params={"game": "{3|"}), 400)


def test_a_long_value_can_be_asked_for(client: TestClient) -> None:
    # 16,033 characters: past the default length the API shares with the CLI (FORM_LENGTH)
    position = "4 2 5 1 3 + 3 1 2 + 5 1 4 + 2 3 1 + 4 1 3"
    short = get_json(client, "/api/value", position=position)
    assert short["value"] is None and short["value_length"] > FORM_LENGTH
    assert "max_length" in short["notes"][0]
    whole = get_json(client, "/api/value", position=position, max_length=0)
    assert len(whole["value"]) == short["value_length"]
    assert get_json(client, "/api/value", position="2 1", max_length=2)["value"] is None


def test_the_notebook_and_the_cli_draw_the_same_readable_thermograph(tmp_path: Path) -> None:
    from endnim.analysis.values import evaluate

    svg = evaluate("{3|-1}", None)._repr_svg_()
    assert 'class="value-tick">2<' in svg and 'class="temperature-tick">2<' in svg
    assert "Left stop 3" in svg and "Right stop -1" in svg and "mean 1" in svg
    out = tmp_path / "t.svg"
    done = CliRunner().invoke(cli, ["value", "--game", "{3|-1}", "--thermograph", str(out)])
    assert done.exit_code == 0, done.output
    assert "Left stop 3" in out.read_text() and 'class="value-tick"' in out.read_text()


def test_a_games_record_is_played_again_as_it_was(client: TestClient) -> None:
    first = client.post("/api/games", json={"position": "3 1 4 1 5", "skill": 0, "seed": 7})
    game = first.json()
    for _ in range(2):
        move = get_json(client, "/api/moves", position=game["position"])["moves"][0]["move"]
        game = client.post(f"/api/games/{game['id']}/moves", json={"move": move}).json()
        game = client.post(f"/api/games/{game['id']}/computer").json()
    record = [ply["move"] for ply in game["history"]]
    random_plies = [k for k, ply in enumerate(game["history"], 1) if ply["kind"] == "random"]
    assert random_plies  # skill 0: the computer's moves are random
    again = client.post(
        "/api/games",
        json={"position": "3 1 4 1 5", "moves": record, "random_plies": random_plies},
    )
    assert again.status_code == 201, again.text
    replayed = again.json()
    assert replayed["id"] != game["id"]
    for key in ("position", "to_move", "over", "start"):
        assert replayed[key] == game[key], key
    assert replayed["history"] == game["history"]  # the same moves, kinds and judgements
    bad = client.post("/api/games", json={"position": "3 1 4", "moves": ["R3", "L9"]})
    assert "move 2 (L9)" in error_of(bad, 400)
    late = client.post("/api/games", json={"position": "1", "moves": ["L0", "L0"]})
    assert "after its end" in error_of(late, 400)
