"""The conformance tests load users' rule sets in this process: each module's are removed from
the registry afterwards, so that tests iterating over every registered rule set see only theirs."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from endnim.variants import all_variants, unregister_variant


@pytest.fixture(autouse=True, scope="module")
def _registry_restored() -> Iterator[None]:
    before = {rules.name for rules in all_variants()}
    yield
    for rules in all_variants():
        if rules.name not in before:
            unregister_variant(rules.name)
