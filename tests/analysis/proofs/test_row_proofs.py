"""Proofs of the periodicity of a·w·b rows: the recurrence they rest on equals the engine and
the exact search per game, every certificate passes the separate checker, a proved law
predicts the engine's value far beyond the computed window, and a damaged or edited
certificate is refused."""

from __future__ import annotations

import json
import math
import random
from pathlib import Path
from typing import Any

import numpy as np
import pytest
from conftest import solver

from endnim.analysis.proofs.certificate import (
    CertificateError,
    Law,
    read_certificate,
    write_certificate,
)
from endnim.analysis.proofs.checker import _predicted, check_certificate
from endnim.analysis.proofs.rows import (
    lone_pile_law,
    mex_prefix,
    prove_and_certify,
    supports_proofs,
)
from endnim.engine import engine_table, engine_value

GAMES = ("endnim", "misere", "misere-conway", "loop")


def recurrence_table(
    variant: str, middle: tuple[int, ...], rows: int, cols: int
) -> list[list[int]]:
    """G(a·w·b) for a, b >= 1 by the recurrence of docs/atlas.md ("Proofs"), the row w·b and
    the column a·w taken from the exact search."""
    search = solver(variant)

    def value(*piles: int) -> int:
        row = tuple(p for p in piles if p)
        return int(search.value(row).grundy)

    table = [[value(*middle, b) for b in range(cols + 1)]]  # a = 0: the row w·b
    for a in range(1, rows + 1):
        line = [value(a, *middle)]  # b = 0: the row a·w
        for b in range(1, cols + 1):
            seen = set(line) | {table[x][b] for x in range(a)}
            mex = 0
            while mex in seen:
                mex += 1
            line.append(mex)
        table.append(line)
    return table


@pytest.mark.parametrize("variant", GAMES)
@pytest.mark.parametrize("middle", [(), (1,), (3,), (2, 1), (1, 2, 2)])
def test_the_recurrence_is_the_game(variant: str, middle: tuple[int, ...]) -> None:
    """The recurrence the prover and the checker rest on equals the exact search and the
    engine for every a, b <= 9 (b and a from 1; a two-pile row has a lone pile as a' = 0)."""
    assert supports_proofs(variant)
    table = recurrence_table(variant, middle, 9, 9)
    search = solver(variant)
    engine = engine_table(variant, list(middle), 9, 9)
    for a in range(1, 10):
        for b in range(1, 10):
            exact = search.value((a, *middle, b)).grundy
            assert table[a][b] == exact == int(engine[a, b]), (variant, middle, a, b)


def test_muller_and_restricted_takes_are_refused() -> None:
    assert not supports_proofs("muller")
    assert not supports_proofs("partizan")


def test_mex_prefix_is_the_running_mex() -> None:
    import numpy as np

    rng = random.Random(5)
    for _ in range(50):
        values = rng.sample(range(40), 30)
        found = mex_prefix(np.array(values)).tolist()
        for b in range(31):
            seen = set(values[:b])
            mex = 0
            while mex in seen:
                mex += 1
            assert found[b] == mex


@pytest.mark.parametrize("variant", GAMES)
def test_lone_pile_laws(variant: str) -> None:
    law = lone_pile_law(variant)
    values = [solver(variant).value((n,)).grundy for n in range(1, 60)]
    for n in range(max(1, law.preperiod), 59 - law.period):
        assert values[n - 1 + law.period] - values[n - 1] == law.saltus


CASES = [
    ("endnim", (), 12),
    ("endnim", (4,), 14),
    ("endnim", (2, 3), 8),
    ("misere", (), 6),
    ("misere-conway", (1,), 8),
    ("loop", (2,), 10),
]


@pytest.fixture(scope="module")
def proved(tmp_path_factory: pytest.TempPathFactory) -> dict[tuple[str, tuple[int, ...]], Any]:
    folder = tmp_path_factory.mktemp("certs")
    found = {}
    for variant, middle, rows in CASES:
        found[(variant, middle)] = prove_and_certify(variant, middle, rows, folder, budget=65536)
    return found


@pytest.mark.parametrize(("variant", "middle", "rows"), CASES)
def test_certificates_hold_and_predict_the_engine(
    proved: dict[tuple[str, tuple[int, ...]], Any], variant: str, middle: tuple[int, ...], rows: int
) -> None:
    """Every row of these tables is proved; the checker accepts the certificate; each law
    predicts G(a·w·b) at random b up to 40 times beyond the columns the proof computed."""
    path, proofs = proved[(variant, middle)]
    assert all(p.law is not None for p in proofs), [p.why_not for p in proofs]
    laws = check_certificate(path)
    rng = random.Random(hash((variant, middle)) & 0xFFFF)
    for proof in proofs:
        assert laws[proof.a] == proof.law
        window = proof.start + proof.delta
        values = engine_table(variant, list(middle), proof.a, window + 1)[proof.a].tolist()
        for b in [rng.randrange(window, 40 * window + 200) for _ in range(3)]:
            predicted = proof.law.value_from(values, b)
            assert predicted == engine_value((proof.a, *middle, b), variant), (proof.a, b)


def test_laws_agree_with_the_papers_two_pile_rows(
    proved: dict[tuple[str, tuple[int, ...]], Any],
) -> None:
    """Two-pile End-Nim is Nim: a ⊕ b has period 2^bitlength(a) from b = 1 (or 0)."""
    _, proofs = proved[("endnim", ())]
    for proof in proofs:
        assert proof.law == Law(1, 1 << proof.a.bit_length(), 1 << proof.a.bit_length())


def edited(path: Path, tmp_path: Path, change: Any) -> Path:
    data = read_certificate(path)
    change(data)
    target = tmp_path / path.parent.name / path.name
    for source in path.parent.glob("*.json"):  # its input certificates beside it
        if source.name != path.name:
            target.parent.mkdir(parents=True, exist_ok=True)
            (target.parent / source.name).write_bytes(source.read_bytes())
    write_certificate(target, data)
    return target


def row(data: dict[str, Any], a: int) -> dict[str, Any]:
    found: dict[str, Any] = data["proofs"][a - 1]
    return found


@pytest.mark.parametrize(
    "change",
    [
        lambda d: row(d, 5).update(law={**row(d, 5)["law"], "period": 16, "saltus": 16}),
        lambda d: row(d, 5).update(law={**row(d, 5)["law"], "preperiod": 3}),
        lambda d: row(d, 6).update(start=row(d, 6)["start"] + 1),
        lambda d: row(d, 6).update(delta=row(d, 6)["delta"] * 2),
        lambda d: row(d, 6).update(mex=row(d, 6)["mex"] + 1),
        lambda d: row(d, 7).update(values_sha256="0" * 64),
        lambda d: row(d, 9).update(relevant=row(d, 9)["relevant"][1:]),
        lambda d: row(d, 12).update(
            harmless=row(d, 12)["harmless"] + row(d, 12)["crossing"], crossing=[]
        ),
        lambda d: d["base"].update(law={"preperiod": 1, "period": 4, "saltus": 4}),
        lambda d: row(d, 3).update(law=None, why_not="edited"),
    ],
)
def test_an_edited_certificate_is_refused(
    proved: dict[tuple[str, tuple[int, ...]], Any], tmp_path: Path, change: Any
) -> None:
    """Resealed after an edit (so only the checker's recomputation can find it): refused."""
    path, _ = proved[("endnim", (4,))]
    target = edited(path, tmp_path, change)
    with pytest.raises(CertificateError, match="does not hold") as refusal:
        check_certificate(target)
    assert "\n" not in str(refusal.value)


def test_the_crossing_case_is_exercised(proved: dict[tuple[str, tuple[int, ...]], Any]) -> None:
    """Row 12 of a·4·b needs input rows whose periods do not divide its own (so the edit
    above that drops the crossing check is a real one)."""
    _, proofs = proved[("endnim", (4,))]
    assert proofs[11].crossing


def test_a_damaged_certificate_is_refused(
    proved: dict[tuple[str, tuple[int, ...]], Any], tmp_path: Path
) -> None:
    path, _ = proved[("endnim", (4,))]
    text = path.read_text()
    target = tmp_path / "awb-4.json"
    data = json.loads(text)
    data["data"]["proofs"][3]["delta"] += 1  # not resealed
    target.write_text(json.dumps(data))
    with pytest.raises(CertificateError, match="damaged"):
        check_certificate(target)


@pytest.mark.parametrize(
    "change",
    [
        lambda d: d.update(base="lone-piles"),
        lambda d: d.update(middle="x"),
        lambda d: d.update(proofs=[{"a": 1}]),
        lambda d: row(d, 2).update(relevant="0 1"),
        lambda d: d.pop("variant"),
    ],
)
def test_a_malformed_certificate_is_refused(
    proved: dict[tuple[str, tuple[int, ...]], Any], tmp_path: Path, change: Any
) -> None:
    path, _ = proved[("endnim", (4,))]
    target = edited(path, tmp_path, change)
    with pytest.raises(CertificateError):
        check_certificate(target)


def column_walk(
    group: list[tuple[list[int], Law]],
    values: list[int],
    mexes: list[int],
    start: int,
    delta: int,
) -> bool:
    """The joint check walked column by column over the lcm of Δ and the inputs' periods
    (what the checker's residue classes decide without walking)."""
    position = {v: b for b, v in enumerate(values)}
    for b in range(start, start + math.lcm(delta, *(law.period for _, law in group))):
        steps, phase = divmod(b - start, delta)
        same = start + phase
        inputs = {law.value_from(known, b) - steps * delta for known, law in group}
        holes = [h for h in range(mexes[same], values[same]) if position.get(h, same) >= same]
        if values[same] in inputs or any(h not in inputs for h in holes):
            return False
    return True


def test_the_residue_check_is_the_column_walk(
    proved: dict[tuple[str, tuple[int, ...]], Any],
) -> None:
    """On every row with crossing inputs of the test tables, and on copies with one input
    value moved (which mostly break it), the checker's residue-class check answers as the
    column-by-column walk does."""
    rng = random.Random(7)
    answers = []
    for (variant, middle), (path, proofs) in proved.items():
        table = engine_table(variant, list(middle), len(proofs), 4096)
        laws = {0: Law(**read_certificate(path)["base"]["law"])}
        for proof in proofs:
            laws[proof.a] = proof.law
            if not proof.crossing:
                continue
            end = proof.start + proof.delta
            values = table[proof.a, : end + 1].tolist()
            mexes = mex_prefix(table[proof.a, : end + 1].astype(np.int64))[: end + 1].tolist()
            group_laws = [laws[i] for i in proof.relevant + proof.crossing]
            for trial in range(12):
                group = [  # the first values and the law: a moved value moves its class
                    (table[i, : law.preperiod + law.period].tolist(), law)
                    for i, law in zip(proof.relevant + proof.crossing, group_laws, strict=True)
                    if law is not None
                ]
                if trial:
                    known, law = group[rng.randrange(len(group))]
                    known[law.preperiod + rng.randrange(law.period)] += rng.choice((-2, -1, 1, 2))
                position = {v: b for b, v in enumerate(values)}
                walked = column_walk(group, values, mexes, proof.start, proof.delta)
                found = _predicted(group, values, mexes, position, proof.start, proof.delta)
                assert found == walked, (variant, middle, proof.a, trial)
                answers.append(walked)
    assert answers.count(True) >= 15 and answers.count(False) >= 15


def test_an_edited_input_certificate_is_refused(
    proved: dict[tuple[str, tuple[int, ...]], Any], tmp_path: Path
) -> None:
    """The checker remembers checked tables by their files' digests: a table whose input
    certificate is edited (resealed) after the table was checked is checked again, and
    refused in one line."""
    path, _ = proved[("endnim", (2, 3))]
    check_certificate(path)
    target = edited(path, tmp_path, lambda d: None)
    check_certificate(target)  # the same files elsewhere: they hold
    inner = target.parent / "awb-3.json"
    data = read_certificate(inner)
    row(data, 2).update(law={**row(data, 2)["law"], "period": 8, "saltus": 8})
    write_certificate(inner, data)
    with pytest.raises(CertificateError, match="does not hold") as refusal:
        check_certificate(target)
    assert "\n" not in str(refusal.value)
