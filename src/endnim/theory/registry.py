"""Which closed-form theory serves which variant."""

from __future__ import annotations

from endnim.theory.base import Theory
from endnim.theory.end_family import EndNimTheory, LoopTheory, MisereTheory
from endnim.theory.horrocks import MullerTheory
from endnim.theory.partizan import PartizanTheory

THEORIES: dict[str, Theory] = {
    theory.variant_name: theory
    for theory in (
        EndNimTheory(),
        MisereTheory("cairns-ho"),
        MisereTheory("conway"),
        LoopTheory(),
        MullerTheory(),
        PartizanTheory(),
    )
}
