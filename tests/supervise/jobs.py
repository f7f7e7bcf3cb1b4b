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


def _raw(data: bytes) -> None:
    """Write ``data`` straight onto the worker's socket, as a user's code could."""
    import gc
    import socket
    import struct

    for thing in gc.get_objects():
        if isinstance(thing, socket.socket) and thing.fileno() >= 0:
            thing.sendall(struct.pack(">I", len(data)) + data)
            return


def forged() -> None:
    """Write a pickled answer holding a class straight to the supervisor."""
    import pickle

    from endnim.supervise import channel

    _raw(pickle.dumps(("ok", channel._JOB, Foreign())))
    time.sleep(30)


def extra_answer(value: int) -> int:
    """Answer twice: once by hand (the job's id, now) and once by the worker (the same id):
    the supervisor takes the first and must refuse the second at the next job."""
    from endnim.supervise import channel

    channel.send("ok", value + 1000)
    return value


def other_job() -> None:
    """An answer for a job that is not the one asked."""
    _raw(b'["t","ok","0123456789abcdef",1]')
    time.sleep(30)


def huge_frame() -> None:
    """A frame that says it is 4 GiB long."""
    import gc
    import socket

    for thing in gc.get_objects():
        if isinstance(thing, socket.socket) and thing.fileno() >= 0:
            thing.sendall(b"\xff\xff\xff\xff" + b"x" * 100)
    time.sleep(30)


def deep_frame() -> None:
    """A frame nested 100,000 deep."""
    from endnim.supervise import channel

    _raw(
        b'["t","ok","' + channel._JOB.encode() + b'",' + b'["l",' * 100_000 + b"1" + b"]" * 100_001
    )
    time.sleep(30)


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
