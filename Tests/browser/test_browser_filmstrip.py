"""The page downloads the last transition as an SVG filmstrip (issue 13, item 5): frames side by
side, the progress over time below, coloured by phase, from the frames the page received."""

from __future__ import annotations

import re
from pathlib import Path
import time


def settled(page) -> bool:
    return page.stats()["operation"] is None


def test_the_last_transition_downloads_as_a_filmstrip(page, tmp_path):
    page.open()
    button = "return document.getElementById('control-filmstrip')"
    assert page.js(button + ".disabled") is True, "nothing to download before a transition"
    assert page.js("return window.segue.filmstrip()") is None

    page.swipe_from_right(200, device="touch", steps=12)
    page.wait(lambda: settled(page) and "first" not in page.node_names(), 10, "the swipe did not present")
    page.wait(lambda: page.js(button + ".disabled") is False, 5, "the Filmstrip button stayed disabled")

    svg = page.js("return window.segue.filmstrip()")
    assert svg.startswith("<svg") and svg.rstrip().endswith("</svg>")
    assert "slides: present" in svg
    # Six frames, from the one before the present to the one after it.
    times = re.findall(r"t = ([0-9.]+) s", svg)
    assert len(times) == 6 and float(times[0]) == 0 and times == sorted(times, key=float), times
    assert 'data-name="first"' in svg and 'data-name="second"' in svg
    # The progress plot: the finger's part, then the finish.
    assert "phase-interactive" in svg and "phase-finishing" in svg

    page.driver.execute_cdp_cmd("Browser.setDownloadBehavior",
                                {"behavior": "allow", "downloadPath": str(tmp_path)})
    page.js(button + ".click()")
    target = tmp_path / "segue-slides-present.svg"
    deadline = time.monotonic() + 10
    while not target.exists() and time.monotonic() < deadline:
        time.sleep(0.1)
    assert target.exists(), f"no download in {sorted(p.name for p in tmp_path.iterdir())}"
    assert target.read_text() == svg



GLYPHS_JS = Path(__file__).resolve().parents[2] / "Public" / "js" / "glyphs.js"


def glyph_table(table: str) -> dict[str, str]:
    """One of glyphs.js's tables (GLYPH_PATHS, GLYPH_SECONDARY_PATHS): path data by name."""
    body = re.search(table + r" = Object.freeze\(\{(.*?)\}\);", GLYPHS_JS.read_text(), re.S).group(1)
    return dict(re.findall(r"'([a-z.0-9]+)': '([^']+)'", body))


def test_the_filmstrip_draws_the_pages_glyphs_weights_and_font(page):
    page.open("?scene=fade")
    page.wait(lambda: "list-open-detail" in page.node_names(), 10, "the list never showed")
    found = page.js("const n = window.segue.lastFrame.nodes.find((node) => node.name === 'list-open-detail');"
                    "return [n.tx + n.width / 2, n.ty + n.height / 2];")
    page.touch("touchStart", *page.to_window(*found))
    time.sleep(0.05)
    page.touch("touchEnd")
    page.wait(lambda: page.js("return document.getElementById('control-filmstrip').disabled") is False,
              10, "the push never ended")
    svg = page.js("return window.segue.filmstrip()")

    assert 'font-family="Inter, -apple-system, \'SF Pro Text\', Helvetica, Arial, sans-serif"' in svg
    assert "system-ui" not in svg
    # The back button's chevron (after the push) and the status bar's signal and battery, from the
    # path data the page's canvas fills; the battery's outline at the secondary opacity.
    primary, secondary = glyph_table("GLYPH_PATHS"), glyph_table("GLYPH_SECONDARY_PATHS")
    layers = set(re.findall(r'<path d="([^"]+)" fill-rule="evenodd"[^>]*?(?: fill-opacity="([0-9.]+)")?/>', svg))
    for name in ("chevron.left", "cellularbars", "battery.100"):
        assert (primary[name], "") in layers, name
    assert (secondary["battery.100"], "0.35") in layers
    # The bar's title is semibold, as the page draws it.
    titles = re.findall(r'<g [^>]*data-name="navigation-title">(<text [^>]*>Detail</text>)', svg)
    assert titles and all('font-size="17" font-weight="600"' in title for title in titles), titles
