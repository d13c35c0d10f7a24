"""Telemetry that tells the truth (issue 38, item 6): while a finger holds an interactive transition
still no frame comes, and the overlay's per-frame figures say "holding", not "idle"; large text for a
projector (?large=1, ☰ › Large text) puts every text of the overlay at 18 px or more, inside the
window, at a phone's size and a desktop's; the release reading's row is formatted as the overlay
shows it (Public/js/telemetry.js formatRelease)."""

from __future__ import annotations

import time

import pytest
from selenium.webdriver.common.action_chains import ActionChains

from browser.test_browser_bench import Pointer
from browser.test_browser_phone import chrome_rects

# The phone (touch), the same phone on its side, and desktop window (mouse).
PHONE = {"width": 390, "height": 844, "deviceScaleFactor": 3, "mobile": True}
PHONE_LANDSCAPE = {"width": 844, "height": 390, "deviceScaleFactor": 3, "mobile": True}
WIDE = {"width": 1440, "height": 900, "deviceScaleFactor": 1, "mobile": False}
LARGE_TEXT_PX = 18
PER_FRAME_FIELDS = ("fps", "frame", "build", "bytes")  # the overlay's client, work, build and size

# Every element of the overlay with text of its own: its computed font size, its box (window CSS
# px) and, for a value, whether it is cut short (an ellipsis: its text wider than its box).
TEXTS_JS = """
return [...document.querySelectorAll('#telemetry *')]
  .filter((e) => e.checkVisibility() && [...e.childNodes].some((n) => n.nodeType === 3 && n.textContent.trim()))
  .map((e) => {
    const r = e.getBoundingClientRect();
    return {text: e.textContent, fontSize: parseFloat(getComputedStyle(e).fontSize), left: r.left,
            top: r.top, right: r.right, bottom: r.bottom, cut: e.tagName === 'DD' && e.scrollWidth > e.clientWidth};
  });
"""
RECT_JS = "const r = document.getElementById(arguments[0]).getBoundingClientRect();" \
          "return {left: r.left, top: r.top, right: r.right, bottom: r.bottom};"
FONT_SIZES_JS = """
const size = (selector) => parseFloat(getComputedStyle(document.querySelector(selector)).fontSize);
return {value: size('#stat-fps'), label: size('#telemetry dt'), legend: size('#telemetry .graph-legend span'),
        hint: size('#hint'), notice: size('#notice')};
"""


def text(page, stat: str) -> str:
    return page.js("return document.getElementById(arguments[0]).textContent", f"stat-{stat}")


def per_frame_texts(page) -> list[str]:
    return [text(page, stat) for stat in PER_FRAME_FIELDS]


def intersects(a: dict, b: dict) -> bool:
    return a["left"] < b["right"] and b["left"] < a["right"] and a["top"] < b["bottom"] and b["top"] < a["bottom"]


def show_overlay(page) -> None:
    """The overlay starts hidden on a phone: H shows it."""
    if page.js("return document.getElementById('telemetry').hidden"):
        ActionChains(page.driver).send_keys("h").perform()
    page.wait(lambda: page.js("return !document.getElementById('telemetry').hidden"), 2, "H did not show the overlay")


def hold_a_swipe(page, metrics: dict, distance: float = 150) -> None:
    """A right-edge swipe in slides, held still with the finger (or the mouse button) down."""
    page.swipe_from_right(distance, device="touch" if metrics["mobile"] else "mouse", steps=10, release=False)
    page.wait(lambda: page.stats()["phase"] == "interactive", 2, "the held swipe is not interactive")


def release(page, metrics: dict, distance: float = 150) -> None:
    if metrics["mobile"]:
        page.touch("touchEnd")
    else:
        width, height = page.screen_size
        page.mouse("mouseReleased", *page.to_window(width - 1 - distance, height / 2))


def test_the_overlay_says_holding_while_a_swipe_is_held_still_and_idle_once_settled(page):
    page.open("?scene=slides", metrics=WIDE)
    hold_a_swipe(page, WIDE, distance=200)
    # Still: no frame comes, so after IDLE_GAP_MS (100 ms) the per-frame figures stop.
    time.sleep(0.3)
    page.wait(lambda: per_frame_texts(page) == ["holding"] * 4, 1,
              lambda: f"the held swipe's per-frame figures read {per_frame_texts(page)}, not holding")
    stats = page.stats()
    assert stats["phase"] == "interactive" and stats["isInteractive"] is True, stats
    assert stats["holding"] is True and stats["idle"] is False, stats
    assert text(page, "transition") == "present · interactive"
    assert text(page, "progress") != "–"

    release(page, WIDE, distance=200)
    page.wait(lambda: page.stats()["operation"] is None, 10, "the released swipe never settled")
    page.wait(lambda: per_frame_texts(page) == ["idle"] * 4, 2,
              lambda: f"the settled scene's per-frame figures read {per_frame_texts(page)}, not idle")
    stats = page.stats()
    assert stats["idle"] is True and stats["holding"] is False, stats
    assert text(page, "transition") == "none"


@pytest.mark.parametrize("metrics", [PHONE, PHONE_LANDSCAPE, WIDE], ids=["390x844", "844x390", "1440x900"])
def test_large_text_from_the_address_puts_every_overlay_text_at_18_px_inside_the_window(page, metrics):
    page.open("?scene=slides&large=1", metrics=metrics)
    show_overlay(page)
    assert page.js("return location.search") == "?scene=slides&large=1"
    assert page.js("return document.getElementById('control-large-text').getAttribute('aria-pressed')") == "true"
    # Mid-swipe, so the longest value ("present · interactive") shows, and every figure has a value.
    hold_a_swipe(page, metrics)
    page.wait(lambda: text(page, "rtt") != "–" and text(page, "transition") == "present · interactive", 5,
              "the overlay never showed the round trip and the held transition")
    texts = page.js(TEXTS_JS)
    width, height = metrics["width"], metrics["height"]
    assert len(texts) >= 2 * 10, texts  # the labels and values, and the legends' entries
    small = [(t["text"], t["fontSize"]) for t in texts if t["fontSize"] < LARGE_TEXT_PX]
    assert small == [], f"texts under {LARGE_TEXT_PX} px: {small}"
    outside = [t for t in texts if t["left"] < 0 or t["top"] < 0 or t["right"] > width or t["bottom"] > height]
    assert outside == [], f"texts outside the {width}×{height} window: {outside}"
    cut = [t["text"] for t in texts if t["cut"]]
    assert cut == [], f"texts cut short: {cut}"

    overlay = page.js(RECT_JS, "telemetry")
    assert 0 <= overlay["left"] and overlay["right"] <= width and 0 <= overlay["top"] and overlay["bottom"] <= height, overlay
    assert not intersects(overlay, page.js(RECT_JS, "controls-toggle")), "the overlay covers the ☰ button"
    if metrics["mobile"]:
        # The right edge's first 24 px stay free for the swipe, and the status bar uncovered.
        assert overlay["right"] <= width - 24, overlay
        covered = [r["name"] for r in chrome_rects(page) if intersects(overlay, r)]
        assert covered == [], f"the overlay covers the phone's chrome: {covered}"
    else:
        screen = page.js(RECT_JS, "stage")
        assert not intersects(overlay, screen), ("the overlay covers the device's screen", overlay, screen)
    sizes = page.js(FONT_SIZES_JS)
    assert sizes["hint"] >= LARGE_TEXT_PX and sizes["notice"] >= LARGE_TEXT_PX, sizes
    release(page, metrics)
    page.wait(lambda: page.stats()["operation"] is None, 10, "the released swipe never settled")


@pytest.mark.parametrize("device, metrics", [("touch", PHONE), ("mouse", WIDE)], ids=["390x844", "1440x900"])
def test_the_menu_turns_large_text_on_and_off(page, device, metrics):
    page.open("?scene=slides", metrics=metrics)
    show_overlay(page)
    pointer = Pointer(page, device)
    pressed = "return document.getElementById('control-large-text').getAttribute('aria-pressed')"
    normal = page.js(FONT_SIZES_JS)
    assert page.js(pressed) == "false"
    assert normal["value"] < LARGE_TEXT_PX and normal["label"] < LARGE_TEXT_PX and normal["legend"] < LARGE_TEXT_PX, normal

    pointer.tap_dock("control-large-text")
    page.wait(lambda: page.js(pressed) == "true", 2, "the Large text button did not show it is on")
    large = page.js(FONT_SIZES_JS)
    assert all(size >= LARGE_TEXT_PX for size in large.values()), large
    assert page.js("return new URLSearchParams(location.search).get('large')") == "1"
    # The graphs take the wider panel.
    graph = page.js(RECT_JS, "telemetry-frame-graph")
    assert graph["right"] - graph["left"] >= 300, graph

    pointer.tap_dock("control-large-text")
    page.wait(lambda: page.js(pressed) == "false", 2, "the Large text button did not show it is off")
    assert page.js(FONT_SIZES_JS) == normal
    assert page.js("return new URLSearchParams(location.search).has('large')") is False
    graph = page.js(RECT_JS, "telemetry-frame-graph")
    assert abs(graph["right"] - graph["left"] - 190 * (0.85 if metrics["mobile"] else 1)) < 1, graph


def test_a_bad_large_value_is_reported_and_removed_and_0_is_normal_text(page):
    page.open("?scene=slides&large=yes", metrics=WIDE)
    notice = page.wait(lambda: page.js("const n = document.getElementById('notice');"
                                       "return !n.hidden && n.textContent"), 5, "?large=yes was never reported")
    assert notice == "?large=yes: use 1 (large text) or 0.", notice
    assert page.js("return location.search") == "?scene=slides"
    assert page.js("return document.body.classList.contains('large-text')") is False

    page.open("?scene=slides&large=0", metrics=WIDE)
    assert page.js("return location.search") == "?scene=slides&large=0"
    assert page.js("return document.getElementById('notice').hidden") is True
    assert page.js(FONT_SIZES_JS)["value"] < LARGE_TEXT_PX


def test_the_release_reading_reads_decision_progress_threshold_and_velocity(page):
    page.open("?scene=slides", metrics=WIDE)
    readings = [
        {"decision": "finish", "progress": 0.42, "velocity": 1240.4, "projectedProgress": 0.813, "threshold": 0.5},
        {"decision": "cancel", "progress": 0.1234, "velocity": -320.6, "projectedProgress": None, "threshold": None},
        {"decision": "finish", "progress": 0.3, "velocity": 0, "projectedProgress": 1.2, "threshold": 0.35},
        {"decision": "cancel", "progress": 0.05, "velocity": None, "projectedProgress": None, "threshold": 0.5},
    ]
    formatted = page.driver.execute_async_script(
        "const [readings, done] = arguments;"
        "import('/js/telemetry.js').then((m) => done(readings.map(m.formatRelease)));", readings)
    # Each part keeps together (no-break spaces inside it); a long row wraps at the " · ".
    assert [row.replace("\u00a0", " ") for row in formatted] == [
        "finish · 0.42 → 0.81 vs 0.5 · 1240 pt/s",
        "cancel · 0.12 vs scene's own · -321 pt/s",
        "finish · 0.30 → 1.20 vs 0.35 · 0 pt/s",
        "cancel · 0.05 vs 0.5",  # lifted without moving: no velocity
    ]
    assert [row.count(" ") for row in formatted] == [4, 4, 4, 2], formatted
