"""The device chrome a new user compared with iOS (issue 38, item 4): the status bar's Wi-Fi glyph,
the iPad's time and date on the left, the iPhone 15's Dynamic Island and the SE's home button in
the desktop outline, the edge glow kept inside the screen's rounded corner, the outline clear of
the page's controls (the dock, the scrub bar, the stats overlay), and a large sheet's rubber band
stopping short of the status bar's text."""

from __future__ import annotations

import time

from .segue_browser import close

PHONE = {"width": 390, "height": 844, "deviceScaleFactor": 3, "mobile": True}
WIDE = {"width": 1440, "height": 900, "deviceScaleFactor": 1, "mobile": False}

NODE_JS = """
const n = window.segue.lastFrame.nodes.find((node) => node.name === arguments[0]);
return n ? {text: n.text, glyph: n.glyph, x: n.tx, y: n.ty, width: n.width, height: n.height} : null;
"""
RECT_JS = """
const e = document.getElementById(arguments[0]);
const r = e.getBoundingClientRect();
return e.hidden || r.width === 0 ? null : {left: r.left, top: r.top, right: r.right, bottom: r.bottom};
"""
# The outline's border box: the screen plus its bezel, in window px.
OUTLINE_JS = "const r = document.getElementById('device').getBoundingClientRect();" \
             "return {left: r.left, top: r.top, right: r.right, bottom: r.bottom};"
RING = (0x48, 0x48, 0x4A)
BLACK = (0, 0, 0)


def node(page, name):
    return page.js(NODE_JS, name)


def pixel(page, x, y):
    """The window's pixel at CSS px (x, y), as Chromium composited it (CSS overlays included)."""
    width, _, rgb = page.window_pixels()
    ratio = page.metrics["deviceScaleFactor"]
    at = (int(y * ratio) * width + int(x * ratio)) * 3
    return tuple(rgb[at:at + 3])


def intersects(a, b):
    return a["left"] < b["right"] and b["left"] < a["right"] and a["top"] < b["bottom"] and b["top"] < a["bottom"]


def test_the_status_bar_shows_wifi_and_an_ipad_its_date(page):
    page.open("?scene=fade", PHONE)
    signal, wifi, battery = (node(page, f"status-bar-{part}") for part in ("signal", "wifi", "battery"))
    assert wifi and wifi["glyph"] == "wifi", wifi
    assert signal["x"] + signal["width"] < wifi["x"] < wifi["x"] + wifi["width"] < battery["x"], (signal, wifi, battery)
    # Its ink is drawn: dark pixels on the light bar across the fan's middle.
    middle = wifi["y"] + wifi["height"] / 2
    row = page.sample([(wifi["x"] + wifi["width"] * i / 10, middle - 3) for i in range(1, 10)])
    assert sum(1 for c in row if sum(c) < 200) >= 3, row
    page.open("?scene=fade&device=ipad", WIDE)
    time_label = node(page, "status-bar-time")
    assert time_label["text"] == "9:41 Tue Jan 9" and time_label["x"] == 20, time_label
    assert node(page, "status-bar-signal") is None and node(page, "status-bar-wifi") is not None


def test_the_outlines_have_the_island_and_the_home_button(page):
    page.open("?scene=stack", WIDE)
    # The island's middle, 11 + 18.5 pt below the screen's top, centred: black over the green scene.
    x, y = page.to_window(393 / 2, 11 + 18.5)
    assert close(pixel(page, x, y), BLACK, 3), pixel(page, x, y)
    assert not close(pixel(page, *page.to_window(393 / 2, 70)), BLACK, 30)
    page.open("?scene=stack&device=iphone-se", WIDE)
    outline = page.js(OUTLINE_JS)
    screen = page.screen_rect
    chin = (screen["top"] + screen["height"], outline["bottom"])
    centre = (screen["left"] + screen["width"] / 2, (chin[0] + chin[1]) / 2)
    # The home button: a grey ring of 44 px (scaled) centred in the chin, bezel inside it.
    scale = screen["width"] / 375
    ring = pixel(page, centre[0], centre[1] - 21 * scale)
    assert close(ring, RING, 12), ring
    assert not close(pixel(page, *centre), RING, 12)
    assert chin[1] - chin[0] > 50 * scale, "the SE has a chin below its screen"


def test_the_edge_glow_keeps_inside_the_rounded_corner(page):
    page.open("?scene=stack", WIDE)
    r = page.screen_rect
    scale = r["width"] / 393
    page.mouse("mouseMoved", r["left"] + 4 * scale, r["top"] + 300 * scale)
    page.wait(lambda: page.js("return document.getElementById('edge-glow').dataset.edge") == "left", 3,
              "no glow at the left edge")
    time.sleep(0.1)

    def at(x, y):
        return pixel(page, r["left"] + x * scale, r["top"] + y * scale)
    assert at(2, 300)[2] > at(40, 300)[2] + 20, (at(2, 300), at(40, 300))  # the glow shows at the edge
    # Outside the screen's 55-pt corner, where a 24-pt-wide glow box would still reach: no blue.
    corner = at(8, 14)
    assert corner[2] < 60, corner


def test_the_outline_keeps_clear_of_the_dock_the_scrub_bar_and_the_stats(page):
    page.open("?scene=stack&device=ipad", WIDE)
    outline = page.js(OUTLINE_JS)
    for element in ("controls", "toolbar", "telemetry"):
        rect = page.js(RECT_JS, element)
        assert rect is None or not intersects(outline, rect), (element, rect, outline)
    page.open("?scene=stack&device=ipad&orientation=landscape", WIDE)
    outline = page.js(OUTLINE_JS)
    stats = page.js(RECT_JS, "telemetry")
    assert stats and not intersects(outline, stats), (stats, outline)
    page.open("?scene=stack", WIDE)
    page.js("document.getElementById('control-scrub').click()")
    page.wait(lambda: page.js(RECT_JS, "scrub-bar") is not None, 3, "the scrub bar did not show")
    page.wait(lambda: not intersects(page.js(OUTLINE_JS), page.js(RECT_JS, "scrub-bar")), 3,
              lambda: f"the scrub bar {page.js(RECT_JS, 'scrub-bar')} covers the outline {page.js(OUTLINE_JS)}")


def test_a_large_sheet_stretches_short_of_the_status_bar(page):
    page.open("?scene=sheet", PHONE)
    compose = node(page, "notes-compose")
    page.touch("touchStart", compose["x"] + compose["width"] / 2, compose["y"] + compose["height"] / 2)
    page.touch("touchEnd")
    page.wait(lambda: (node(page, "compose") or {}).get("y", 1e9) < 500
              and page.js("return window.segue.lastFrame.header.operation") is None, 5, "no sheet")
    # Up to large, then 300 pt further with the finger held.
    page.touch("touchStart", 195, 600)
    for step in range(1, 31):
        page.touch("touchMove", 195, 600 - 20 * step)
        time.sleep(0.016)
    time.sleep(0.2)
    top = node(page, "compose")["y"]
    status = node(page, "status-bar-time")
    page.touch("touchEnd")
    assert top >= status["y"] + status["height"], f"the sheet's top {top} covers the time {status}"
    assert top < 57, f"the sheet does stretch past large (57): {top}"
