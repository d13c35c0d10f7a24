#!/usr/bin/env python3
"""Writes docs/screenshot.png: the viewer mid-transition with the telemetry overlay showing.

Builds nothing. Takes the server binary from SEGUE_BIN (default .build/debug/segue), starts it on a
free port on 127.0.0.1 with the repository's Public/, opens the page in headless Chromium at
390 × 844 CSS px, deviceScaleFactor 2 (a phone), and holds a right-edge touch swipe on `slides`
part-way, so the keyframed present is mid-flight: `first` shrunk and sliding out, `second` sliding
in, the overlay (hidden at first on a phone; shown with H) reading "present · interactive".

    SEGUE_BIN=$PWD/.build/debug/segue python3 scripts/screenshot.py [output.png] [--distance PX]
"""

from __future__ import annotations

import argparse
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "Tests" / "browser"))

from segue_browser import (  # noqa: E402  (after the path tweak)
    MOBILE, Page, Server, start_chromium,
)


FRAME_S = 1 / 60


def hold_swipe(page: Page, distance: float, duration: float = 0.9) -> None:
    """Touches down at the right edge and drags left by `distance` at display rate, easing out so
    the last frames barely move, and does not lift the finger.

    The overlay's text refreshes at most every 100 ms and only when a frame is drawn, so a swipe
    that stopped dead could leave it showing numbers from up to 100 ms before the held frame; the
    eased tail keeps frames coming at 60 fps while the finger is within a fraction of a pixel of
    where it stops."""
    width, height = MOBILE["width"], MOBILE["height"]
    x0, y = width - 1, height / 2
    page.touch("touchStart", x0, y)
    steps = round(duration / FRAME_S)
    start = time.monotonic()
    for step in range(1, steps + 1):
        t = step / steps
        eased = 1 - (1 - t) ** 4
        page.touch("touchMove", x0 - distance * eased, y)
        next_at = start + step * FRAME_S
        time.sleep(max(0.0, next_at - time.monotonic()))


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("output", nargs="?", default=str(ROOT / "docs" / "screenshot.png"))
    parser.add_argument("--distance", type=float, default=205.0,
                        help="how far the held swipe goes, CSS px (205 ≈ progress 0.44: with the "
                             "present's easeInEaseOut, both controllers are on screen, half way "
                             "through the slide)")
    args = parser.parse_args()

    with tempfile.TemporaryDirectory(prefix="segue-screenshot-") as workdir:
        server = Server(workdir=Path(workdir)).start()
        driver = None
        try:
            driver = start_chromium()
            page = Page(driver, server)
            page.open("?scene=slides", metrics=MOBILE)
            page.driver.find_element("tag name", "body").send_keys("h")
            page.wait(lambda: page.js("return !document.getElementById('telemetry').hidden"), 2, "H did not show stats")
            # Some frames and a pong first, so every number in the overlay is filled in.
            page.wait(lambda: page.stats()["rttMs"] is not None, 5, "no pong")
            hold_swipe(page, args.distance)
            page.wait(lambda: page.stats()["phase"] == "interactive", 5, "no interactive present")
            time.sleep(0.2)  # a few display frames, so the canvas and overlay are composited
            stats = page.stats()
            assert stats["operation"] == "present" and stats["phase"] == "interactive", stats
            names = set(page.node_names())
            assert {"first", "second"} <= names, names
            Path(args.output).parent.mkdir(parents=True, exist_ok=True)
            if not driver.save_screenshot(args.output):
                raise SystemExit(f"could not write {args.output}")
            page.touch("touchEnd")
            print(f"wrote {args.output} (progress {stats['progress']:.3f}, "
                  f"{stats['bytesPerFrame']} B/frame, rtt {stats['rttMs']:.1f} ms)")
        finally:
            if driver is not None:
                driver.quit()
            server.kill()
    return 0


if __name__ == "__main__":
    sys.exit(main())
