"""The tree store's guarantee: every read is verified against the per-shape digests, damage
and edited values are one-line errors naming the file (never a wrong answer, never an internal
error), a resume and ``endnim sweep --repair`` recompute just the damaged shapes, and a full
disk is a one-line refusal that leaves nothing a resume trusts."""

from __future__ import annotations

import json
import random
import shutil
import sqlite3
import subprocess
import uuid
from pathlib import Path

import pytest

from endnim.sweep import trees as T
from tests.cli_in_process import run

SIZE, LABEL = 5, 2


@pytest.fixture(scope="module")
def pristine(tmp_path_factory: pytest.TempPathFactory) -> Path:
    folder = tmp_path_factory.mktemp("pristine") / "tb"
    T.run_tree_sweep(folder, SIZE, LABEL)
    with sqlite3.connect(folder / T.TREE_STORE) as connection:
        connection.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    return folder


@pytest.fixture()
def copy(pristine: Path, tmp_path: Path) -> Path:
    target = tmp_path / "tb"
    shutil.copytree(pristine, target)
    return target


def query(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], folder: Path
) -> tuple[int, str, str]:
    """``sweep-query DIR p``: exit status, the answer (without the directory's name), stderr."""
    code, out, err = run(
        monkeypatch, capsys, "sweep-query", str(folder), "p", "--json", "--limit", "50"
    )
    if code == 0:
        out = json.dumps({**json.loads(out), "sweep": "DIR"})
    return code, out, err


def assert_refused(code: int, err: str, *names: str) -> None:
    assert code == 2, err
    assert len(err.strip().splitlines()) == 1, err
    assert "internal error" not in err
    for name in names:
        assert name in err, err


def edit(folder: Path, sql: str) -> None:
    with sqlite3.connect(folder / T.TREE_STORE) as connection:
        connection.execute(sql)


def test_edited_values_are_refused_and_repaired(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], copy: Path
) -> None:
    code, good, err = query(monkeypatch, capsys, copy)
    assert code == 0, err
    edit(
        copy,
        "update trees set grundy=5 where rowid in (select rowid from trees where grundy=0 limit 3)",
    )
    code, _, err = query(monkeypatch, capsys, copy)
    assert_refused(code, err, T.TREE_STORE, "--repair")
    code, out, err = run(monkeypatch, capsys, "sweep", "--repair", str(copy), "--json")
    assert code == 0, err
    repaired = json.loads(out)
    assert repaired["shapes_recomputed"] >= 1 and repaired["shapes_kept"] >= 1
    assert query(monkeypatch, capsys, copy)[1] == good


def test_a_resume_recomputes_edited_shapes(copy: Path) -> None:
    before = T.run_tree_sweep(copy, SIZE, LABEL).to_dict()
    edit(copy, "update trees set labels='[2, 2]' where vertices = 2 and labels = '[1, 1]'")
    edit(copy, "delete from trees where rowid = (select max(rowid) from trees)")
    edit(copy, "insert into trees values ('9(9)', 2, 0, '[9, 9]', '[[0, 1]]', 18, 0)")
    after = T.run_tree_sweep(copy, SIZE, LABEL)
    assert after.repaired >= 2
    assert after.to_dict()["sizes"] == before["sizes"]
    with T.open_tree_sweep(copy) as store:
        assert store.count() == before["trees"]


@pytest.mark.parametrize(
    "damage",
    ["garbage", "zeroed-header", "deleted", "sidecar-deleted", "sidecar-edited", "shape-row"],
)
def test_damage_is_one_line_and_repairable(
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
    copy: Path,
    damage: str,
) -> None:
    good = query(monkeypatch, capsys, copy)[1]
    database = copy / T.TREE_STORE
    sidecar = sorted((copy / T.SHAPES).rglob("*.json"))[-1]
    if damage == "garbage":
        with database.open("r+b") as handle:
            handle.seek(database.stat().st_size // 2)
            handle.write(random.Random(1).randbytes(1024))
    elif damage == "zeroed-header":
        with database.open("r+b") as handle:
            handle.write(bytes(100))
    elif damage == "deleted":
        database.unlink()
    elif damage == "sidecar-deleted":
        sidecar.unlink()
    elif damage == "sidecar-edited":
        sidecar.write_text(sidecar.read_text().replace('"trees": ', '"trees": 1'))
    else:
        edit(copy, "delete from shapes where rowid = 2")
    code, _, err = query(monkeypatch, capsys, copy)
    assert_refused(code, err, "--repair")
    assert T.TREE_STORE in err or str(sidecar) in err or "shape" in err
    assert "catalogue.sqlite" not in err
    code, _, err = run(monkeypatch, capsys, "sweep", "--repair", str(copy))
    assert code == 0, err
    assert query(monkeypatch, capsys, copy)[1] == good


def test_flipped_bits_are_never_a_wrong_answer(
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
    pristine: Path,
    tmp_path: Path,
) -> None:
    good = query(monkeypatch, capsys, pristine)[1]
    size = (pristine / T.TREE_STORE).stat().st_size
    chance = random.Random(25)
    for trial in range(40):
        folder = tmp_path / f"flip-{trial}"
        shutil.copytree(pristine, folder)
        offset = chance.randrange(100, size)  # past the header: deep in the pages
        with (folder / T.TREE_STORE).open("r+b") as handle:
            handle.seek(offset)
            byte = handle.read(1)[0]
            handle.seek(offset)
            handle.write(bytes([byte ^ (1 << chance.randrange(8))]))
        code, out, err = query(monkeypatch, capsys, folder)
        if code == 0:
            assert out == good, f"flip at byte {offset} changed the answer"
        else:
            assert_refused(code, err, T.TREE_STORE)
        resumed = T.run_tree_sweep(folder, SIZE, LABEL)
        assert resumed.trees == json.loads(good)["checked"], offset
        assert query(monkeypatch, capsys, folder)[1] == good


def full_after(pages: int) -> object:
    """A ``_connect`` whose database may grow to ``pages`` pages: SQLite then answers
    'database or disk is full' exactly as on a full disk."""
    connect = T._connect

    def limited(path: Path, **options: bool) -> sqlite3.Connection:
        connection = connect(path, **options)
        connection.execute(f"PRAGMA max_page_count = {pages}")
        return connection

    return limited


def test_a_full_disk_is_a_one_line_refusal(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    out_dir = tmp_path / "full"
    monkeypatch.setattr(T, "_connect", full_after(12))
    code, _, err = run(
        monkeypatch, capsys, "sweep", "-v", "tree", "-L", "6", "-H", "2", "-o", str(out_dir)
    )
    assert_refused(code, err, "full", str(out_dir))
    monkeypatch.undo()
    with T.open_tree_sweep(out_dir) as store:  # what was kept verifies
        assert 0 < len(store.done_shapes()) < 12
        store.count(list(range(1, store.max_vertices + 1)))
    report = T.run_tree_sweep(out_dir, 6, 2)
    assert report.kept > 0 and report.trees == T.count_trees(6, 2)


def test_a_sidecar_that_cannot_be_written_leaves_nothing_trusted(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    calls = 0
    write = T.write_json_atomically

    def full(path: Path, data: object) -> None:
        nonlocal calls
        calls += 1
        if calls == 4:
            raise OSError(28, "No space left on device", str(path))
        write(path, data)  # type: ignore[arg-type]

    monkeypatch.setattr(T, "write_json_atomically", full)
    with pytest.raises(T.SweepError, match="no space left"):
        T.run_tree_sweep(tmp_path, 5, 2)
    monkeypatch.undo()
    with T.open_tree_sweep(tmp_path) as store:
        assert len(store.done_shapes()) == 2  # sweep.json, then shapes 1, 2; the third failed
    assert T.run_tree_sweep(tmp_path, 5, 2).trees == T.count_trees(5, 2)


def test_the_disk_need_is_checked_up_front(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    usage = shutil.disk_usage(tmp_path)
    monkeypatch.setattr(shutil, "disk_usage", lambda path: usage._replace(free=200_000))
    code, _, err = run(
        monkeypatch, capsys, "sweep", "-v", "tree", "-L", "8", "-H", "3", "-o", str(tmp_path / "t")
    )
    assert_refused(code, err, "needs about", "free")
    assert not (tmp_path / "t" / T.TREE_STORE).exists()


def test_a_real_full_disk(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    mount = tmp_path / "tmpfs"
    mount.mkdir()
    done = subprocess.run(
        ["mount", "-t", "tmpfs", "-o", "size=3m", "tmpfs", str(mount)],
        capture_output=True,
        check=False,
    )
    if done.returncode != 0:
        pytest.skip("cannot mount a tmpfs here")
    try:
        (mount / "filler").write_bytes(bytes(2_900_000))  # the disk fills while the sweep runs
        out_dir = mount / f"t-{uuid.uuid4().hex[:6]}"
        monkeypatch.setattr(T, "check_free_disk", lambda out, need: None)
        code, _, err = run(
            monkeypatch, capsys, "sweep", "-v", "tree", "-L", "7", "-H", "3", "-o", str(out_dir)
        )
        assert_refused(code, err)
        assert "space" in err or "full" in err
        (mount / "filler").unlink()
        assert T.run_tree_sweep(out_dir, 6, 3).trees == T.count_trees(6, 3)
    finally:
        subprocess.run(["umount", str(mount)], check=False)


def test_count_classes_is_burnside(pristine: Path) -> None:
    from graphs.test_tree_sweep import burnside

    for n, h in ((1, 3), (2, 2), (4, 3), (6, 2), (7, 2)):
        assert T.count_trees(n, h) == burnside(n, h)
