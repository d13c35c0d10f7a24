#!/usr/bin/env python3
"""Writes docs/bench-phone.png and docs/bench-desktop.png: the bench's controls dock, scrub bar,
timing panel and telemetry overlay, with the stack scene's present held mid-flight by the
scrub bar.

Builds nothing. Takes the server binary from SEGUE_BIN (default .build/debug/segue), starts it on
127.0.0.1 with the repository's Public/, and opens the page in headless Chromium twice: 390 × 844
CSS px at DPR 3 with touch (the dock opened with a tap), and 1440 × 900 at DPR 1 with a mouse.

    SEGUE_BIN=$PWD/.build/debug/segue python3 scripts/screenshot_bench.py
"""

from __future__ import annotations

import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "Tests" / "browser"))

from segue_browser import Page, Server, start_chromium  # noqa: E402  (after the path tweak)

PHONE = {"width": 390, "height": 844, "deviceScaleFactor": 3, "mobile": True}
DESKTOP = {"width": 1440, "height": 900, "deviceScaleFactor": 1, "mobile": False}
RECT_JS = ("const r = document.getElementById(arguments[0]).getBoundingClientRect();"
           "return [r.left + r.width / 2, r.top + r.height / 2];")
CENTER_JS = """
const n = window.segue.lastFrame.nodes.find((n) => n.name === arguments[0]);
return [n.a * n.width / 2 + n.c * n.height / 2 + n.tx, n.b * n.width / 2 + n.d * n.height / 2 + n.ty];
"""


def tap(page: Page, touch: bool, x: float, y: float) -> None:
    if touch:
        page.touch("touchStart", x, y)
        time.sleep(0.05)
        page.touch("touchEnd")
    else:
        page.mouse("mousePressed", x, y)
        time.sleep(0.05)
        page.mouse("mouseReleased", x, y)


def shoot(page: Page, metrics: dict, output: Path) -> None:
    touch = metrics["mobile"]
    page.open("?scene=stack", metrics=metrics)
    page.wait(lambda: page.stats()["rttMs"] is not None, 5, "no pong")
    def dock(button: str) -> None:
        if page.js("return document.getElementById('controls').classList.contains('collapsed')"):
            tap(page, touch, *page.js(RECT_JS, "controls-toggle"))
        tap(page, touch, *page.js(RECT_JS, button))

    if page.js("return document.getElementById('telemetry').hidden"):
        dock("control-stats")  # hidden at first on a phone
    dock("control-slow")
    dock("control-scrub")
    tap(page, touch, *page.to_window(*page.js(CENTER_JS, "stackfirst-present")))
    page.wait(lambda: page.stats()["operation"] == "present", 5, "no present")
    dock("control-timing")
    page.wait(lambda: page.js("return document.querySelectorAll('#tuning .spring').length") >= 2, 5,
              "the timing panel did not list the present's two springs")
    time.sleep(0.2)
    tap(page, touch, *page.js(RECT_JS, "scrub-pause"))
    page.wait(lambda: page.stats()["phase"] == "interactive", 5, "the present was not held")
    page.js("const s = document.getElementById('scrub-progress'); s.value = '0.4';"
            "s.dispatchEvent(new Event('input'));")
    page.wait(lambda: abs(page.stats()["progress"] - 0.4) < 0.01, 5, "the seek did not arrive")
    time.sleep(0.6)  # the overlay's idle columns and text catch up
    output.parent.mkdir(parents=True, exist_ok=True)
    if not page.driver.save_screenshot(str(output)):
        raise SystemExit(f"could not write {output}")
    print(f"wrote {output}")


def main() -> int:
    with tempfile.TemporaryDirectory(prefix="segue-screenshot-") as workdir:
        server = Server(workdir=Path(workdir)).start()
        driver = None
        try:
            driver = start_chromium()
            page = Page(driver, server)
            shoot(page, PHONE, ROOT / "docs" / "bench-phone.png")
            shoot(page, DESKTOP, ROOT / "docs" / "bench-desktop.png")
        finally:
            if driver is not None:
                driver.quit()
            server.kill()
    return 0


if __name__ == "__main__":
    sys.exit(main())
