"""The ``endnim`` command line.

Each subcommand lives in its own module under ``endnim.commands`` and is imported only when it
runs, so that start-up stays fast. Bad input prints one line ``endnim: error: ...`` and exits
with status 2; never a traceback.
"""

from __future__ import annotations

import importlib
import os
import sys

import click

from endnim.errors import EndNimError, cli_text

COMMANDS: dict[str, tuple[str, str]] = {
    "analyze": ("endnim.commands.analyze:analyze", "Outcome, Grundy value, winning moves, reason."),
    "atlas": (
        "endnim.commands.atlas:atlas",
        "Regenerate the atlas data: periodicity, partizan catalogue, two-pile tables.",
    ),
    "table": (
        "endnim.commands.table:table",
        "Values of a·w·b as a table (text, CSV, LaTeX, …) or heatmap.",
    ),
    "graph-table": (
        "endnim.commands.graph_table:graph_table",
        "Values of a graph family (star, spider, grid, ...) as a table or heatmap.",
    ),
    "verify": ("endnim.commands.verify:verify", "Re-check every statement of the three papers."),
    "check-rules": (
        "endnim.commands.check_rules:check_rules",
        "Exercise your own rule set's hooks and report what is wrong.",
    ),
    "rules-info": (
        "endnim.commands.rules_info:rules_info",
        "Which compiled path serves a rule set, and which hook kept it out.",
    ),
    "conjecture": (
        "endnim.commands.conjecture:conjecture",
        "Check a conjecture on every position, resumably.",
    ),
    "serve": (
        "endnim.commands.serve:serve",
        "The web workbench: explore, value every move, play.",
    ),
    "play": ("endnim.commands.play:play", "Play against the computer in the terminal."),
    "sweep": (
        "endnim.commands.sweep:sweep",
        "Compute and store the value of every position up to a size.",
    ),
    "sweep-query": (
        "endnim.commands.sweep:sweep_query",
        "Count and list positions of a stored sweep by a predicate.",
    ),
    "periodicity": (
        "endnim.commands.periodicity:periodicity",
        "Ultimate arithmetico-periodicity of the rows of a table.",
    ),
    "value": (
        "endnim.commands.value:value",
        "Value of a partizan position, sum or G vs H: canonical form, thermograph, ….",
    ),
    "quotient": (
        "endnim.commands.quotient:quotient",
        "Misère quotient of a closure of positions: order, presentation, P-portion.",
    ),
    "phase": (
        "endnim.commands.phase:phase",
        "Phase diagram of a row in partizan End-Nim: triple point, figure.",
    ),
}
"""Subcommand name -> ("module:attribute", one-line help)."""


class LazyGroup(click.Group):
    """A click group whose subcommands are imported on first use."""

    def list_commands(self, ctx: click.Context) -> list[str]:
        return sorted({*super().list_commands(ctx), *COMMANDS})

    def get_command(self, ctx: click.Context, cmd_name: str) -> click.Command | None:
        if cmd_name in COMMANDS:
            module_name, attribute = COMMANDS[cmd_name][0].split(":")
            command = getattr(importlib.import_module(module_name), attribute)
            assert isinstance(command, click.Command)
            return plain_help(command)
        return super().get_command(ctx, cmd_name)

    def format_commands(self, ctx: click.Context, formatter: click.HelpFormatter) -> None:
        rows = [(name, COMMANDS[name][1]) for name in sorted(COMMANDS)]
        with formatter.section("Commands"):
            formatter.write_dl(rows)


def plain_help(command: click.Command) -> click.Command:
    r"""The command (and its subcommands) with its help as the terminal shows it: a docstring's
    reST markup (``--rules``, :func:`x`) written plainly, never raw.

    >>> @click.command()
    ... def hello() -> None:
    ...     "Say ``hello`` with :func:`print`."
    >>> plain_help(hello).help
    'Say hello with print.'
    """
    import re

    if command.help:
        command.help = re.sub(r":[a-z]+:`~?([^`]+)`", r"\1", command.help).replace("``", "")
    if isinstance(command, click.Group):
        for sub in command.commands.values():
            plain_help(sub)
    return command


@click.group(cls=LazyGroup, context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(package_name="endnim")
def cli() -> None:
    """endnim: solve, explain, explore and play End-Nim and its relatives."""


def main(argv: list[str] | None = None) -> None:
    """Console-script entry point: runs the CLI and turns known errors into one line.

    A command line that names a user's rule set (``--rules``) runs in a supervised worker
    (:mod:`endnim.commands.supervised`): this process never runs the user's code.
    """
    args = sys.argv[1:] if argv is None else list(argv)
    if any(a == "--rules" or a.startswith("--rules=") or ".py:" in a for a in args):
        from endnim.commands.supervised import run, wants_supervision

        if wants_supervision(args):
            try:
                code = run(args)
            except Exception as error:  # a bug of the supervisor's side: one line
                if os.environ.get("ENDNIM_DEBUG"):
                    raise
                click.echo(f"endnim: internal error: {type(error).__name__}: {error}", err=True)
                code = 1
            sys.exit(code)
    try:
        cli.main(args=args, prog_name="endnim", standalone_mode=False)
    except click.exceptions.Abort:
        click.echo("endnim: interrupted", err=True)
        sys.exit(130)
    except click.ClickException as error:
        message = " ".join(error.format_message().split())
        click.echo(f"endnim: error: {message}", err=True)
        sys.exit(error.exit_code)
    except EndNimError as error:
        click.echo(f"endnim: error: {_one_line(cli_text(error))}", err=True)
        sys.exit(2)
    except OSError as error:  # the file system refused (a name too long, no permission, ...)
        where = f": {_one_line(str(error.filename))[:200]}" if error.filename else ""
        click.echo(f"endnim: error: {error.strerror or type(error).__name__}{where}", err=True)
        sys.exit(2)
    except KeyboardInterrupt:
        click.echo("endnim: interrupted", err=True)
        sys.exit(130)
    except MemoryError:
        click.echo("endnim: error: out of memory: lower --budget or use --method theory", err=True)
        sys.exit(2)
    except Exception as error:  # a bug: one line unless debugging
        if os.environ.get("ENDNIM_DEBUG"):
            raise
        click.echo(
            f"endnim: internal error: {type(error).__name__}: {error} "
            "(set ENDNIM_DEBUG=1 for a traceback)",
            err=True,
        )
        sys.exit(1)
    sys.exit(0)


def run_in_worker(argv: list[str], terminal: dict[str, object]) -> int:
    """The command line ``argv``, run in a supervised worker with its output sent to the
    supervisor; its exit status (the job of :func:`endnim.commands.supervised.run`)."""
    from endnim.commands.supervised import worker_streams

    worker_streams(terminal)
    code: object = 0
    try:
        main(argv)
    except SystemExit as exit:
        code = exit.code
    finally:
        sys.stdout.flush()
        sys.stderr.flush()
    if code is None:
        return 0
    return code if type(code) is int else 1


def _one_line(text: str) -> str:
    """A message on one line (a path or an input may carry line breaks)."""
    return " ".join(text.splitlines())


if __name__ == "__main__":
    main()
