"""``endnim quotient``: the misère quotient (Plambeck–Siegel) of a closure of positions."""

from __future__ import annotations

import json
import re
import time
from typing import TYPE_CHECKING, Any

import click

from endnim.commands.common import variant_option
from endnim.errors import EndNimError

if TYPE_CHECKING:
    from endnim.quotient.solver import QuotientResult
    from endnim.ruleset import RuleSet

_RANGE = re.compile(r"^\s*(\d+)\s*\.\.\s*(\d+)\s*$")


def read_positions(rules: RuleSet[Any, Any], text: str) -> list[Any]:
    """Positions separated by commas; ``A..B`` is every position written ``A``, …, ``B``.

    >>> from endnim.variants import get_variant
    >>> read_positions(get_variant("misere"), "3 1 4, 2 2")
    [Position(3, 1, 4), Position(2, 2)]
    """
    positions: list[Any] = []
    for item in text.split(","):
        if not item.strip():
            continue
        span = _RANGE.match(item)
        if span:
            low, high = int(span.group(1)), int(span.group(2))
            if high - low > 100_000:
                raise EndNimError(f"the range {item.strip()} is too long (at most 100,001 items)")
            positions.extend(rules.parse_position(str(n)) for n in range(low, high + 1))
        else:
            positions.append(rules.parse_position(item))
    if not positions:
        raise EndNimError("--positions names no position")
    return positions


@click.command()
@variant_option("misere", "The impartial rule set whose sums are played misère.")
@click.option(
    "--max-length", "-L", type=click.IntRange(1, 12), default=None, help="Rows up to this length."
)
@click.option(
    "--max-pile", "-H", type=click.IntRange(1, 64), default=None, help="Piles up to this size."
)
@click.option(
    "--positions",
    default=None,
    help='The closure of these positions instead: "3 1 4, 2 2" (A..B: every one from A to B).',
)
@click.option(
    "--max-order",
    type=click.IntRange(min=1),
    default=2_000,
    show_default=True,
    help="Refuse past this many elements.",
)
@click.option(
    "--max-search",
    type=click.IntRange(min=1),
    default=5_000_000,
    show_default=True,
    help="Refuse past this many sums searched.",
)
@click.option(
    "--max-signatures",
    type=click.IntRange(min=1),
    default=2_000_000,
    show_default=True,
    help="Refuse past this many signatures in the check.",
)
@click.option(
    "--max-components",
    type=click.IntRange(min=1),
    default=20_000,
    show_default=True,
    help="Refuse a closure with more components.",
)
@click.option(
    "--state",
    "state_dir",
    type=click.Path(file_okay=False),
    default=None,
    help="Save progress in DIR after every component; a rerun continues from it.",
)
@click.option("--json", "as_json", is_flag=True, help="Print JSON (order, elements, product, ...).")
def quotient(
    variant: str,
    max_length: int | None,
    max_pile: int | None,
    positions: str | None,
    max_order: int,
    max_search: int,
    max_signatures: int,
    max_components: int,
    state_dir: str | None,
    as_json: bool,
) -> None:
    """The misère quotient of the closure of some positions: order, presentation, P-portion.

    Sums of positions are played misère (whoever makes the last move of the whole sum loses;
    in misère End-Nim, whoever takes the last coin). Each element is a class of sums that no
    sum of the closure tells apart; a sum is a P-position exactly when its element is in the
    P-portion. The quotient is proved, not guessed (see endnim.quotient.verify).

    \b
    endnim quotient -v misere -L 2 -H 4
    endnim quotient -v misere --positions "3 1 4, 2 2" --json
    endnim quotient --rules examples/variants/octal.py:Octal075 --positions 1..20
    """
    from endnim.quotient.closure import build_closure, rows_components_at_least, rows_up_to
    from endnim.quotient.limits import LimitError, Limits
    from endnim.quotient.solver import misere_quotient
    from endnim.quotient.state import load_state, save_state, state_path
    from endnim.search import format_count
    from endnim.variants import get_variant
    from endnim.variants.sums import summand_rules

    rules = get_variant(variant)
    summand_rules(rules)  # a partizan rule set is refused before any row is built
    if positions is not None:
        if max_length is not None or max_pile is not None:
            raise EndNimError("give --positions or --max-length/--max-pile, not both")
        starts = read_positions(rules, positions)
        described: Any = positions
    elif max_length is not None and max_pile is not None:
        if rules.family != "row":
            raise EndNimError(f"--max-length/--max-pile name rows; {rules.title} needs --positions")
        least = rows_components_at_least(max_length, max_pile)
        if least > max_components:  # refused from the count, before any row is built
            raise LimitError(
                f"the closure of rows of length ≤ {max_length} with piles ≤ {max_pile} has at "
                f"least {format_count(least)} components, more than {max_components:,} "
                "(raise --max-components, or lower --max-length/--max-pile)"
            )
        starts = list(rows_up_to(max_length, max_pile))
        described = [max_length, max_pile]
    else:
        raise EndNimError("give --max-length and --max-pile, or --positions")
    began = time.perf_counter()
    closure = build_closure(rules, starts, max_components)
    identity = [rules.name, described, closure.size]
    path = state_path(state_dir, identity) if state_dir else None
    done, tests, resume = 0, None, None
    if path is not None:
        saved_state = load_state(path, identity)
        if saved_state is not None:
            done, tests, resume = saved_state

    def saved(components: int, found: list[tuple[int, ...]], monoid: Any, images: Any) -> None:
        if path is not None:
            save_state(path, identity, components, found, (monoid, images))

    limits = Limits(max_order, max_search, max_signatures)
    from endnim.render import ProgressBar

    with ProgressBar(
        "quotient", "components", describe=_quotient_so_far, detail_style="cyan"
    ) as bar:
        result = misere_quotient(
            closure,
            limits,
            progress=bar.update,
            tests=tests,
            start=done,
            saved=saved,
            resume=resume,
        )
    seconds = time.perf_counter() - began
    if as_json:
        data = {"variant": rules.name, "closure": described, "seconds": round(seconds, 3)}
        data.update(result.to_dict())
        click.echo(json.dumps(data, ensure_ascii=False))
        return
    _print(rules, described, result, seconds)


def _print(
    rules: RuleSet[Any, Any], described: Any, result: QuotientResult, seconds: float
) -> None:
    where = (
        f"rows of length ≤ {described[0]} with piles ≤ {described[1]}"
        if isinstance(described, list)
        else f"the positions {described}"
    )
    click.echo(f"misère quotient of {rules.title}, closure of {where}")
    click.echo(f"  components   {result.closure.size}")
    click.echo(f"  order        {result.order}")
    click.echo(f"  presentation {result.presentation()}")
    generators = result.generator_components()
    if generators:
        from endnim.quotient.monoid import letter

        click.echo(
            "  generators   "
            + ", ".join(f"{letter(i)} = {text}" for i, text in enumerate(generators))
        )
    click.echo(f"  P-portion    {{{', '.join(result.p_names())}}}")
    click.echo(f"  tame         {'yes' if result.tame() else 'no'}")
    click.echo(f"  time         {seconds:.2f} s")


def _quotient_so_far(order: int, tests: int) -> str:
    """What the quotient's bar says beside the components proved."""
    return f"{order} elements, {tests} tests"
