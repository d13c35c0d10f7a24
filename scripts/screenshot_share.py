#!/usr/bin/env python3
"""Writes docs/share-phone.png and docs/share-watcher.png: sharing a session (issue 12).

The owner is a phone (390 × 844 CSS px, deviceScaleFactor 3, touch) with the Share panel open: the
link, Copy, "1 watching", and the button that gives control away. The watcher is a 1440 × 900
desktop that opened the link: the owner's 390 × 844 screen inside the device outline, scaled to fit,
with the owner's swipe held part-way and the touch indicator where the owner's finger is.

Builds nothing; the server binary comes from SEGUE_BIN (default .build/debug/segue).

    SEGUE_BIN=$PWD/.build/debug/segue python3 scripts/screenshot_share.py [phone.png watcher.png]
"""

from __future__ import annotations

import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "Tests" / "browser"))
sys.path.insert(0, str(ROOT / "Tests"))

from segue_browser import Page, Server, start_chromium  # noqa: E402  (after the path tweak)
from browser.test_browser_bench import Pointer  # noqa: E402

PHONE = {"width": 390, "height": 844, "deviceScaleFactor": 3, "mobile": True}
PROJECTOR = {"width": 1440, "height": 900, "deviceScaleFactor": 1, "mobile": False}


def main() -> int:
    phone_path = Path(sys.argv[1]) if len(sys.argv) > 1 else ROOT / "docs" / "share-phone.png"
    watcher_path = Path(sys.argv[2]) if len(sys.argv) > 2 else ROOT / "docs" / "share-watcher.png"
    with tempfile.TemporaryDirectory(prefix="segue-screenshot-") as workdir:
        server = Server(workdir=Path(workdir)).start()
        drivers = []
        try:
            drivers = [start_chromium(), start_chromium()]
            owner, watcher = Page(drivers[0], server), Page(drivers[1], server)
            owner.open("?scene=slides", metrics=PHONE)
            Pointer(owner, "touch").tap_dock("control-share")
            link = owner.wait(lambda: owner.js("return document.getElementById('share-link').textContent") or False,
                              5, "no share link")
            watcher.open(link[len(server.url):], metrics=PROJECTOR)
            watcher.wait(lambda: watcher.js("return window.segue.device.screen.width") == 390, 10, "not watching")
            watcher.read_screen()
            owner.wait(lambda: owner.js("return window.segue.share.watcherCount") == 1, 5, "no watcher counted")
            time.sleep(0.3)
            if not drivers[0].save_screenshot(str(phone_path)):
                raise SystemExit(f"could not write {phone_path}")
            # Close the panel and hold a swipe part-way, for the watcher's picture.
            Pointer(owner, "touch").tap_dock("control-share")
            owner.swipe_from_right(180, device="touch", steps=12, release=False)
            watcher.wait(lambda: watcher.stats()["phase"] == "interactive", 5, "the watcher never saw the swipe")
            time.sleep(0.3)
            if not drivers[1].save_screenshot(str(watcher_path)):
                raise SystemExit(f"could not write {watcher_path}")
            owner.touch("touchEnd")
            print(f"wrote {phone_path} and {watcher_path} ({link})")
        finally:
            for driver in drivers:
                driver.quit()
            server.kill()
    return 0


if __name__ == "__main__":
    sys.exit(main())
