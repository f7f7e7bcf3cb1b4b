"""``/api/value`` prints canonical forms up to the length ``endnim value`` does by default
(issue 39 follow-up: the API cut them at 4,000 characters, the command line at 10,000)."""

from __future__ import annotations

from endnim.analysis.values import FORM_LENGTH
from endnim.commands.value import value as value_command
from endnim.web.app import create_app
from endnim.web.views import value_task


def test_the_api_and_the_command_line_share_the_default_length() -> None:
    cli_default = next(p.default for p in value_command.params if p.name == "max_length")
    spec = create_app(limit_caches=False).openapi()["paths"]["/api/value"]["get"]
    api_default = next(p for p in spec["parameters"] if p["name"] == "max_length")
    assert cli_default == api_default["schema"]["default"] == FORM_LENGTH == 10_000


def test_a_form_between_the_old_and_the_new_length_is_printed() -> None:
    """3 5 6 4 6 (partizan End-Nim) has a canonical form of 4,625 characters: the command
    line prints it by default, and so does the page's value task now (it gave null)."""
    answer = value_task("3 5 6 4 6", "partizan")
    assert 4_000 < answer["value_length"] <= FORM_LENGTH
    assert answer["value"] is not None and len(answer["value"]) > 4_000
