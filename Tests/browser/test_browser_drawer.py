"""The drawer scene (docs/scenes.md, drawer) on the real page, with trusted touches.

"Open drawer" presents a white drawer over the bottom 55% of the screen (y 380…844 on 390 × 844)
through a custom presentation controller, which dims the rest with black at 40%: the root's blue
(#4A69BD) shows there as 60% of itself. A tap on the dimmed part dismisses; so does a drag down
past half the drawer's 464 pt.
"""

from __future__ import annotations

import time

from .segue_browser import close

ROOT_BLUE = (0x4A, 0x69, 0xBD)
# Black at 40% over the root: 60% of each channel.
DIMMED_BLUE = tuple(round(c * 0.6) for c in ROOT_BLUE)
WHITE = (0xFF, 0xFF, 0xFF)
# Clear of the heading, hint and button, above the drawer's top (380).
ABOVE = [(40, 150), (350, 150), (40, 340), (350, 360)]
# On the drawer, clear of its title, hint and Close button.
ON_DRAWER = [(40, 560), (350, 560), (195, 700), (60, 790)]
OPEN_BUTTON = (195, 765)


def settled(page) -> bool:
    return page.stats()["operation"] is None


def tap(page, x, y) -> None:
    page.touch("touchStart", x, y)
    time.sleep(0.05)
    page.touch("touchEnd")


def open_drawer(page) -> None:
    page.open("?scene=drawer")
    assert "drawerhome" in page.node_names()
    assert all(close(s, ROOT_BLUE) for s in page.sample(ABOVE + ON_DRAWER)), page.sample(ABOVE + ON_DRAWER)
    tap(page, *OPEN_BUTTON)
    page.wait(lambda: settled(page) and {"drawer", "drawer-dimming"} <= set(page.node_names()), 10,
              "the tap on Open drawer did not present the drawer")
    # The page's stats and nodes can run ahead of what the canvas has drawn, and the drawer's
    # white covers these points well before the spring and the fade end: wait for the resting
    # pixels, white on the drawer and the dimmed blue above it.
    page.wait(lambda: all(close(s, WHITE) for s in page.sample(ON_DRAWER))
              and all(close(s, DIMMED_BLUE) for s in page.sample(ABOVE)), 5,
              lambda: f"the drawer and the dimming never came to rest: {page.sample(ABOVE + ON_DRAWER)}")
    # The spring's last sub-pixel tail still runs: a drag before it ends would be refused.
    page.wait(lambda: settled(page), 5, "the presentation did not end")


def test_open_shows_a_white_drawer_below_a_dimmed_screen_and_a_tap_above_closes_it(page):
    open_drawer(page)
    on_drawer = page.sample(ON_DRAWER)
    assert all(close(s, WHITE) for s in on_drawer), on_drawer
    above = page.sample(ABOVE)
    assert all(close(s, DIMMED_BLUE) for s in above), (above, DIMMED_BLUE)
    assert all(all(d < r for d, r in zip(s, ROOT_BLUE)) for s in above), above
    # Where the drawer starts: dimmed blue just above its top edge, white just below (clear of
    # the rounded corners, at the middle).
    assert close(page.sample([(195, 377)])[0], DIMMED_BLUE)
    assert close(page.sample([(120, 384)])[0], WHITE)

    tap(page, 195, 150)
    page.wait(lambda: page.stats()["operation"] == "dismiss" or "drawer" not in page.node_names(), 5,
              "the tap on the dimmed screen did not start the dismissal")
    page.wait(lambda: settled(page) and "drawer" not in page.node_names(), 10,
              "the dismissal did not end")
    names = page.node_names()
    assert "drawer-dimming" not in names and "drawerhome" in names, names
    page.wait(lambda: all(close(s, ROOT_BLUE) for s in page.sample(ABOVE + ON_DRAWER)), 5,
              lambda: f"the root's blue did not come back: {page.sample(ABOVE + ON_DRAWER)}")
    assert page.js("return window.segue.lastError") is None


def test_a_drag_down_on_the_drawer_dismisses_it(page):
    open_drawer(page)
    x, y = 195, 500
    page.touch("touchStart", x, y)
    phases = []
    for step in range(1, 13):
        page.touch("touchMove", x, y + 25 * step)
        time.sleep(0.03)
        phases.append((page.stats()["operation"], page.stats()["phase"]))
    assert ("dismiss", "interactive") in phases, phases
    # Held part-way: the drawer has come down with the finger and the screen above is lighter.
    mid = page.sample([(40, 150)])[0]
    assert all(d <= m <= r for d, m, r in zip(DIMMED_BLUE, mid, ROOT_BLUE)) and mid != DIMMED_BLUE, mid
    page.touch("touchEnd")
    page.wait(lambda: settled(page) and "drawer" not in page.node_names(), 10,
              "the 300 px drag did not dismiss the drawer")
    page.wait(lambda: all(close(s, ROOT_BLUE) for s in page.sample(ABOVE + ON_DRAWER)), 5,
              lambda: f"the root's blue did not come back: {page.sample(ABOVE + ON_DRAWER)}")
    assert page.js("return window.segue.lastError") is None


def test_a_short_drag_puts_the_drawer_back(page):
    open_drawer(page)
    x, y = 195, 560
    page.touch("touchStart", x, y)
    for step in range(1, 7):
        page.touch("touchMove", x, y + 10 * step)
        time.sleep(0.05)
    time.sleep(0.2)
    page.touch("touchEnd")
    time.sleep(0.1)
    page.wait(lambda: settled(page), 10, "the short drag's cancel did not end")
    assert {"drawer", "drawer-dimming"} <= set(page.node_names())
    page.wait(lambda: all(close(s, WHITE) for s in page.sample(ON_DRAWER))
              and all(close(s, DIMMED_BLUE) for s in page.sample(ABOVE)), 5,
              lambda: f"the drawer or the dimming did not come back: {page.sample(ABOVE + ON_DRAWER)}")
