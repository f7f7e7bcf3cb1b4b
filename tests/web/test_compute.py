"""The compute gate: a time limit per computation and a bound on how many run at once."""

from __future__ import annotations

import threading
import time

import pytest

from endnim.web.compute import ComputeBusy, ComputeGate, ComputeTimeout


def test_results_and_errors_come_back() -> None:
    gate = ComputeGate()
    assert gate.run(lambda: sum(range(10))) == 45
    with pytest.raises(ZeroDivisionError):
        gate.run(lambda: 1 // 0)
    assert gate.run(lambda: "again") == "again"  # the slot was released after the error


def test_timeout_answers_at_once_and_the_slot_stays_taken_until_the_work_ends() -> None:
    release = threading.Event()
    ended = threading.Event()

    def work() -> None:
        release.wait(600)  # a hang guard only: the test releases it
        ended.set()

    gate = ComputeGate(slots=1, timeout=0.2, queue_wait=0.05)
    with pytest.raises(ComputeTimeout, match=r"longer than 0\.2 s"):
        gate.run(work)
    # answered by the 0.2 s limit while the work still runs (an event, not the clock)
    assert not ended.is_set()
    with pytest.raises(ComputeBusy, match="busy"):
        gate.run(lambda: 1)
    release.set()
    assert ended.wait(600)
    gate.queue_wait = 600  # the slot frees when the work returns: wait for it (a hang guard)
    assert gate.run(lambda: 2) == 2


def test_slots_bound_concurrency() -> None:
    gate = ComputeGate(slots=2, timeout=600, queue_wait=600)  # hang guards: 8 × 0.05 s of work
    running = 0
    most = 0
    lock = threading.Lock()

    def work() -> None:
        nonlocal running, most
        with lock:
            running += 1
            most = max(most, running)
        time.sleep(0.05)
        with lock:
            running -= 1

    threads = [threading.Thread(target=gate.run, args=(work,)) for _ in range(8)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert most == 2


def test_bad_settings() -> None:
    for settings in ({"slots": 0}, {"timeout": 0}, {"queue_wait": -1}):
        with pytest.raises(ValueError):
            ComputeGate(**settings)  # type: ignore[arg-type]
