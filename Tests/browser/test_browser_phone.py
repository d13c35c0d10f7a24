"""On a phone the scene is the whole screen and carries the server's iPhone chrome: the page's own
controls (the ☰ pill, its menu with the scene picker, the stats overlay, the hint pill) must leave
the status bar's time, signal and battery, the navigation bar's back button and title, the tab bar's
items and the home indicator uncovered — at rest, after a push (a back button shows), in the
settings scene, with the menu or the stats overlay open, and on a home-button phone whose time is
centred. The stats overlay starts hidden on a phone and shown on a desktop; the scene picker, now in
the ☰ menu, still switches scenes."""

from __future__ import annotations

import time

from selenium.webdriver.common.action_chains import ActionChains
from selenium.webdriver.support.ui import Select

# The phone (touch) and desktop window (mouse).
PHONE = {"width": 390, "height": 844, "deviceScaleFactor": 3, "mobile": True}
WIDE = {"width": 1440, "height": 900, "deviceScaleFactor": 1, "mobile": False}

# Scene-space bounding boxes of the chrome's parts a person reads or taps (docs/scenes.md): the
# status bar's time, signal bars and battery; the navigation bar's title and back button; each tab
# bar item; the home indicator.
_CHROME_JS = """
const parts = /^(status-bar-(time|battery|signal)|navigation-(title|back|back-chevron)|home-indicator)$/;
const tabItem = (name) => name.startsWith('tab-') && !['tab-bar', 'tab-bar-hairline', 'tab-content'].includes(name);
return window.segue.lastFrame.nodes.filter((n) => n.alpha > 0.05 && (parts.test(n.name) || tabItem(n.name))).map((n) => {
  const xs = [n.tx, n.tx + n.a * n.width, n.tx + n.c * n.height, n.tx + n.a * n.width + n.c * n.height];
  const ys = [n.ty, n.ty + n.b * n.width, n.ty + n.d * n.height, n.ty + n.b * n.width + n.d * n.height];
  return {name: n.name, left: Math.min(...xs), right: Math.max(...xs), top: Math.min(...ys), bottom: Math.max(...ys)};
});
"""

# Window rects of the page's controls that are on screen (displayed and of non-zero size).
_CONTROLS_JS = """
return ['controls-toggle', 'controls-buttons', 'scene-picker', 'telemetry', 'hint', 'toolbar', 'notice', 'veil']
  .map((id) => [id, document.getElementById(id)])
  .filter(([, e]) => e.checkVisibility())
  .map(([id, e]) => { const r = e.getBoundingClientRect(); return {id, left: r.left, right: r.right, top: r.top, bottom: r.bottom}; })
  .filter((r) => r.right > r.left && r.bottom > r.top);
"""

_NODE_JS = """
const n = window.segue.lastFrame.nodes.find((n) => n.name === arguments[0]);
return n ? {text: n.text, x: n.tx, y: n.ty, width: n.width, height: n.height} : null;
"""


def node(page, name):
    return page.js(_NODE_JS, name)


def chrome_rects(page) -> list[dict]:
    """The chrome's parts in window CSS px (through page.to_window)."""
    rects = []
    for r in page.js(_CHROME_JS):
        left, top = page.to_window(r["left"], r["top"])
        right, bottom = page.to_window(r["right"], r["bottom"])
        rects.append({"name": r["name"], "left": left, "top": top, "right": right, "bottom": bottom})
    return rects


def controls(page) -> dict[str, dict]:
    return {r["id"]: r for r in page.js(_CONTROLS_JS)}


def covered(page) -> list[tuple[str, str]]:
    """(control, chrome part) pairs whose rects intersect."""
    return [(c["id"], part["name"]) for c in controls(page).values() for part in chrome_rects(page)
            if c["left"] < part["right"] and c["right"] > part["left"]
            and c["top"] < part["bottom"] and c["bottom"] > part["top"]]


def tap(page, x, y):
    page.touch("touchStart", x, y)
    time.sleep(0.05)
    page.touch("touchEnd")


def tap_element(page, element_id):
    r = page.js("const r = document.getElementById(arguments[0]).getBoundingClientRect();"
                "return [r.left + r.width / 2, r.top + r.height / 2]", element_id)
    tap(page, *r)


def tap_node(page, name):
    n = node(page, name)
    assert n, f"no node {name}"
    tap(page, *page.to_window(n["x"] + n["width"] / 2, n["y"] + n["height"] / 2))


def menu_open(page) -> bool:
    return not page.js("return document.getElementById('controls').classList.contains('collapsed')")


def settle(page, title: str):
    page.wait(lambda: node(page, "navigation-title") and node(page, "navigation-title")["text"] == title
              and node(page, "navigation-title-other") is None and page.stats()["operation"] is None,
              5, f"the bar never settled on {title}")
    time.sleep(0.4)  # overlays are re-placed at most every 150 ms


def assert_pill_in_the_status_bar(page):
    """The ☰ pill sits where the Dynamic Island does: centred, inside the status bar, between the
    time and the signal bars."""
    pill = controls(page)["controls-toggle"]
    bar = node(page, "status-bar")
    assert pill["top"] >= 0 and pill["bottom"] <= bar["height"], (pill, bar)
    assert abs((pill["left"] + pill["right"]) / 2 - PHONE["width"] / 2) < 1, pill
    assert pill["right"] - pill["left"] >= 100 and pill["bottom"] - pill["top"] >= 30, pill
    time_label, signal = node(page, "status-bar-time"), node(page, "status-bar-signal")
    assert time_label["x"] + time_label["width"] <= pill["left"] and pill["right"] <= signal["x"], (pill, time_label)


def test_the_page_leaves_the_phone_chrome_uncovered(page):
    page.open("?scene=fade", metrics=PHONE)
    settle(page, "List")
    # At rest: the pill and the hint pill show; the stats overlay and the menu do not.
    shown = controls(page)
    assert "controls-toggle" in shown and "hint" in shown, shown
    assert "telemetry" not in shown and "scene-picker" not in shown, shown
    assert_pill_in_the_status_bar(page)
    assert {"status-bar-time", "status-bar-battery", "navigation-title", "home-indicator",
            "tab-navigation", "tab-about-label"} <= {r["name"] for r in chrome_rects(page)}
    assert covered(page) == []
    # The hint pill is above the tab bar (and so above the home indicator).
    assert shown["hint"]["bottom"] <= page.to_window(0, node(page, "tab-bar")["y"])[1]

    # The menu open: the scene picker and the buttons show below the navigation bar.
    tap_element(page, "controls-toggle")
    page.wait(lambda: "scene-picker" in controls(page), 2, "the pill did not open the menu")
    assert covered(page) == []
    # Stats, from the menu: the overlay shows, and still covers none of the chrome.
    tap_element(page, "control-stats")
    page.wait(lambda: "telemetry" in controls(page) and not menu_open(page), 2, "Stats did not show the overlay")
    time.sleep(0.2)
    assert covered(page) == []

    # After a push the back button shows; the page still covers none of it, and a tap on it pops.
    tap_node(page, "list-open-detail")
    settle(page, "Detail")
    assert node(page, "navigation-back")["text"] == "List"
    assert "navigation-back" in {r["name"] for r in chrome_rects(page)}
    assert covered(page) == []
    tap_node(page, "navigation-back")
    settle(page, "List")
    assert node(page, "navigation-back") is None


def test_settings_keeps_its_chrome_uncovered_and_its_hint_above_the_home_indicator(page):
    page.open("?scene=settings", metrics=PHONE)
    settle(page, "General")
    assert_pill_in_the_status_bar(page)
    shown = controls(page)
    assert "hint" in shown and "telemetry" not in shown, shown
    assert covered(page) == []
    indicator = node(page, "home-indicator")
    assert shown["hint"]["bottom"] <= page.to_window(0, indicator["y"])[1]
    ActionChains(page.driver).send_keys("h").perform()
    page.wait(lambda: "telemetry" in controls(page), 2, "H did not show the overlay")
    time.sleep(0.2)
    assert covered(page) == []


def test_stats_start_hidden_on_a_phone_and_shown_on_a_desktop(page):
    page.open("?scene=fade", metrics=PHONE)
    assert page.js("return document.getElementById('telemetry').hidden") is True
    assert page.js("return document.getElementById('control-stats').getAttribute('aria-pressed')") == "false"
    page.open("?scene=fade", metrics=WIDE)
    assert page.js("return document.getElementById('telemetry').hidden") is False
    assert page.js("return document.getElementById('control-stats').getAttribute('aria-pressed')") == "true"
    # On a desktop the picker stays in the toolbar, outside the device.
    assert page.js("return document.getElementById('scene-picker').parentElement.id") == "toolbar"
    screen = page.screen_rect
    picker = controls(page)["scene-picker"]
    assert picker["right"] <= screen["left"] or picker["bottom"] <= screen["top"], (picker, screen)


def test_the_scene_picker_in_the_phone_menu_switches_scenes(page):
    page.open("?scene=fade", metrics=PHONE)
    assert page.js("return document.getElementById('scene-picker').parentElement.id") == "controls-buttons"
    tap_element(page, "controls-toggle")
    page.wait(lambda: "scene-picker" in controls(page), 2, "the pill did not open the menu")
    Select(page.driver.find_element("id", "scene-picker")).select_by_value("settings")
    page.wait(lambda: page.js("return window.segue.hello.currentScene") == "settings", 5,
              "picking settings did not switch the scene")
    page.wait(lambda: node(page, "navigation-title") and node(page, "navigation-title")["text"] == "General", 5,
              "settings' bar not shown")
    assert not menu_open(page), "the menu stayed open after a scene was picked"
    assert page.driver.current_url.endswith("?scene=settings")


def test_a_home_button_phone_keeps_its_centred_time_uncovered(page):
    # An iPhone SE-sized phone: a 20-pt status bar whose time is centred, where the island would be.
    page.open("?scene=fade", metrics={"width": 375, "height": 667, "deviceScaleFactor": 2, "mobile": True})
    settle(page, "List")
    time_label = node(page, "status-bar-time")
    assert abs(time_label["x"] + time_label["width"] / 2 - 375 / 2) < 1, time_label
    pill = controls(page)["controls-toggle"]
    assert pill["top"] >= 0 and pill["bottom"] <= node(page, "status-bar")["height"], pill
    assert pill["right"] - pill["left"] >= 80, pill
    assert covered(page) == []
    tap_element(page, "controls-toggle")
    page.wait(lambda: "scene-picker" in controls(page), 2, "the pill did not open the menu")
    menu = controls(page)["controls-buttons"]
    assert menu["left"] >= 0 and menu["right"] <= 375, menu
    assert covered(page) == []


def test_a_phone_in_landscape_keeps_its_navigation_bar_uncovered(page):
    # A notched phone on its side: iOS hides the status bar, so the navigation bar is at the top and
    # the pill becomes a button in the top-right corner, clear of the back button and the title.
    landscape = {"width": 844, "height": 390, "deviceScaleFactor": 3, "mobile": True}
    page.open("?scene=settings", metrics=landscape)
    settle(page, "General")
    assert node(page, "status-bar") is None or node(page, "status-bar")["height"] == 0
    shown = controls(page)
    assert "controls-toggle" in shown and "telemetry" not in shown and "toolbar" not in shown, shown
    pill = shown["controls-toggle"]
    assert pill["right"] <= landscape["width"] and pill["left"] >= landscape["width"] - 50 and pill["top"] >= 0, pill
    assert covered(page) == []
    tap_node(page, "general-about")
    settle(page, "About")
    assert node(page, "navigation-back")["text"] == "General"
    assert covered(page) == []
    # The menu opens below the bar, and the back button still pops.
    tap_element(page, "controls-toggle")
    page.wait(lambda: "scene-picker" in controls(page), 2, "the pill did not open the menu")
    assert covered(page) == []
    tap_element(page, "controls-toggle")
    tap_node(page, "navigation-back")
    settle(page, "General")


def test_on_a_phone_the_stats_and_the_timing_panel_take_turns(page):
    # Both open below the bars, in the same place: opening one closes the other.
    page.open("?scene=stack", metrics=PHONE)
    ActionChains(page.driver).send_keys("h").perform()
    page.wait(lambda: "telemetry" in controls(page), 2, "H did not show the overlay")
    tap_element(page, "controls-toggle")
    page.wait(lambda: "scene-picker" in controls(page), 2, "the pill did not open the menu")
    tap_element(page, "control-timing")
    page.wait(lambda: page.js("return !document.getElementById('tuning').hidden"), 2, "Timing did not open")
    assert "telemetry" not in controls(page)
    assert page.js("return document.getElementById('control-stats').getAttribute('aria-pressed')") == "false"
    ActionChains(page.driver).send_keys("h").perform()
    page.wait(lambda: "telemetry" in controls(page), 2, "H did not show the overlay again")
    assert page.js("return document.getElementById('tuning').hidden") is True
    assert page.js("return document.getElementById('control-timing').getAttribute('aria-pressed')") == "false"
