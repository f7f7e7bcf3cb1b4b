"""The supervisor of workers that run users' code (endnim.supervise): deadlines and faults
from outside, answers as plain data, a confined worker."""

from __future__ import annotations

import platform
from pathlib import Path

import pytest

from endnim.errors import BudgetError, MoveError
from endnim.supervise import Supervisor, WorkerFault
from endnim.supervise.plain import error_from_data, error_to_data, plain_dumps, plain_loads

JOBS = "tests.supervise.jobs"
TESTS = str(Path(__file__).resolve().parents[1])


@pytest.fixture
def worker() -> Supervisor:
    with Supervisor(
        label="rule set 'demo'", memory=2 * 2**30, hook_limit=1, readable=[TESTS]
    ) as supervised:
        yield supervised


def test_answers_and_the_jobs_own_errors_come_back(worker: Supervisor) -> None:
    assert worker.call("builtins:divmod", 17, 5) == (3, 2)
    with pytest.raises(ValueError, match="invalid literal"):
        worker.call("builtins:int", "x")
    seen: list[bytes] = []
    assert worker.call(f"{JOBS}:talk", 3, on_emit=lambda kind, data: seen.append(data)) == 3
    assert seen == [b"line 0\n", b"line 1\n", b"line 2\n"]


def test_a_hook_past_its_deadline_is_killed_from_outside_and_named(worker: Supervisor) -> None:
    with pytest.raises(
        WorkerFault, match=r"rule set 'x' \(x.py:X\): ends\(\) did not return"
    ) as fault:
        worker.call(f"{JOBS}:in_hook_forever", "rule set 'x' (x.py:X)")
    assert fault.value.kind == "hook-timeout" and fault.value.hook == "ends"
    assert not worker.alive
    assert worker.call("builtins:abs", -3) == 3  # a fresh worker took its place


def test_a_worker_that_dies_stops_or_overruns_is_a_fault(worker: Supervisor) -> None:
    with pytest.raises(WorkerFault, match=r"ended its worker process in options\(\) \(exit 5\)"):
        worker.call(f"{JOBS}:exit_in_hook", 5)
    with pytest.raises(WorkerFault, match="stopped"):
        worker.call(f"{JOBS}:stop_myself")
    with pytest.raises(WorkerFault, match=r"did not answer within 0\.5 s") as fault:
        worker.call(f"{JOBS}:sleep", 30, timeout=0.5)
    assert fault.value.kind == "timeout"
    assert worker.call(f"{JOBS}:sleep", 0) == "slept"


def test_an_answer_that_is_not_plain_data_is_refused(worker: Supervisor) -> None:
    """The worker sends plain data only (an object is the job's error); an answer written to
    the supervisor by other means is refused unopened and the worker replaced."""
    with pytest.raises(TypeError, match=r"tests\.supervise\.jobs\.Foreign is no plain data"):
        worker.call(f"{JOBS}:foreign")
    with pytest.raises(WorkerFault, match="answered with a frame that is not JSON"):
        worker.call(f"{JOBS}:forged")
    assert not worker.alive


def test_answers_are_tied_to_their_jobs(worker: Supervisor) -> None:
    """An extra answer never becomes the answer of a later job: the worker that wrote it is
    replaced and the later job answered by a fresh one; an answer for a job never asked is
    refused (issue 38, route 9)."""
    assert worker.call(f"{JOBS}:extra_answer", 1) == 1001  # its own job's: the first it sent
    assert worker.call("builtins:abs", -7) == 7  # not the stale 1: a fresh worker answered
    assert worker.call("builtins:abs", -8) == 8
    with pytest.raises(WorkerFault, match="answered for another job"):
        worker.call(f"{JOBS}:other_job")


def test_huge_and_deep_frames_are_refused_unopened(worker: Supervisor) -> None:
    """A frame's length and depth are checked before anything is built (route 5)."""
    with pytest.raises(WorkerFault, match="a frame of 4,294,967,295 bytes"):
        worker.call(f"{JOBS}:huge_frame")
    with pytest.raises(WorkerFault, match="answered with"):
        worker.call(f"{JOBS}:deep_frame")
    assert worker.call("builtins:abs", -7) == 7


@pytest.mark.skipif(platform.system() != "Linux", reason="seccomp and /proc are Linux's")
def test_a_worker_is_confined(worker: Supervisor) -> None:
    found = worker.call(f"{JOBS}:try_everything")
    if worker.confined.get("seccomp"):
        assert found["fork"] == found["subprocess"] == "PermissionError"
        assert found["kill parent"] == found["setsid"] == "PermissionError"
    assert found["thread"] == "allowed" and found["8 GiB"] == "MemoryError"
    assert int(found["descriptors"]) <= 5  # 0, 1, 2, its socket, listdir's own


def test_errors_travel_as_data_and_never_as_classes() -> None:
    budget = error_from_data(error_to_data(BudgetError("big", states=3, bytes_needed=4, budget=5)))
    assert isinstance(budget, BudgetError) and budget.states == 3
    assert isinstance(error_from_data(error_to_data(MoveError("no"))), MoveError)
    assert type(error_from_data(error_to_data(KeyboardInterrupt()))) is RuntimeError
    assert type(error_from_data(("builtins.SystemExit", "x", {}))) is RuntimeError
    assert plain_loads(plain_dumps({"a": (1, b"2")})) == {"a": (1, b"2")}
    with pytest.raises(Exception, match="not opened"):
        plain_loads(plain_dumps(MoveError("no")))


def test_a_forged_hook_record_names_no_built_in(worker: Supervisor) -> None:
    """Route 6: the hook page is the worker's word: a tag blaming the built-in End-Nim (or
    naming a hook that is no name) is not repeated; the supervisor's own label is."""
    with pytest.raises(WorkerFault) as fault:
        worker.call(f"{JOBS}:in_hook_forever", "the built-in End-Nim (endnim)")
    assert str(fault.value).startswith("rule set 'demo': ends() did not return")
    assert "End-Nim" not in str(fault.value)
