"""End-to-end, in Debian's Chromium: a rule set typed as TOML in the page's box is checked by
the server (a bad key: one line under the box), then analysed under; the link carries the text,
so the same link opened in a fresh page shows the same rule set and position."""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path

import pytest
import web.test_e2e as e2e
from playwright.sync_api import BrowserContext, Page, expect

import endnim
from endnim.variants import load_rules, unregister_variant

served = e2e.served  # the fixture: a served app in Debian's Chromium


@pytest.fixture
def page(served: tuple[str, BrowserContext]) -> Iterator[Page]:
    """A fresh page; the one console error allowed is the 400 answering the bad rules typed."""
    yield from e2e.watched_page(served, re.compile(r"Failed to load resource: .* 400"))


EXAMPLES = Path(__file__).resolve().parents[2] / "examples" / "variants"
SUBTRACTION = (EXAMPLES / "subtraction.toml").read_text()


def test_rules_typed_in_the_box_are_analysed_and_shared_by_the_link(page: Page) -> None:
    reference = load_rules(f"{EXAMPLES / 'subtraction.py'}:SubtractionEndNim").name
    try:
        e2e.open_page(page, "endnim", "3 1 4")
        page.locator("#rules-card summary").click()
        page.fill("#rules-text", 'name = "mine"\n[takes]\nmost = 3\n')
        page.click("#rules-use")
        expect(page.locator("#rules-error")).to_have_text(re.compile(r"^rules: takes\.most: "))
        page.fill("#rules-text", SUBTRACTION)
        page.click("#rules-use")
        expect(page.locator("#rules-error")).to_be_hidden()
        expect(page.locator("#variant")).to_have_value(re.compile(r"^subtraction-124-toml-"))
        expected = endnim.analyze("3 1 4", reference)
        expect(page.locator("#grundy")).to_have_text(str(expected.grundy))
        expect(page.locator("#moves")).to_have_attribute("data-position", "3 1 4")
        page.fill("#position-text", "5 2 7")
        page.press("#position-text", "Enter")
        expect(page.locator("#moves")).to_have_attribute("data-position", "5 2 7")
        expect(page.locator("#grundy")).to_have_text(str(endnim.analyze("5 2 7", reference).grundy))
        link = page.url
        assert "rules=" in link and "set+%3D+%5B1%2C+2%2C+4%5D" in link
        variant = page.locator("#variant").input_value()
        # the link in a fresh page (as a friend would open it): the rules come with it
        fresh = page.context.new_page()
        fresh.goto(link)
        fresh.wait_for_selector("body[data-ready=true]")
        expect(fresh.locator("#variant")).to_have_value(variant)
        expect(fresh.locator("#position-text")).to_have_value("5 2 7")
        expect(fresh.locator("#moves")).to_have_attribute("data-position", "5 2 7")
        expect(fresh.locator("#grundy")).to_have_text(
            str(endnim.analyze("5 2 7", reference).grundy)
        )
        expect(fresh.locator("#link-error")).to_be_hidden()
        fresh.close()
    finally:
        unregister_variant(reference)
        for name in endnim.variants.variant_names():  # the typed rule set, registered by the page
            if name.startswith("subtraction-124-toml-"):
                unregister_variant(name)
