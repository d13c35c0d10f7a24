"""Issue 11's system chrome, read in the page: the status bar (its time as text, dark pixels in
the top inset) and the home indicator (a dark bar near the bottom centre on a notched device,
absent on an iPhone SE), and fade's navigation bar, whose title changes with a push and with a pan
back, its back button reading "List" — through the display list the page holds (window.segue) and
through the canvas's pixels."""

from __future__ import annotations

import time

from .segue_browser import close

# The phone (touch) and desktop window (mouse).
PHONE = {"width": 390, "height": 844, "deviceScaleFactor": 3, "mobile": True}
WIDE = {"width": 1440, "height": 900, "deviceScaleFactor": 1, "mobile": False}

SYSTEM_BLUE = (0, 122, 255)

_NODE_JS = """
const f = window.segue.lastFrame;
const n = f && f.nodes.find((node) => node.name === arguments[0]);
return n ? {text: n.text, alpha: n.alpha, x: n.tx, y: n.ty, width: n.width, height: n.height, font: n.font} : null;
"""


def node(page, name: str):
    return page.js(_NODE_JS, name)


def text_of(page, name: str):
    found = node(page, name)
    return found and found["text"]


def dark(color) -> bool:
    return sum(color) < 150


def grey(color) -> bool:
    return all(90 < channel < 215 for channel in color)


def blueish(color) -> bool:
    return color[2] > 180 and color[0] < 120 and color[2] - color[0] > 100


def region(x0: float, y0: float, x1: float, y1: float, step: float = 1.0) -> list[tuple[float, float]]:
    points, y = [], y0
    while y <= y1:
        x = x0
        while x <= x1:
            points.append((x, y))
            x += step
        y += step
    return points


def count(page, predicate, points) -> int:
    return sum(1 for sample in page.sample(points) if predicate(sample))


def press(page, x: float, y: float, kind: str = "touch") -> None:
    if kind == "touch":
        page.touch("touchStart", *page.to_window(x, y))
        time.sleep(0.05)
        page.touch("touchEnd")
    else:
        page.mouse("mousePressed", *page.to_window(x, y))
        time.sleep(0.05)
        page.mouse("mouseReleased", *page.to_window(x, y))


def centre(page, name: str) -> tuple[float, float]:
    found = node(page, name)
    assert found, f"no node {name}"
    return found["x"] + found["width"] / 2, found["y"] + found["height"] / 2


def test_the_status_bar_and_home_indicator_on_a_notched_phone(page):
    page.open("?scene=fade", metrics=PHONE)
    page.wait(lambda: text_of(page, "status-bar-time") == "9:41", 5, "no status bar time")
    time.sleep(0.3)
    time_node = node(page, "status-bar-time")
    # The 47-pt inset of a 390×844 phone; the time on the left, the battery on the right.
    assert time_node["y"] + time_node["height"] <= 47 and time_node["x"] + time_node["width"] < 195
    battery = node(page, "status-bar-battery")
    assert battery and battery["x"] > 195 and battery["y"] + battery["height"] <= 47
    # Pixels: dark text where the time is drawn, dark signal bars and battery, on the bar's light background.
    assert count(page, dark, region(40, 18, 85, 33)) >= 10
    assert count(page, dark, region(292, 20, 363, 31)) >= 30
    # The battery glyph's two layers: the level is dark, the outline and the cap are its fainter
    # second layer (a third of the content colour over the light bar: grey, neither dark nor light).
    level, outline, cap = page.sample([(348.6, 25.5), (336.6, 25.5), (362.8, 25.5)])
    assert dark(level), level
    assert all(grey(c) for c in (outline, cap)), (outline, cap)
    assert not dark(page.sample([(195, 10)])[0]), "the bar behind the status bar is light"
    # The home indicator: a dark 134×5 bar 8 pt above the bottom, centred; light beside it.
    bar = page.sample([(150, 833.5), (195, 833.5), (240, 833.5)])
    assert all(dark(c) for c in bar), bar
    assert not dark(page.sample([(60, 833.5)])[0])
    assert "home-indicator" in page.node_names()


def test_an_iphone_se_has_a_short_status_bar_and_no_home_indicator(page):
    page.open("?scene=fade&device=iphone-se", metrics=WIDE)
    assert page.screen_size == (375, 667)
    page.wait(lambda: text_of(page, "status-bar-time") == "9:41", 5, "no status bar time")
    time.sleep(0.3)
    bar = node(page, "status-bar")
    assert bar["height"] == 20
    assert "home-indicator" not in page.node_names()
    # Nothing dark near the bottom centre: the tab bar's light background goes to the edge.
    assert count(page, dark, region(140, 655, 235, 662)) == 0
    # The default desktop device (iPhone 15) has one: dark pixels there.
    page.open("?scene=fade", metrics=WIDE)
    assert page.screen_size == (393, 852)
    page.wait(lambda: "home-indicator" in page.node_names(), 5, "no home indicator")
    time.sleep(0.3)
    assert count(page, dark, region(150, 840, 245, 842)) >= 20


def title_region(page):
    """Dark pixels in the bar's centred title area (the title is black on the light bar)."""
    return count(page, dark, region(150, 58, 240, 80))


def test_the_navigation_title_follows_a_push_and_a_pan_back(page):
    page.open("?scene=fade", metrics=PHONE)
    page.wait(lambda: text_of(page, "navigation-title") == "List", 5, "the bar never read List")
    time.sleep(0.3)
    assert node(page, "navigation-back") is None
    # UINavigationBar's title is semibold; the page draws it with the weight the server sent.
    assert node(page, "navigation-title")["font"].startswith("600 17px")
    assert page.js("return document.fonts.check('600 17px Inter')")
    back_area = region(26, 60, 70, 78)
    assert count(page, blueish, back_area) == 0, "no back button on the root"
    list_title = [page.sample([p])[0] for p in region(150, 58, 240, 80, 3)]
    assert title_region(page) >= 10

    press(page, *centre(page, "list-open-detail"))
    page.wait(lambda: text_of(page, "navigation-title") == "Detail" and text_of(page, "navigation-back") == "List",
              5, "after the push the bar should read Detail, back List")
    page.wait(lambda: node(page, "navigation-title-other") is None, 5, "the push never settled")
    time.sleep(0.2)
    # Pixels: the back button (chevron and "List") is blue; the title's pixels changed.
    assert count(page, blueish, back_area) >= 10
    detail_title = [page.sample([p])[0] for p in region(150, 58, 240, 80, 3)]
    assert detail_title != list_title

    # A pan to the right pops interactively: half way, both titles show, cross-fading.
    x, y = 40, 420
    page.touch("touchStart", *page.to_window(x, y))
    for step in range(1, 9):
        page.touch("touchMove", *page.to_window(x + 15 * step, y))
        time.sleep(0.03)
    time.sleep(0.2)
    incoming = node(page, "navigation-title-other")
    outgoing = node(page, "navigation-title")
    assert incoming and incoming["text"] == "List" and 0 < incoming["alpha"] < 1
    assert outgoing and outgoing["text"] == "Detail" and 0 < outgoing["alpha"] < 1
    assert abs(incoming["alpha"] + outgoing["alpha"] - 1) < 0.02
    for step in range(9, 17):
        page.touch("touchMove", *page.to_window(x + 15 * step, y))
        time.sleep(0.02)
    page.touch("touchEnd")
    page.wait(lambda: text_of(page, "navigation-title") == "List" and node(page, "navigation-back") is None,
              5, "after the pan the bar should read List with no back button")
    page.wait(lambda: node(page, "navigation-title-other") is None, 5, "the pop never settled")
    time.sleep(0.2)
    assert count(page, blueish, back_area) == 0


def test_the_back_button_pops_with_a_mouse_on_a_desktop(page):
    page.open("?scene=fade", metrics=WIDE)
    page.wait(lambda: text_of(page, "navigation-title") == "List", 5, "the bar never read List")
    press(page, *centre(page, "list-open-detail"), kind="mouse")
    page.wait(lambda: text_of(page, "navigation-back") == "List" and node(page, "navigation-title-other") is None,
              5, "no back button after the push")
    press(page, *centre(page, "navigation-back"), kind="mouse")
    page.wait(lambda: text_of(page, "navigation-title") == "List" and node(page, "navigation-back") is None,
              5, "the back button did not pop")


def test_the_tab_bar_draws_its_glyphs_in_the_selected_tint(page):
    page.open("?scene=fade", metrics=PHONE)
    page.wait(lambda: node(page, "tab-navigation-icon") is not None, 5, "no tab icon")
    time.sleep(0.3)
    glyphs = page.js("return window.segue.lastFrame.nodes.filter((n) => n.glyph).map((n) => [n.name, n.glyph])")
    assert ["tab-navigation-icon", "list"] in glyphs and ["tab-about-icon", "person"] in glyphs
    icon = node(page, "tab-navigation-icon")
    # The selected tab's icon is drawn in system blue: blue pixels inside its box, none outside the bar.
    box = region(icon["x"] + 2, icon["y"] + 2, icon["x"] + icon["width"] - 2, icon["y"] + icon["height"] - 2)
    assert any(close(c, SYSTEM_BLUE, 40) for c in page.sample(box))
    other = node(page, "tab-about-icon")
    other_box = region(other["x"] + 2, other["y"] + 2, other["x"] + other["width"] - 2,
                       other["y"] + other["height"] - 2)
    assert count(page, lambda c: abs(c[0] - c[2]) < 12 and 100 < c[0] < 170, other_box) >= 10, "grey icon"
