"""Show Touches (issue 38): a translucent 44 pt circle with a short fading trail where the finger is,
drawn over the scene on a canvas of its own (Public/js/touches.js).

A watcher (a projector at 1440×900) shows the owner's finger from the frames it is sent (protocol
version 6's touches part) with the indicator on by default, and its hint says it is watching, not
to swipe. The owner's own page has it off by default and turns it on in the ☰ menu (Touches).
"""

from __future__ import annotations

import time

from browser.segue_browser import Page
from browser.test_browser_bench import Pointer
from browser.test_browser_share import PROJECTOR, open_share_panel, watcher_browser  # noqa: F401 (a fixture)

# The overlay's opacity at a point of the scene (pt), read from its backing store.
ALPHA_AT_JS = """
const [x, y] = arguments;
const canvas = document.getElementById('touches');
const ratio = canvas.width / Math.max(1, canvas.clientWidth);
const px = Math.min(canvas.width - 1, Math.max(0, Math.round(x * ratio)));
const py = Math.min(canvas.height - 1, Math.max(0, Math.round(y * ratio)));
return canvas.getContext('2d').getImageData(px, py, 1, 1).data[3];
"""
# The circle's radius is 22 pt: this far from its centre there is nothing (its trail lies behind it).
OUTSIDE = 34
# Watches the indicator at every animation frame until told to stop: the most samples a trail held,
# and every place a circle was.
WATCH_JS = """
window.__watched = {longestTrail: 0, places: [], watching: true};
const look = () => {
  const watched = window.__watched;
  for (const touch of window.segue.touches()) {
    watched.longestTrail = Math.max(watched.longestTrail, touch.trail);
    watched.places.push([touch.x, touch.y]);
  }
  if (watched.watching) requestAnimationFrame(look);
};
requestAnimationFrame(look);
"""
STOP_WATCHING_JS = "window.__watched.watching = false; return window.__watched"


def shown(page) -> list[dict]:
    return page.js("return window.segue.touches()")


def at(page, x: float, y: float):
    """The touches shown, when exactly one is, fully opaque, at (x, y)."""
    touches = shown(page)
    if len(touches) == 1 and abs(touches[0]["x"] - x) < 0.5 and abs(touches[0]["y"] - y) < 0.5 \
            and touches[0]["alpha"] == 1:
        return touches
    return False


def alpha(page, x: float, y: float) -> int:
    return page.js(ALPHA_AT_JS, x, y)


def drag_and_watch(finger_page: Page, seen_on: Page, start: tuple[float, float], end_x: float, steps: int = 6):
    """Holds a finger down on `finger_page` at `start`, drags it to `end_x` as fast as the DevTools
    protocol takes the moves, and returns the most samples a trail on `seen_on` held meanwhile; the
    finger is still down at the end."""
    x, y = start
    finger_page.touch("touchStart", x, y)
    seen_on.wait(lambda: at(seen_on, x, y), 5, "the finger never showed as a circle")
    seen_on.wait(lambda: alpha(seen_on, x, y) > 0, 2, "the circle was never drawn on the overlay")
    assert alpha(seen_on, x, y - OUTSIDE) == 0 and alpha(seen_on, x + OUTSIDE, y) == 0, "the circle is too large"
    seen_on.js(WATCH_JS)
    for step in range(1, steps + 1):
        finger_page.touch("touchMove", x + (end_x - x) * step / steps, y)
    seen_on.wait(lambda: at(seen_on, end_x, y), 5, "the circle did not follow the finger")
    return seen_on.js(STOP_WATCHING_JS)["longestTrail"]


def test_a_watcher_sees_the_owners_finger_and_is_told_it_is_watching(page, segue_server, watcher_browser):  # noqa: F811
    page.open()
    link = open_share_panel(page)
    watcher = Page(watcher_browser, segue_server)
    watcher.open(link[len(segue_server.url):], metrics=PROJECTOR)
    watcher.wait(lambda: watcher.js("return window.segue.watching"), 10, "the link never made the page a watcher")
    watcher.wait(lambda: watcher.js("return window.segue.device.screen.width") == 390, 5, "never the owner's size")
    watcher.read_screen()

    # On by default for a watcher (its ☰ Touches pressed), off for the owner.
    assert watcher.js("return window.segue.showsTouches()") is True
    assert watcher.js("return document.getElementById('control-touches').getAttribute('aria-pressed')") == "true"
    assert page.js("return window.segue.showsTouches()") is False
    assert page.js("return document.getElementById('touches').hidden") is True
    # The overlay lies over the scene and takes no input.
    assert watcher.js("const s = getComputedStyle(document.getElementById('touches'));"
                      "return [s.pointerEvents, s.display]") == ["none", "block"]
    assert watcher.js("const a = document.getElementById('touches').getBoundingClientRect(),"
                      " b = document.getElementById('stage').getBoundingClientRect();"
                      "return [a.left - b.left, a.top - b.top, a.width - b.width, a.height - b.height]"
                      ".every((d) => Math.abs(d) < 0.5)")
    # Its hint says it is watching; the scene's (slides: swipe from the right edge) is the owner's.
    hint = watcher.js("return document.getElementById('hint-text').textContent")
    assert hint.startswith("Watching") and "swipe" not in hint.lower(), hint
    assert watcher.js("return getComputedStyle(document.querySelector('#hint .key-slow')).display") == "none"
    assert "Swipe" in page.js("return document.getElementById('hint-text').textContent")

    Pointer(page, "touch").tap_dock("control-share")  # the panel closes
    longest_trail = drag_and_watch(page, watcher, (200, 500), 140)
    assert longest_trail >= 2, "the watcher never showed a trail behind the moving finger"
    page.touch("touchEnd")
    watcher.wait(lambda: shown(watcher) == [], 2, "the circle never faded after the finger lifted")
    assert alpha(watcher, 140, 500) == 0
    assert page.js("return window.segue.touches()") == [], "the owner's page drew its finger with the indicator off"


def test_the_owner_turns_show_touches_on_in_the_menu(page):
    page.open()
    finger = Pointer(page, "touch")
    assert page.js("return window.segue.showsTouches()") is False
    assert page.js("return document.getElementById('control-touches').getAttribute('aria-pressed')") == "false"
    finger.tap_dock("control-touches")
    assert page.js("return document.getElementById('control-touches').getAttribute('aria-pressed')") == "true"
    assert page.js("return window.segue.showsTouches()") is True

    longest_trail = drag_and_watch(page, page, (200, 500), 140)
    assert longest_trail >= 2, "no trail behind the moving finger"
    page.touch("touchEnd")
    page.wait(lambda: shown(page) == [], 2, "the circle never faded after the finger lifted")
    assert alpha(page, 140, 500) == 0

    # A tap shows too, for a moment.
    page.js(WATCH_JS)
    page.touch("touchStart", 100, 600)
    page.touch("touchEnd")
    page.wait(lambda: shown(page) == [], 2, "the tap's circle never faded")
    assert [100, 600] in page.js(STOP_WATCHING_JS)["places"], "the tap never showed"

    finger.tap_dock("control-touches")
    assert page.js("return window.segue.showsTouches()") is False
    assert page.js("return document.getElementById('touches').hidden") is True
    page.touch("touchStart", 200, 500)
    time.sleep(0.1)
    assert shown(page) == []
    page.touch("touchEnd")
