"""The column-by-column tables the prover computes beyond the engine's reach: equal to the
engine (and to the plain recurrence) where both reach, and a row needing more columns than the
engine can give is proved, its law predicting the values far beyond."""

from __future__ import annotations

import random
from pathlib import Path
from typing import Any

import numpy as np
import pytest

from endnim.analysis.proofs.certificate import RowProof
from endnim.analysis.proofs.checker import check_certificate
from endnim.analysis.proofs.columns import lone_piles, recurrence_table, stream_table
from endnim.analysis.proofs.rows import prove_and_certify
from endnim.engine import engine_table

GAMES = ("endnim", "misere", "misere-conway", "loop")


@pytest.mark.parametrize("variant", GAMES)
@pytest.mark.parametrize("middle", [(), (1,), (4,), (2, 3), (8, 8), (1, 2, 3)])
def test_the_stream_is_the_engine(variant: str, middle: tuple[int, ...]) -> None:
    """Exact equality with the engine's table, every cell of 32 rows and 1024 columns."""
    engine = engine_table(variant, list(middle), 32, 1024).astype(np.int64)
    assert np.array_equal(stream_table(variant, middle, 32, 1024), engine)


def test_the_kernel_is_the_recurrence() -> None:
    """The compiled kernel against the recurrence in plain Python, on random inputs (the row
    w·b any distinct-ish values, the column a·w any values)."""
    rng = random.Random(3)
    for _ in range(30):
        cols, rows = rng.randrange(1, 40), rng.randrange(0, 8)
        row0 = [rng.randrange(0, 60) for _ in range(cols + 1)]
        col0 = [row0[0], *(rng.randrange(0, 60) for _ in range(rows))]
        table = [row0]
        for a in range(1, rows + 1):
            line = [col0[a]]
            for b in range(1, cols + 1):
                seen = set(line) | {table[x][b] for x in range(a)}
                mex = 0
                while mex in seen:
                    mex += 1
                line.append(mex)
            table.append(line)
        assert recurrence_table(row0, col0, cols).tolist() == table


@pytest.mark.parametrize("variant", GAMES)
def test_lone_piles_beyond_the_first_window(variant: str) -> None:
    from endnim.engine.families import single_pile_values
    from endnim.variants import get_row_variant

    expected = single_pile_values(get_row_variant(variant), 9000)
    assert lone_piles(variant, 9000).tolist() == expected


@pytest.fixture(scope="module")
def beyond(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, list[RowProof]]:
    folder = tmp_path_factory.mktemp("certs")
    path, proofs = prove_and_certify("endnim", (2, 7), 13, folder)
    return path, list(proofs)


def test_a_row_beyond_the_engine_is_proved(beyond: tuple[Path, list[RowProof]]) -> None:
    """13·2·7·b: no period within the engine's 65,536 columns (the atlas's old answer); proved
    now, period 124,416 from b = 85, on 262,144 columns. The checker accepts it."""
    path, proofs = beyond
    last = proofs[-1]
    law = last.law
    assert law is not None and (law.preperiod, law.period, law.saltus) == (85, 124416, 124416)
    assert last.start + last.delta > 65536
    assert check_certificate(path)[13] == law


def test_the_law_predicts_far_beyond(beyond: tuple[Path, list[RowProof]]) -> None:
    """The proved law of 13·2·7·b predicts every value of the stream (equal to the engine where
    both reach) up to b = 1,500,000, twelve periods beyond the proof's window."""
    _, proofs = beyond
    law = proofs[-1].law
    assert law is not None
    values = stream_table("endnim", (2, 7), 13, 1_500_000)[13]
    b = np.arange(law.preperiod + law.period, len(values))
    assert np.array_equal(values[b] - values[b - law.period], np.full(len(b), law.saltus))


def test_the_compiled_joint_check_is_the_numpy_one(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    """Every joint check the prover makes on a·4·b (rows 1..26: spans up to 102,960 columns)
    and a·2·3·b gives the same answer in the kernel and in numpy, and so do copies with one
    input value moved (the prover's residue screen refuses most failing checks before the walk,
    so these supply the failing ones)."""
    import random

    from endnim.analysis.proofs import rows

    rng = random.Random(5)
    answers: list[bool] = []
    compiled = rows._covered

    def both(*args: Any) -> bool:
        found = compiled(*args)
        assert found == rows._covered_numpy(*args)
        answers.append(found)
        values, where, mex, start, delta, group, laws, span = args
        moved = [row.copy() for row in group]
        j = rng.randrange(len(moved))
        moved[j][laws[j].preperiod + rng.randrange(laws[j].period)] += rng.choice((-1, 1))
        walked = compiled(values, where, mex, start, delta, moved, laws, span)
        assert walked == rows._covered_numpy(values, where, mex, start, delta, moved, laws, span)
        answers.append(walked)
        return found

    monkeypatch.setattr(rows, "_covered", both)
    prove_and_certify("endnim", (4,), 26, tmp_path)
    prove_and_certify("endnim", (2, 3), 8, tmp_path)
    assert True in answers and False in answers
