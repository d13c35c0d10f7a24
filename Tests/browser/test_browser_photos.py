"""Apple's photo zoom, grabbed with a real touch (docs/scenes.md, photos).

A tap on a tile zooms it into the photo screen over 0.8 s (8 s with slow animations, so a test's
round trips land mid-flight). A finger on the flying image grabs it: the transition turns
interactive and the image stops under the finger. Thrown up, the push finishes; thrown down, it
cancels back to the grid.
"""

from __future__ import annotations

import time

import pytest
from selenium.webdriver.common.action_chains import ActionChains

SIDE = (390 - 4) / 3
TILE_4 = (SIDE + 2 + SIDE / 2, SIDE + 2 + SIDE / 2)
RESTING_CENTER = (195, 422)

IMAGE_CENTER_JS = """
const n = window.segue.lastFrame.nodes.find((n) => n.name === 'photo-image');
if (!n) return null;
return [n.a * n.width / 2 + n.c * n.height / 2 + n.tx, n.b * n.width / 2 + n.d * n.height / 2 + n.ty];
"""


def image_center(page):
    return page.js(IMAGE_CENTER_JS)


@pytest.mark.parametrize("throw, phase, screen", [(-1, "finishing", "photo"), (1, "cancelling", "grid")])
def test_a_touch_grabs_the_flying_photo_and_a_throw_decides_it(page, throw, phase, screen):
    page.open("?scene=photos")
    ActionChains(page.driver).send_keys("s").perform()
    page.wait(lambda: page.stats()["slowAnimations"] is True, 5, "slow animations never came on")

    page.touch("touchStart", *TILE_4)
    page.touch("touchEnd")
    page.wait(lambda: page.stats()["operation"] == "push" and image_center(page) is not None, 5,
              "the tap on tile-4 did not start the zoom")
    time.sleep(0.6)
    start = image_center(page)
    assert page.stats()["phase"] == "animating"

    # Touch the image where it is drawn: the zoom stops under the finger.
    page.touch("touchStart", *start)
    page.wait(lambda: page.stats()["phase"] == "interactive", 3, "the touch did not grab the flying image")
    held = image_center(page)
    assert abs(held[0] - start[0]) < 40 and abs(held[1] - start[1]) < 40, (start, held)
    time.sleep(0.4)
    assert image_center(page) == held, "the grabbed image kept moving"

    # Throw it: 40 px a step, about 2500 px/s, past the 1200 pt/s flick.
    x, y = start
    for step in range(1, 7):
        page.touch("touchMove", x, y + throw * 40 * step)
        time.sleep(0.016)
    moved = image_center(page)
    assert abs(moved[1] - (held[1] + throw * 240)) < 1, f"the image did not follow the finger: {held} → {moved}"
    page.touch("touchEnd")
    page.wait(lambda: page.stats()["phase"] == phase, 3, f"the throw did not start {phase}")
    page.wait(lambda: page.stats()["operation"] is None, 20, "the thrown zoom never settled")

    names = page.node_names()
    if screen == "photo":
        assert "photo" in names and "grid" not in names, names
        center = image_center(page)
        assert abs(center[0] - RESTING_CENTER[0]) < 0.5 and abs(center[1] - RESTING_CENTER[1]) < 0.5, center
    else:
        assert "grid" in names and "photo" not in names, names
        assert "tile-4" in names
    assert page.js("return window.segue.lastError") is None
