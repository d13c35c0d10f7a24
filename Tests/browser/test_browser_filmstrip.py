"""The page downloads the last transition as an SVG filmstrip (issue 13, item 5): frames side by
side, the progress over time below, coloured by phase, from the frames the page received."""

from __future__ import annotations

import re
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
