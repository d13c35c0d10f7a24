"""Issue 11's layout bugs, at the sizes where they showed: the hint pill says what the visible
screen says and covers no control, notices cover no control, and the menu's card opens whole inside
a wide desktop window, with a shadow around it."""

from __future__ import annotations

import time

from selenium.webdriver.common.by import By

from .segue_browser import MOBILE

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


def test_the_card_opens_whole_inside_a_wide_window_with_a_shadow_around_it(page):
    page.open("?scene=menu", metrics=WIDE)
    button = page.js("const n = window.segue.lastFrame.nodes.find((n) => n.name === 'home-show-card');"
                     "return [n.tx + n.a * n.width / 2, n.ty + n.d * n.height / 2]")
    page.mouse("mouseMoved", *button)
    page.mouse("mousePressed", *button)
    page.mouse("mouseReleased", *button)
    page.wait(lambda: page.stats()["operation"] is None and card_rect(page) is not None
              and abs(card_rect(page)["left"] - (1440 - (card_rect(page)["right"] - card_rect(page)["left"])) / 2) < 0.5,
              5, "the card did not open")
    card = card_rect(page)
    # Issue 11 saw it at y = 1260, below the window; now whole inside it.
    assert card["left"] >= 0 and card["top"] >= 0 and card["right"] <= 1440 and card["bottom"] <= 900, card
    # A shadow: just below the card's bottom edge the dimmed Home is darker than far from the card.
    middle = (card["left"] + card["right"]) / 2
    near, far = page.sample([(middle, card["bottom"] + 6), (middle, min(card["bottom"] + 120, 890))])
    assert sum(near) < sum(far) - 15, (near, far)
    # Close is reachable with the mouse.
    centre = ((card["left"] + card["right"]) / 2, (card["top"] + card["bottom"]) / 2)
    page.mouse("mouseMoved", *centre)
    page.mouse("mousePressed", *centre)
    page.mouse("mouseReleased", *centre)
    page.wait(lambda: card_rect(page) is None, 5, "Close did not close the card")


def test_the_card_opens_whole_inside_a_landscape_phone(page):
    landscape = dict(MOBILE, width=844, height=390)
    page.open("?scene=menu", metrics=landscape)
    button = page.js("const n = window.segue.lastFrame.nodes.find((n) => n.name === 'home-show-card');"
                     "return [n.tx + n.a * n.width / 2, n.ty + n.d * n.height / 2]")
    page.touch("touchStart", *button)
    page.touch("touchEnd")
    page.wait(lambda: page.stats()["operation"] is None and card_rect(page) is not None, 5, "the card did not open")
    time.sleep(0.8)
    card = card_rect(page)
    assert card["left"] >= 0 and card["top"] >= 0 and card["right"] <= 844 and card["bottom"] <= 390, card
