"""Options and helpers shared by the commands."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, TypeVar

import click

from endnim.errors import EndNimError

F = TypeVar("F", bound=Callable[..., Any])

VARIANT_CHOICES = ("endnim", "misere", "loop", "muller", "partizan")
CONVENTIONS = ("cairns-ho", "conway")


def variant_name(variant: str, convention: str = "cairns-ho") -> str:
    """The rule set's name for ``--variant`` and ``--convention`` (misère Grundy convention).

    >>> variant_name("misere", "conway")
    'misere-conway'
    """
    if convention == "conway":
        if variant != "misere":
            raise EndNimError("--convention conway applies to --variant misere only")
        return "misere-conway"
    return variant


def variant_option(default: str | None = "endnim", help: str = "The rule set.") -> Callable[[F], F]:
    """The ``--variant/-v`` option every command shares."""
    return click.option(
        "--variant",
        "-v",
        type=click.Choice(VARIANT_CHOICES, case_sensitive=False),
        default=default,
        show_default=default is not None,
        help=help,
    )


def convention_option(
    help: str = "Misère Grundy convention: Cairns–Ho ((1) terminal, value 0) or Conway "
    "(G(empty) = 1).",
) -> Callable[[F], F]:
    """The ``--convention`` option (misère Grundy convention) every command shares."""
    return click.option(
        "--convention",
        type=click.Choice(CONVENTIONS),
        default="cairns-ho",
        show_default=True,
        help=help,
    )


def rules_options(function: F) -> F:
    """``--variant`` and ``--convention`` together (use :func:`variant_name` to combine them)."""
    return variant_option()(convention_option()(function))
