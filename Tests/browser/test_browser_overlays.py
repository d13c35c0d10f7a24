"""Issue 11's layout bugs, at the sizes where they showed: the hint pill says what the visible
screen says and covers no control, notices cover no control, and the menu's card opens whole inside
a wide desktop window, with a shadow around it."""

from __future__ import annotations

import time

from selenium.webdriver.common.by import By

from .segue_browser import FIRST_BLUE, MOBILE, close

# The desktop window, mouse only.
WIDE = {"width": 1440, "height": 900, "deviceScaleFactor": 1, "mobile": False}

# Rectangles (CSS px) of the last frame's text nodes: buttons' titles and labels.
_TEXT_RECTS_JS = """
return window.segue.lastFrame.nodes.filter((n) => n.text && n.alpha > 0.05).map((n) => {
  const xs = [n.tx, n.tx + n.a * n.width, n.tx + n.c * n.height, n.tx + n.a * n.width + n.c * n.height];
  const ys = [n.ty, n.ty + n.b * n.width, n.ty + n.d * n.height, n.ty + n.b * n.width + n.d * n.height];
  return {name: n.name, left: Math.min(...xs), right: Math.max(...xs), top: Math.min(...ys), bottom: Math.max(...ys)};
});
"""

_RECT_JS = "const r = document.getElementById(arguments[0]).getBoundingClientRect();" \
           "return {left: r.left, right: r.right, top: r.top, bottom: r.bottom};"


def overlapping(page, element_id: str) -> list[str]:
    box = page.js(_RECT_JS, element_id)
    return [r["name"] for r in page.js(_TEXT_RECTS_JS)
            if box["left"] < r["right"] and box["right"] > r["left"]
            and box["top"] < r["bottom"] and box["bottom"] > r["top"]]


def hint(page) -> str:
    return page.js("return document.getElementById('hint-text').textContent")


def test_the_hint_pill_says_what_the_visible_screen_says_and_covers_no_control(page):
    page.open("?scene=menu")
    page.wait(lambda: hint(page) == "Swipe from the left edge for the menu", 5, "menu's Home hint not shown")
    page.open("?scene=fade")
    page.wait(lambda: hint(page) == "Open the detail, then pan to go back", 5, "fade's List hint not shown")
    time.sleep(0.3)
    # The issue saw the pill over fade's "Navigation" tab.
    assert overlapping(page, "hint") == []
    page.open("?scene=stack")
    page.wait(lambda: hint(page) == "Present a stacked modal", 5, "stack's hint not shown")
    time.sleep(0.3)
    assert overlapping(page, "hint") == []


def test_a_notice_covers_no_control(page):
    # "There is no scene named…" covered slides' Next button.
    page.open("?scene=nope")
    notice = page.driver.find_element(By.ID, "notice")
    page.wait(lambda: notice.is_displayed() and "There is no scene named" in notice.text, 5, "no notice")
    time.sleep(0.3)
    assert overlapping(page, "notice") == []
    # "Slow animations ×10" covered menu's Physics button.
    page.open("?scene=menu")
    notice = page.driver.find_element(By.ID, "notice")
    page.driver.find_element(By.TAG_NAME, "body").send_keys("s")
    page.wait(lambda: notice.is_displayed() and notice.text == "Slow animations ×10", 5, "no notice")
    time.sleep(0.3)
    assert overlapping(page, "notice") == []


def card_rect(page):
    return page.js("const n = window.segue.lastFrame.nodes.find((n) => n.name === 'card');"
                   "return n && {left: n.tx, top: n.ty, right: n.tx + n.a * n.width, bottom: n.ty + n.d * n.height}")


def click(page, x, y):
    """A mouse click at a point of the scene's screen (logical px), through the device's scale."""
    point = page.to_window(x, y)
    page.mouse("mouseMoved", *point)
    page.mouse("mousePressed", *point)
    page.mouse("mouseReleased", *point)


def test_the_card_opens_whole_inside_a_wide_window_with_a_shadow_around_it(page):
    page.open("?scene=menu", metrics=WIDE)
    width, height = page.screen_size
    button = page.js("const n = window.segue.lastFrame.nodes.find((n) => n.name === 'home-show-card');"
                     "return [n.tx + n.a * n.width / 2, n.ty + n.d * n.height / 2]")
    click(page, *button)
    page.wait(lambda: page.stats()["operation"] is None and card_rect(page) is not None
              and abs(card_rect(page)["left"] - (width - (card_rect(page)["right"] - card_rect(page)["left"])) / 2) < 0.5,
              5, "the card did not open")
    card = card_rect(page)
    # Issue 11 saw it at y = 1260, below the window; now whole inside the screen, which is inside
    # the window.
    assert card["left"] >= 0 and card["top"] >= 0 and card["right"] <= width and card["bottom"] <= height, card
    r = page.screen_rect
    assert r["left"] >= 0 and r["top"] >= 0 and r["left"] + r["width"] <= 1440 and r["top"] + r["height"] <= 900, r
    # A shadow: just below the card's bottom edge the dimmed Home is darker than far from the card.
    middle = (card["left"] + card["right"]) / 2
    near, far = page.sample([(middle, card["bottom"] + 6), (middle, min(card["bottom"] + 120, 890))])
    assert sum(near) < sum(far) - 15, (near, far)
    # Close is reachable with the mouse.
    click(page, (card["left"] + card["right"]) / 2, (card["top"] + card["bottom"]) / 2)
    page.wait(lambda: card_rect(page) is None, 5, "Close did not close the card")


def test_the_card_opens_whole_inside_a_landscape_phone(page):
    landscape = dict(MOBILE, width=844, height=390)
    page.open("?scene=menu", metrics=landscape)
    button = page.js("const n = window.segue.lastFrame.nodes.find((n) => n.name === 'home-show-card');"
                     "return [n.tx + n.a * n.width / 2, n.ty + n.d * n.height / 2]")
    page.touch("touchStart", *page.to_window(*button))
    page.touch("touchEnd")
    page.wait(lambda: page.stats()["operation"] is None and card_rect(page) is not None, 5, "the card did not open")
    time.sleep(0.8)
    card = card_rect(page)
    assert card["left"] >= 0 and card["top"] >= 0 and card["right"] <= 844 and card["bottom"] <= 390, card


BEZEL = (0x1D, 0x1D, 0x1F)
DESK = (0x2C, 0x2C, 0x2E)


def test_a_desktop_shows_an_iphone_15_in_an_outline_centred_and_scaled_to_fit(page):
    page.open("?scene=slides", metrics=WIDE)
    # The server lays the scene out for the phone, not the window.
    assert page.screen_size == (393, 852)
    header = page.js("return window.segue.lastFrame.header")
    assert (header["viewportWidth"], header["viewportHeight"]) == (393, 852)
    r = page.screen_rect
    assert abs(r["width"] / r["height"] - 393 / 852) < 0.002, r
    # Centred across the window; below the dock's row, which it would otherwise touch.
    assert abs(r["left"] + r["width"] / 2 - 720) < 1, r
    dock = page.js("return document.getElementById('controls').getBoundingClientRect().bottom")
    assert r["top"] - 14 * r["width"] / 393 >= dock, (r, dock)
    assert r["height"] < 900 - 2 * 40, r
    # Pixels: the scene inside, the bezel just outside the screen, the desk beyond.
    width, _, rgb = page.window_pixels()

    def pixel(x, y):
        at = (int(y) * width + int(x)) * 3
        return tuple(rgb[at:at + 3])
    mid_y = r["top"] + r["height"] / 2
    assert close(pixel(r["left"] + r["width"] / 2, r["top"] + r["height"] * 0.6), FIRST_BLUE, 6)
    assert close(pixel(r["left"] - 6, mid_y), BEZEL, 6), pixel(r["left"] - 6, mid_y)
    assert close(pixel(r["left"] + r["width"] + 6, mid_y), BEZEL, 6)
    assert close(pixel(r["left"] - 60, mid_y), DESK, 6), pixel(r["left"] - 60, mid_y)


def test_input_maps_through_the_device_scale_exactly(page):
    page.open("?scene=slides", metrics=WIDE)
    # (Not in the rounded corners: the screen takes no input there, as a phone's glass has none.)
    for x, y in [(200, 300), (1, 420), (392, 600), (13.25, 420.5)]:
        wx, wy = page.to_window(x, y)
        page.mouse("mouseMoved", wx, wy)
        page.mouse("mousePressed", wx, wy)
        page.mouse("mouseReleased", wx, wy)
        sent = page.js("return window.segue.lastPointer")
        # CDP rounds window coordinates to what the mouse can hit; map that back exactly.
        scale = page.screen_rect["width"] / 393
        assert abs(sent["x"] - x) <= 0.5 / scale + 1e-6 and abs(sent["y"] - y) <= 0.5 / scale + 1e-6, (x, y, sent)
    # And end to end: an edge swipe with the mouse, through the scale, presents.
    seen = page.swipe_from_right(200, device="mouse", steps=12)
    assert any(s["operation"] == "present" for s in seen), seen


def test_the_device_menu_and_rotate_button_change_the_screen(page):
    page.open("?scene=slides", metrics=WIDE)
    page.js("const p = document.getElementById('device-picker'); p.value = 'iphone-se';"
            "p.dispatchEvent(new Event('change'))")
    page.wait(lambda: page.js("const h = window.segue.lastFrame.header; return [h.viewportWidth, h.viewportHeight]")
              == [375, 667], 5, "the server did not get the SE's size")
    page.js("document.getElementById('rotate').click()")
    page.wait(lambda: page.js("const h = window.segue.lastFrame.header; return [h.viewportWidth, h.viewportHeight]")
              == [667, 375], 5, "rotate did not turn the screen")
    assert page.driver.current_url.endswith("device=iphone-se&orientation=landscape"), page.driver.current_url
    names = [o.text for o in page.driver.find_elements(By.CSS_SELECTOR, "#device-picker option")]
    assert names == ["iPhone SE", "iPhone 15", "iPhone 15 Pro Max", "iPad"]


def test_edge_zones_glow_and_offer_to_grab_under_a_mouse(page):
    page.open("?scene=slides", metrics=WIDE)
    glow = "return [document.getElementById('edge-glow').dataset.edge || null," \
           " document.getElementById('stage').classList.contains('grab')]"
    page.mouse("mouseMoved", *page.to_window(10, 400))
    page.wait(lambda: page.js(glow) == ["left", True], 2, "no glow on the left edge")
    page.mouse("mouseMoved", *page.to_window(385, 400))
    page.wait(lambda: page.js(glow) == ["right", True], 2, "no glow on the right edge")
    page.mouse("mouseMoved", *page.to_window(196, 400))
    page.wait(lambda: page.js(glow) == [None, False], 2, "the glow stayed")


def test_the_page_ships_inter_for_platforms_without_san_francisco(page):
    page.open("?scene=slides")
    page.wait(lambda: page.js("return window.segue.fontReady === true"), 5, "Inter never loaded")
    served = page.js("return fetch('fonts/Inter-Regular.otf').then(async (r) =>"
                     " [r.status, r.headers.get('content-type'), (await r.arrayBuffer()).byteLength])")
    assert served[0] == 200 and served[1] == "font/otf" and served[2] > 100_000, served
    licence = page.js("return fetch('fonts/COPYRIGHT-Inter.txt').then((r) => r.text())")
    assert "OFL-1.1" in licence
