"""The periodicity atlas file verifies what it reads: an edited value, a flipped byte, a lost
or damaged digests file, a cut CSV are refused by every read in one line naming the file and
the repair, and the same atlas command repairs the file to what an uninterrupted run writes."""

from __future__ import annotations

import errno
import os
import random
import subprocess
import sys
import uuid
from collections.abc import Callable
from pathlib import Path

import pytest

from endnim.analysis.atlas import periodicity as P
from endnim.analysis.atlas.periodicity import AtlasError, AtlasSpec, read_atlas, run_atlas
from endnim.analysis.atlas.table_digests import digests_path


def small_spec() -> AtlasSpec:
    return AtlasSpec.default(
        variants=["endnim", "misere"], rows=4, cols=64, short_piles=2, long_piles=1
    )


@pytest.fixture(scope="module")
def whole(tmp_path_factory: pytest.TempPathFactory) -> tuple[bytes, bytes]:
    """The CSV and digests file of an uninterrupted run."""
    path = tmp_path_factory.mktemp("whole") / "atlas.csv"
    run_atlas(path, small_spec())
    return path.read_bytes(), digests_path(path).read_bytes()


def written(folder: Path, whole: tuple[bytes, bytes]) -> Path:
    path = folder / "atlas.csv"
    path.write_bytes(whole[0])
    digests_path(path).write_bytes(whole[1])
    return path


def edit_a_value(path: Path) -> None:
    """Change the period of one row in the middle of the file, keeping it a valid CSV."""
    lines = path.read_text().splitlines(keepends=True)
    fields = lines[30].split(",")
    fields[-3] = str(int(fields[-3] or 0) + 1)  # the period
    lines[30] = ",".join(fields)
    path.write_text("".join(lines))


def flip_a_byte(seed: int) -> Callable[[Path], None]:
    def flip(path: Path) -> None:
        data = bytearray(path.read_bytes())
        chance = random.Random(seed)
        offset = chance.randrange(len(P.COLUMNS[0]) * 12, len(data))  # past the header
        data[offset] ^= 1 << chance.randrange(8)
        path.write_bytes(bytes(data))

    return flip


def delete_the_digests(path: Path) -> None:
    digests_path(path).unlink()


def damage_the_digests(path: Path) -> None:
    sidecar = digests_path(path)
    data = bytearray(sidecar.read_bytes())
    data[len(data) // 2] ^= 4
    sidecar.write_bytes(bytes(data))


def truncate(path: Path) -> None:
    data = path.read_bytes()
    path.write_bytes(data[: len(data) // 2])


def cut_whole_lines(path: Path) -> None:
    """The last tables lost at a line boundary: nothing looks unfinished, yet tables are gone."""
    lines = path.read_text().splitlines(keepends=True)
    path.write_text("".join(lines[: 1 + 4 * 10]))


def swap_two_lines(path: Path) -> None:
    lines = path.read_text().splitlines(keepends=True)
    lines[5], lines[6] = lines[6], lines[5]
    path.write_text("".join(lines))


def swap_two_tables(path: Path) -> None:
    lines = path.read_text().splitlines(keepends=True)
    body = lines[1:]
    path.write_text(lines[0] + "".join(body[4:8] + body[:4] + body[8:]))


def carriage_return_without_digests(path: Path) -> None:
    """A byte turned into a carriage return, and no digests to say which table it hit."""
    delete_the_digests(path)
    text = path.read_text()
    middle = len(text) // 2
    path.write_text(text[:middle] + "\r" + text[middle + 1 :], newline="")


def damage_the_header(path: Path) -> None:
    text = path.read_text()
    path.write_text(text.replace("preperiod", "prepxriod", 1))


DAMAGE: dict[str, Callable[[Path], None]] = {
    "edited value": edit_a_value,
    **{f"flipped byte {seed}": flip_a_byte(seed) for seed in range(6)},
    "deleted digests": delete_the_digests,
    "damaged digests": damage_the_digests,
    "truncated csv": truncate,
    "tables cut at a line boundary": cut_whole_lines,
    "two lines swapped": swap_two_lines,
    "two tables swapped": swap_two_tables,
    "damaged header": damage_the_header,
    "carriage return without digests": carriage_return_without_digests,
}


def summary_command(path: Path) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "endnim.cli", "atlas", "summary", str(path)],
        capture_output=True,
        text=True,
        check=False,
    )


@pytest.mark.parametrize("damage", list(DAMAGE), ids=list(DAMAGE))
def test_damage_is_refused_by_reads_and_repaired_by_a_resume(
    damage: str, tmp_path: Path, whole: tuple[bytes, bytes]
) -> None:
    path = written(tmp_path, whole)
    before = read_atlas(path)
    DAMAGE[damage](path)
    with pytest.raises(AtlasError) as refused:
        read_atlas(path)
    message = str(refused.value)
    assert "\n" not in message and str(path) in message
    assert "endnim atlas periodicity" in message or "not a periodicity atlas" in message
    heard: list[str] = []
    run_atlas(path, small_spec(), notice=heard.append)
    assert path.read_bytes() == whole[0] and digests_path(path).read_bytes() == whole[1]
    assert read_atlas(path) == before
    assert all("\n" not in line and str(path) in line for line in heard)
    assert len(heard) <= 2


@pytest.mark.parametrize(
    "damage", ["edited value", "flipped byte 0", "deleted digests", "truncated csv"]
)
def test_the_summary_command_refuses_in_one_line(
    damage: str, tmp_path: Path, whole: tuple[bytes, bytes]
) -> None:
    path = written(tmp_path, whole)
    assert summary_command(path).returncode == 0
    DAMAGE[damage](path)
    done = summary_command(path)
    assert done.returncode == 2 and done.stderr.count("\n") == 1, done.stderr
    assert done.stderr.startswith("endnim: error: ") and str(path) in done.stderr
    assert done.stdout == ""


def test_an_edited_value_is_recomputed_alone_and_said(
    tmp_path: Path, whole: tuple[bytes, bytes]
) -> None:
    path = written(tmp_path, whole)
    edit_a_value(path)
    heard: list[str] = []
    assert run_atlas(path, small_spec(), notice=heard.append) == 1
    assert len(heard) == 1 and "1 finished table(s) do not match their digests" in heard[0]
    assert path.read_bytes() == whole[0]


def test_the_command_line_says_what_it_recomputes(
    tmp_path: Path, whole: tuple[bytes, bytes]
) -> None:
    path = tmp_path / "atlas.csv"
    args = [sys.executable, "-m", "endnim.cli", "atlas", "periodicity", str(path)]
    small = ["--variant", "loop", "--rows", "3", "--cols", "40", "--short-piles", "1"]
    small += ["--long-piles", "1"]
    assert subprocess.run([*args, *small], capture_output=True, check=False).returncode == 0
    expected = path.read_bytes()
    edit_a_value_in_line(path, 2)
    again = subprocess.run([*args, *small], capture_output=True, text=True, check=False)
    assert again.returncode == 0 and "1 computed now" in again.stdout
    assert again.stderr.count("\n") == 1 and "do not match their digests" in again.stderr
    assert path.read_bytes() == expected


def edit_a_value_in_line(path: Path, index: int) -> None:
    lines = path.read_text().splitlines(keepends=True)
    lines[index] = lines[index].replace(",True,", ",False,", 1)
    path.write_text("".join(lines))


def test_a_file_that_is_no_atlas_is_left_alone(tmp_path: Path) -> None:
    """Without the header and without digests, a file is not taken for a damaged atlas."""
    stranger = tmp_path / "notes.csv"
    stranger.write_text("x,y\n1,2\n")
    with pytest.raises(AtlasError, match="not a periodicity atlas"):
        run_atlas(stranger, small_spec())
    assert stranger.read_text() == "x,y\n1,2\n" and not digests_path(stranger).exists()


def test_a_resume_with_other_options_is_refused_even_without_digests(
    tmp_path: Path, whole: tuple[bytes, bytes]
) -> None:
    path = written(tmp_path, whole)
    delete_the_digests(path)
    other = AtlasSpec.default(variants=["endnim"], rows=4, cols=128, short_piles=2, long_piles=1)
    with pytest.raises(AtlasError, match="b_max=64"):
        run_atlas(path, other)
    assert path.read_bytes() == whole[0]


@pytest.mark.parametrize("failing_sync", range(1, 9))
def test_a_full_disk_is_one_line_and_nothing_half_written_is_trusted(
    failing_sync: int, monkeypatch: pytest.MonkeyPatch, tmp_path: Path, whole: tuple[bytes, bytes]
) -> None:
    """The n-th fsync (of the CSV or of its digests) finds the disk full."""
    path = tmp_path / "atlas.csv"
    run_atlas(
        path, AtlasSpec.default(variants=["endnim"], rows=4, cols=64, short_piles=2, long_piles=1)
    )
    calls = 0
    sync = os.fsync

    def full(descriptor: int) -> None:
        nonlocal calls
        calls += 1
        if calls == failing_sync:
            raise OSError(errno.ENOSPC, "No space left on device")
        sync(descriptor)

    monkeypatch.setattr(os, "fsync", full)
    with pytest.raises(AtlasError) as refused:
        run_atlas(path, small_spec())
    assert "\n" not in str(refused.value) and "full" in str(refused.value)
    assert str(path) in str(refused.value)
    monkeypatch.undo()
    if path.exists():
        try:  # what a read accepts is only what was sealed
            kept = read_atlas(path)
        except AtlasError:
            pass
        else:
            assert {(line["variant"], line["middle"]) for line in kept} <= {
                (v, P.middle_text(w)) for v, w in small_spec().tables()
            }
    run_atlas(path, small_spec())
    assert path.read_bytes() == whole[0] and digests_path(path).read_bytes() == whole[1]


def test_a_real_full_disk(tmp_path: Path) -> None:
    """A 1 MiB tmpfs with 12 KiB left: the disk fills in the middle of the run."""
    mount = tmp_path / "tmpfs"
    mount.mkdir()
    done = subprocess.run(
        ["mount", "-t", "tmpfs", "-o", "size=1m", "tmpfs", str(mount)],
        capture_output=True,
        check=False,
    )
    if done.returncode != 0:
        pytest.skip("cannot mount a tmpfs here")
    spec = AtlasSpec.default(
        variants=["endnim", "misere"], rows=32, cols=64, short_piles=2, long_piles=1
    )
    expected = tmp_path / "expected.csv"
    run_atlas(expected, spec)
    try:
        (mount / "filler").write_bytes(bytes(1024 * 1024 - 12 * 1024))
        path = mount / f"atlas-{uuid.uuid4().hex[:6]}.csv"
        command = [sys.executable, "-m", "endnim.cli", "atlas", "periodicity", str(path)]
        options = ["--variant", "endnim", "--variant", "misere", "--rows", "32", "--cols", "64"]
        options += ["--short-piles", "2", "--long-piles", "1"]
        refused = subprocess.run([*command, *options], capture_output=True, text=True)
        assert refused.returncode == 2 and refused.stderr.count("\n") == 1, refused.stderr
        assert "full" in refused.stderr and str(path) in refused.stderr
        (mount / "filler").unlink()
        resumed = subprocess.run([*command, *options], capture_output=True, text=True)
        assert resumed.returncode == 0, resumed.stderr
        assert "0 computed now" not in resumed.stdout and "16 computed now" not in resumed.stdout
        assert path.read_bytes() == expected.read_bytes()
        assert digests_path(path).read_bytes() == digests_path(expected).read_bytes()
    finally:
        subprocess.run(["umount", str(mount)], check=False)
