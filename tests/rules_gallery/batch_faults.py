"""A rule set that is End-Nim except on rows of six piles, where its hook attacks in one way
chosen by the first pile: the batch tests feed it many positions and check that each attack
costs its own line only (issue 29, finding 1).

Roots shorter than six piles never reach a six-pile row, so their answers are End-Nim's.
"""

from __future__ import annotations

import os
import signal

from endnim import Variant


class SixPileFaults(Variant):
    name = "six-pile-faults"
    title = "gallery: End-Nim that attacks on six-pile rows"

    def ends(self, piles, player=None):
        if len(piles) == 6:
            first = piles[0]
            if first == 1:
                while True:  # a loop
                    pass
            if first == 2:
                os._exit(9)  # the worker ends
            if first == 3:
                bytearray(64 * 2**30)  # memory
            if first == 4:
                signal.raise_signal(signal.SIGSTOP)  # the worker stops itself
            if first == 5:
                raise KeyboardInterrupt
        return ("L", "R")


ATTACKS = {
    1: "did not return",
    2: "exit 9",
    3: "ran out of memory",
    4: "stopped",
    5: "KeyboardInterrupt",
}
"""The first pile of a six-pile row, and a fragment of the error its line must give."""
