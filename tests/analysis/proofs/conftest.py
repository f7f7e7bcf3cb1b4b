"""The proof tests leave the registry as they found it: checking an octal game's certificate
registers its rule set (``octal-0_07``), and a later doctest in the same worker listed it
among endnim's own (``endnim.variants``: a failure that depended on the order of the tests)."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from endnim.variants import unregister_variant, variant_names


@pytest.fixture(autouse=True)
def _registry_as_found() -> Iterator[None]:
    before = set(variant_names())
    yield
    for name in set(variant_names()) - before:
        unregister_variant(name)
