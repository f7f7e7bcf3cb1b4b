"""Jobs for the supervisor's tests, run in a supervised worker (resolved by name)."""

from __future__ import annotations

import os
import signal
import time
from typing import Any

from endnim.supervise import watch
from endnim.supervise.channel import emit


def in_hook_forever(tag_label: str) -> None:
    record = watch.current()
    record.enter(watch.encode_tag(tag_label, "ends"))
    while True:
        pass


def exit_in_hook(code: int) -> None:
    watch.current().enter(watch.encode_tag("rule set 'x' (x.py:X)", "options"))
    os._exit(code)


def stop_myself() -> None:
    signal.raise_signal(signal.SIGSTOP)


def sleep(seconds: float) -> str:
    time.sleep(seconds)
    return "slept"


def talk(count: int) -> int:
    for index in range(count):
        emit("out", f"line {index}\n".encode())
    return count


class Foreign:
    """A class of this module's: opening it in the supervisor would run this module's code."""


def foreign() -> Any:
    return {"ok": 1, "thing": Foreign()}


def forged() -> None:
    """Write an answer holding a class straight to the supervisor, as a user's code could."""
    from endnim.supervise.channel import send

    send(("ok", Foreign()))


def try_everything() -> dict[str, str]:
    """What the confinement lets this worker do."""
    import subprocess
    import threading

    found: dict[str, str] = {}
    for name, action in (
        ("fork", os.fork),
        ("kill parent", lambda: os.kill(os.getppid(), 0)),
        ("setsid", os.setsid),
        ("subprocess", lambda: subprocess.run(["true"], check=False)),
    ):
        try:
            action()
            found[name] = "allowed"
        except OSError as error:
            found[name] = type(error).__name__
    thread = threading.Thread(target=lambda: None)
    thread.start()
    thread.join()
    found["thread"] = "allowed"
    try:
        bytearray(8 * 2**30)
        found["8 GiB"] = "allowed"
    except MemoryError:
        found["8 GiB"] = "MemoryError"
    found["descriptors"] = str(len(os.listdir("/proc/self/fd")))
    return found
