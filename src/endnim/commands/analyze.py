"""``endnim analyze``: outcome, Grundy value, winning moves, remoteness and the reason."""

from __future__ import annotations

import sys
from collections.abc import Callable, Iterator
from typing import TYPE_CHECKING, BinaryIO, TextIO

import click

from endnim.commands.common import convention_option, variant_name, variant_option
from endnim.errors import EndNimError

if TYPE_CHECKING:
    from endnim.analyzer import Analysis


@click.command(context_settings={"ignore_unknown_options": True})
@click.argument("position", nargs=-1)
@variant_option()
@click.option(
    "--method",
    "-m",
    type=click.Choice(("auto", "theory", "search", "engine"), case_sensitive=False),
    default="auto",
    show_default=True,
    help="theory: closed forms; search: exact memoised search; engine: compiled interval DP; "
    "auto: the theory, completed by search or engine.",
)
@click.option(
    "--threads",
    type=click.IntRange(min=1),
    default=None,
    help="Engine threads (default: every core).",
)
@convention_option()
@click.option("--json", "as_json", is_flag=True, help="Print one JSON object per position.")
@click.option(
    "--batch",
    type=click.File("rb"),
    default=None,
    help="Read positions from FILE, one per line ('-' = standard input).",
)
@click.option(
    "--budget",
    type=click.IntRange(min=1),
    default=None,
    help="Most states the search may visit (default 2,000,000) or cells the engine may "
    "compute (default 6e9 at full speed, about a minute).",
)
def analyze(
    position: tuple[str, ...],
    variant: str,
    method: str,
    convention: str,
    as_json: bool,
    batch: BinaryIO | None,
    budget: int | None,
    threads: int | None,
) -> None:
    """Outcome, Grundy value, winning moves, remoteness and the theorem behind them.

    POSITION is one argument ("3 3 3 2", "3,3,3,2", "3^3 2") or several (3 3 3 2).
    """
    from functools import partial

    from endnim.analyzer import analyze, analyzer_of
    from endnim.render import print_analysis, progress_bar

    for token in position:
        if token.startswith("-") and not token.lstrip("-").replace(",", "").strip().isdigit():
            raise EndNimError(f"no such option: {token} (see 'endnim analyze --help')")
    name = variant_name(variant.lower(), convention)
    bar = progress_bar()
    run = partial(analyze, budget=budget, threads=threads, progress=bar.update)
    if batch is not None:  # the same analysis, with the rule set and theory looked up once
        each = analyzer_of(name, method, budget=budget, threads=threads, progress=bar.update)
        run = partial(_batch_run, each)
    with bar:
        _analyze_all(run, position, name, method, as_json, batch, print_analysis)


def _analyze_all(
    run: Callable[..., Analysis],
    position: tuple[str, ...],
    name: str,
    method: str,
    as_json: bool,
    batch: BinaryIO | None,
    print_analysis: Callable[[Analysis], None],
) -> None:
    if batch is not None:
        if position:
            raise EndNimError("give either POSITION or --batch, not both")
        from endnim.json_line import dumps

        out = _binary_stdout()  # the JSON lines are UTF-8 bytes already
        failures = 0
        pending: list[bytes] = []  # JSON lines not yet written: one write per BATCH_WRITE lines

        def flush() -> None:
            if pending:
                pending.append(b"")  # the last line's newline
                out.write(b"\n".join(pending))
                out.flush()
                pending.clear()

        for number, text, problem in batch_lines(batch):
            try:
                if problem:
                    raise EndNimError(problem)
                result = run(text, name, method)
            except (EndNimError, MemoryError) as error:  # that line's error; the batch goes on
                if isinstance(error, MemoryError):
                    error = EndNimError(OUT_OF_MEMORY)
                failures += 1
                flush()  # keep standard output and the error messages in input order
                click.echo(f"endnim: error: line {number}: {error}", err=True)
                if as_json:
                    pending.append(dumps(batch_error(text, number, str(error))))
                    flush()
                continue
            if as_json:
                pending.append(result.to_json_bytes())
                if len(pending) >= BATCH_WRITE:
                    flush()
            else:
                print_analysis(result)
        flush()
        if failures:
            sys.exit(2)
        return
    if not position:
        raise EndNimError("no position given: e.g. 'endnim analyze 3 3 3 2'")
    result = run(" ".join(position), name, method)
    if as_json:
        click.echo(result.to_json())
    else:
        print_analysis(result)


class _TextWriter:
    """Bytes written as text, for a standard output without a binary buffer."""

    def __init__(self, stream: TextIO) -> None:
        self.stream = stream

    def write(self, data: bytes) -> None:
        self.stream.write(data.decode())

    def flush(self) -> None:
        self.stream.flush()


def _binary_stdout() -> BinaryIO | _TextWriter:
    """Standard output's binary buffer (or a writer that decodes into the text stream)."""
    sys.stdout.flush()  # anything written as text goes first
    buffer = getattr(sys.stdout, "buffer", None)
    return buffer if buffer is not None else _TextWriter(sys.stdout)


def _batch_run(each: Callable[[object], Analysis], text: str, *_: str) -> Analysis:
    """``run(text, name, method)`` of a batch, by :func:`endnim.analyzer.analyzer_of`."""
    return each(text)


BATCH_WRITE = 256

ECHO_CHARS = 1_000
"""How much of a refused line a ``--batch --json`` error object echoes."""


def batch_error(text: str, number: int, message: str) -> dict[str, object]:
    """The JSON error object of a refused batch line: its text (the first ``ECHO_CHARS``
    characters of a longer line, with its full length, so that a 10 MB line costs a line of
    output, not 10 MB), its number and the one-line error.

    >>> batch_error("3 0 4", 7, "piles must be positive")
    {'input': '3 0 4', 'line': 7, 'error': 'piles must be positive'}
    >>> cut = batch_error("1 " * 600, 1, "...")
    >>> len(cut["input"]), cut["input_chars"]
    (1001, 1200)
    """
    if len(text) <= ECHO_CHARS:
        return {"input": text, "line": number, "error": message}
    return {
        "input": text[:ECHO_CHARS] + "…",
        "input_chars": len(text),
        "line": number,
        "error": message,
    }


"""JSON lines of a batch written at once (one write per line was a tenth of the batch's time)."""

MAX_LINE_BYTES = 8 * 2**20
"""A batch line longer than this is refused unread (a row of 1,000,000 piles of up to six
digits fits; a 10 MiB line is answered at once instead of parsed for seconds)."""


OUT_OF_MEMORY = "out of memory: lower --budget or use --method theory"
"""A batch line that ran out of memory: its error, as the whole command's would be."""


def batch_lines(stream: BinaryIO) -> Iterator[tuple[int, str, str]]:
    """(line number, text, problem) of each non-empty line; a line that is not UTF-8 text
    comes with its problem, so the batch reports it and goes on."""
    number = 0
    while True:
        try:
            raw = stream.readline(MAX_LINE_BYTES + 1)
        except OSError as error:
            raise EndNimError(f"cannot read the batch input: {error.strerror or error}") from None
        if not raw:
            return
        number += 1
        if len(raw) > MAX_LINE_BYTES and not raw.endswith(b"\n"):
            while raw and not raw.endswith(b"\n"):  # skip the rest of the line
                raw = stream.readline(MAX_LINE_BYTES)
            yield (
                number,
                f"<a line longer than {MAX_LINE_BYTES:,} bytes>",
                (f"line longer than {MAX_LINE_BYTES:,} bytes"),
            )
            continue
        try:
            line = raw.decode("utf-8")
        except UnicodeDecodeError as error:
            shown = raw[:60].decode("utf-8", errors="replace").strip()
            yield number, shown, f"not UTF-8 text (byte {error.start + 1} of the line)"
            continue
        if "\x00" in line:
            yield number, line[:60].replace("\x00", "").strip(), "a NUL byte: is this UTF-16 text?"
            continue
        text = line.split("#", 1)[0].strip()
        if text:
            yield number, text, ""
