"""``endnim serve``: the web workbench on this machine (http://127.0.0.1:8000/ by default)."""

from __future__ import annotations

import click

from endnim.web.compute import DEFAULT_TIMEOUT


@click.command()
@click.option(
    "--rules",
    "rules_specs",
    metavar="PATH.py:CLASS|FILE.toml",
    multiple=True,
    help="Load your own rule set from a file and offer it on the page and the API (repeat to "
    "serve several; user code is loaded only from here, never from a web request; it runs in "
    "sandboxed worker processes, never in the server; a FILE.toml rule set is data, read by "
    "the server itself). A name one of them shares with another or with a built-in rule set "
    "is refused at start-up.",
)
@click.option(
    "--host",
    default="127.0.0.1",
    show_default=True,
    help="Address to listen on (0.0.0.0 opens the workbench to the network).",
)
@click.option(
    "--port",
    "-p",
    type=click.IntRange(0, 65535),
    default=8000,
    show_default=True,
    help="Port to listen on (0 picks a free one).",
)
@click.option(
    "--timeout",
    type=click.FloatRange(min=0.1, max=3600.0),
    callback=lambda ctx, param, value: _finite(value),
    default=DEFAULT_TIMEOUT,
    show_default=True,
    help="Seconds a computation may take before its request fails with 503.",
)
@click.option(
    "--trust-rules",
    is_flag=True,
    help="Run the --rules files even where no sandbox (bubblewrap) can confine them: only for "
    "your own code.",
)
def serve(
    rules_specs: tuple[str, ...], host: str, port: int, timeout: float, trust_rules: bool
) -> None:
    """Run the web workbench: edit a position, see every move valued, play the computer.

    The page needs no internet access; its JSON API is described at /api/openapi.json.
    """
    from endnim.web.app import create_app
    from endnim.web.compute import ComputeGate
    from endnim.web.pool import WorkerPool
    from endnim.web.server import bind, run, url_of

    sock = bind(host, port)
    url = url_of(sock)
    click.echo(f"endnim workbench: {url}  (API schema: {url}api/openapi.json; Ctrl+C stops)")
    if host not in ("127.0.0.1", "localhost", "::1"):
        click.echo(f"warning: listening on {host}: anyone who can reach it can use it", err=True)
    from endnim.web.sandbox import Sandbox

    specs = list(dict.fromkeys(rules_specs))
    _load_data_rules([spec for spec in specs if _is_toml(spec)])  # data: read here, no sandbox
    code = [spec for spec in specs if not _is_toml(spec)]  # loaded by the sandbox's workers
    if code and trust_rules:
        from endnim.supervise.launch import unavailable

        if unavailable() is not None:
            click.echo(
                f"warning: {unavailable()}: the rule sets run outside a sandbox "
                "(Landlock and seccomp only)",
                err=True,
            )
    sandbox = Sandbox(create_app, code, timeout=timeout, trust=trust_rules) if code else None
    try:
        with WorkerPool(timeout=timeout) as pool:
            gate = ComputeGate(timeout=timeout)
            run(create_app(gate=gate, pool=pool, sandbox=sandbox), sock)
    except KeyboardInterrupt:  # uvicorn re-raises Ctrl+C after its graceful shutdown
        pass
    finally:
        if sandbox is not None:
            sandbox.close()
        sock.close()
    click.echo("endnim workbench stopped")


def _is_toml(spec: str) -> bool:
    return spec.strip().lower().endswith(".toml")


def _load_data_rules(specs: list[str]) -> None:
    """Read the rule sets written as data (they run no code) in the server, refusing in one
    line a name or alias two of them share (the registry would let the second replace the
    first; a clash with a built-in is refused by :func:`~endnim.variants.load_rules`)."""
    from endnim.errors import RuleSetError
    from endnim.variants import load_rules

    claimed: dict[str, str] = {}
    for spec in specs:
        rules = load_rules(spec)
        for key in (rules.name, *rules.aliases):
            key = str(key).strip().lower()
            if claimed.get(key, spec) != spec:
                raise RuleSetError(
                    f"serve --rules: {spec} and {claimed[key]} both answer to the name {key!r}: "
                    "give one of them another name"
                )
            claimed[key] = spec


def _finite(value: float) -> float:
    """Refuse nan (which passes every range check) in one line."""
    import math

    if not math.isfinite(value):
        raise click.BadParameter(f"{value} is not a number of seconds (0.1 to 3600)")
    return value
