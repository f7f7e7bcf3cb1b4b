"""Benchmark: how fast the workbench page draws a large table, in Debian's Chromium.

The page draws tables of more than 2,500 cells on one ``<canvas>``; the baseline, measured in
the same run, is the page's SVG drawing (one ``<rect>`` per cell), which is what it used for
every table before. Each measurement is the time from the call that draws the table (its
values already loaded) to the second animation frame after it, i.e. including the browser's
style, layout and paint; best of ``--repeat`` runs.

Run from the repository root::

    .venv/bin/python benchmarks/page_bench.py            # 300×300 and 150×150, best of 3
    .venv/bin/python benchmarks/page_bench.py --docs     # also rewrite the figures in
                                                         # docs/workbench.md

It prints a Markdown table and writes ``benchmarks/page_results.json``;
``tests/web/test_page_api.py`` checks that docs/workbench.md quotes these figures.
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import re
import sys
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
RESULTS = Path(__file__).with_name("page_results.json")
DOCS = ROOT / "docs" / "workbench.md"
CHROMIUM = "/usr/bin/chromium"
SIDES = (300, 150)

DRAW = """async (svg) => {
  window.endnimForceSvg = svg;
  const t0 = performance.now();
  renderTable();
  document.getElementById('table').getBoundingClientRect();
  await new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)));
  const ms = performance.now() - t0;
  window.endnimForceSvg = false;
  return ms;
}"""


def measure(sides: tuple[int, ...], repeat: int) -> dict[str, Any]:
    from playwright.sync_api import sync_playwright

    from endnim.web.server import BackgroundServer

    results: dict[str, Any] = {}
    with BackgroundServer() as server, sync_playwright() as playwright:
        browser = playwright.chromium.launch(
            executable_path=CHROMIUM, headless=True, args=["--no-sandbox", "--disable-gpu"]
        )
        page = browser.new_page(viewport={"width": 1280, "height": 900})
        page.goto(f"{server.url}#variant=endnim&position=3+1+4")
        page.wait_for_selector("body[data-ready=true]")
        for side in sides:
            page.fill("#table-rows", str(side))
            page.fill("#table-cols", str(side))
            started = time.perf_counter()
            page.click("#draw-table")
            page.wait_for_selector("#table-canvas")
            request = time.perf_counter() - started
            canvas = min(page.evaluate(DRAW, False) for _ in range(repeat))
            svg = min(page.evaluate(DRAW, True) for _ in range(repeat))
            print(f"{side}×{side}: canvas {canvas:.0f} ms, SVG {svg:.0f} ms", file=sys.stderr)
            results[f"{side}x{side}"] = {
                "cells": (side + 1) ** 2,
                "canvas_ms": round(canvas, 1),
                "svg_cells_ms": round(svg, 1),
                "ratio": round(svg / canvas, 1),
                "click_to_canvas_ms": round(1000 * request, 1),
            }
        browser.close()
    return results


def docs_sentence(results: dict[str, Any]) -> str:
    """The sentence docs/workbench.md carries (and the tests check)."""
    big = results["300x300"]
    return (
        f"A 300×300 table ({big['cells']:,} cells) draws in {big['canvas_ms']:.0f} ms on the "
        f"canvas against {big['svg_cells_ms']:.0f} ms as one SVG rectangle per cell "
        f"({big['ratio']:.0f}× faster), and {big['click_to_canvas_ms']:.0f} ms from the click to "
        "the picture, server included"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--docs", action="store_true", help="rewrite the figures in the docs")
    args = parser.parse_args()
    figures = measure(SIDES, args.repeat)
    load = os.getloadavg()[0] if hasattr(os, "getloadavg") else None
    data = {
        "machine": {
            "cpu": platform.processor() or platform.machine(),
            "cores": os.cpu_count(),
            "python": platform.python_version(),
            "date": time.strftime("%Y-%m-%d %H:%M UTC", time.gmtime()),
            "load_average": load,
        },
        "tables": figures,
        "docs_sentence": docs_sentence(figures),
    }
    RESULTS.write_text(json.dumps(data, indent=2, ensure_ascii=False) + "\n")
    print(
        "| table | cells | canvas (ms) | SVG cells (ms, baseline) | ratio | click to picture (ms) |"
    )
    print("|---|---:|---:|---:|---:|---:|")
    for name, row in figures.items():
        print(
            f"| {name} | {row['cells']:,} | {row['canvas_ms']} | {row['svg_cells_ms']} | "
            f"{row['ratio']}× | {row['click_to_canvas_ms']} |"
        )
    if args.docs:
        text = DOCS.read_text()
        marked = re.compile(r"(<!-- page-bench -->).*?(<!-- /page-bench -->)", re.S)
        if not marked.search(text):
            sys.exit("docs/workbench.md has no <!-- page-bench --> marks")
        DOCS.write_text(marked.sub(lambda m: m[1] + data["docs_sentence"] + m[2], text))


if __name__ == "__main__":
    main()
