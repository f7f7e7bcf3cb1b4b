"""Muller End-Nim's rows x·w·y are eventually constant: the recurrence the proof rests on is the
game, the lower bound it uses (Horrocks 2017, Prop 3) holds, the shipped certificates pass the
checker and agree with the observed atlas, the engine far beyond their columns and Horrocks'
two- and three-heap theorems, and an edited certificate is refused."""

from __future__ import annotations

import itertools
import random
from pathlib import Path
from typing import Any

import pytest
from conftest import solver

from endnim.analysis.atlas.periodicity import read_atlas
from endnim.analysis.atlas.proofs import read_proofs
from endnim.analysis.proofs.certificate import (
    CertificateError,
    read_certificate,
    write_certificate,
)
from endnim.analysis.proofs.checker import check_certificate
from endnim.analysis.proofs.muller import certify_muller
from endnim.engine import engine_table
from endnim.theory.horrocks import grundy_three_heaps, grundy_two_heaps

DATA = Path(__file__).resolve().parents[3] / "data" / "atlas"
FOLDER = DATA / "certificates" / "muller"
SUMMARY = DATA / "proofs-muller.json"


def mex(values: set[int]) -> int:
    found = 0
    while found in values:
        found += 1
    return found


@pytest.mark.parametrize("middle", [(), (1,), (3,), (2, 1), (1, 2, 2)])
def test_the_muller_recurrence_is_the_game(middle: tuple[int, ...]) -> None:
    """G(x·w·y) = mex({G(x′·w·y)} ∪ {G(y·wᵀ·x′)} : 0 ≤ x′ < x) equals the exact search and
    the engine for every x, y <= 9 (a pile 0 is no pile)."""
    search = solver("muller")

    def value(*piles: int) -> int:
        return int(search.value(tuple(p for p in piles if p)).grundy)

    engine = engine_table("muller", list(middle), 9, 9)
    back = middle[::-1]
    for x, y in itertools.product(range(1, 10), repeat=2):
        options = {value(k, *middle, y) for k in range(x)} | {value(y, *back, k) for k in range(x)}
        assert mex(options) == value(x, *middle, y) == int(engine[x, y]), (middle, x, y)


def test_a_value_is_at_least_the_first_pile_less_one() -> None:
    """Horrocks 2017, Proposition 3 (the proof's one lemma), on every row of at most four
    piles <= 6."""
    search = solver("muller")
    for length in range(1, 5):
        for piles in itertools.product(range(1, 7), repeat=length):
            assert search.value(piles).grundy >= piles[0] - 1, piles


def test_lone_piles_are_theorem_2() -> None:
    """G(n) = n (Horrocks 2017, Theorem 2: a lone pile moves to every smaller one, its reversal
    is itself), the lone piles the table x·y's argument meets at x′ = 0."""
    search = solver("muller")
    assert [search.value((n,)).grundy for n in range(1, 65)] == list(range(1, 65))


def test_every_shipped_muller_row_is_proved_and_agrees_with_the_atlas() -> None:
    """4384 rows (137 tables, x <= 32), each constant from b₀ <= max(x, w) + 2 (the bound of
    the argument) and from exactly the onset the observed atlas reports."""
    observed = {
        (r["middle"], int(r["a"])): r
        for r in read_atlas(DATA / "periodicity.csv")
        if r["variant"] == "muller"
    }
    lines: list[dict[str, Any]] = read_proofs(SUMMARY)
    assert len(lines) == 4384 and all(line["proved"] for line in lines)
    for line in lines:
        row = observed[(str(line["word"]), line["a"])]
        assert (line["period"], line["saltus"]) == (1, 0)
        assert line["preperiod"] == int(row["preperiod"]) and int(row["period"]) == 1
        assert line["preperiod"] <= max([line["a"], *line["word"]]) + 2


@pytest.mark.parametrize("name", ["awb.json", "awb-4.json", "awb-3-1.json", "awb-2-4-1.json"])
def test_muller_laws_predict_the_engine(name: str) -> None:
    """The checker's constants are the engine's at random y up to 4096 (over 100 times the
    columns the certificates compute)."""
    path = FOLDER / name
    laws = check_certificate(path)
    data = read_certificate(path)
    table = engine_table("muller", data["middle"], 32, 4096)
    rng = random.Random(name)
    for proof in data["proofs"]:
        law = laws[proof["a"]]
        for y in [law.preperiod, *rng.sample(range(law.preperiod, 4097), 20)]:
            assert int(table[proof["a"], y]) == proof["value"], (name, proof["a"], y)


def test_horrocks_two_and_three_heap_theorems_are_the_certificates() -> None:
    """Theorem 3 (G(a·b) = a − 1 for b >= a) and Theorem 4 (G(m·a·b) for b > m: m − 1 if
    a > m, else m) are the certified constants of the tables a·b and m·a·b (a <= 8), and the
    certified onsets are where the theorems' cases start or earlier."""
    two = read_certificate(FOLDER / "awb.json")["proofs"]
    for proof in two:
        a = proof["a"]
        assert proof["value"] == grundy_two_heaps(a, a)[0] == a - 1
        assert proof["law"]["preperiod"] == a  # G(a·(a − 1)) = a: the onset is least
    for a in range(1, 9):
        for proof in read_certificate(FOLDER / f"awb-{a}.json")["proofs"]:
            m = proof["a"]
            assert proof["value"] == grundy_three_heaps(m, a, m + 1)[0] == (m - 1 if a > m else m)
            assert proof["law"]["preperiod"] <= m + 1


def edited(tmp_path: Path, name: str, change: Any) -> Path:
    target = tmp_path / "muller" / name
    target.parent.mkdir(parents=True, exist_ok=True)
    for source in FOLDER.glob("*.json"):
        (target.parent / source.name).write_bytes(source.read_bytes())
    data = read_certificate(FOLDER / name)
    change(data)
    write_certificate(target, data)
    return target


@pytest.mark.parametrize(
    "change",
    [
        lambda d: d["proofs"][4].update(value=d["proofs"][4]["value"] + 1),
        lambda d: d["proofs"][4]["law"].update(preperiod=d["proofs"][4]["law"]["preperiod"] + 1),
        lambda d: d["proofs"][4]["law"].update(preperiod=d["proofs"][4]["law"]["preperiod"] - 1),
        lambda d: d["proofs"][4].update(**{"from": 6}),
        lambda d: d["proofs"][4]["law"].update(period=2),
        lambda d: d["base"].update(value=d["base"]["value"] + 1),
    ],
)
def test_an_edited_muller_certificate_is_refused(tmp_path: Path, change: Any) -> None:
    """Resealed after an edit (a wrong constant, b₀ not least or too early, B < x + 2, not a
    constant, a wrong input row): refused in one line."""
    target = edited(tmp_path, "awb-3.json", change)
    with pytest.raises(CertificateError, match="does not hold") as refusal:
        check_certificate(target)
    assert "\n" not in str(refusal.value)


def test_muller_certificates_are_written_and_reused(tmp_path: Path) -> None:
    path, proofs = certify_muller((2, 3), 6, tmp_path)
    assert (tmp_path / "muller" / "awb-3.json").exists()
    assert [p.law for p in proofs] == [check_certificate(path)[a] for a in range(1, 7)]
    assert all(p.law is not None and p.law.period == 1 for p in proofs)
    again, _ = certify_muller((2, 3), 4, tmp_path)
    assert again == path and read_certificate(path)["rows"] == 6
