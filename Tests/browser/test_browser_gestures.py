"""Edge swipes made with trusted input (Chrome DevTools Protocol) drive the server's transitions.

slides (docs/scenes.md): a right-edge swipe presents the next controller; progress is
|tx| / 400 with tx counted after the edge pan's 15 pt hysteresis; a release finishes past 0.35,
else cancels. So 200 px → progress ≈ 0.46 (finishes) and 40 px → ≈ 0.06 (cancels).
"""

from __future__ import annotations

from .segue_browser import DESKTOP, FIRST_BLUE, SECOND_ORANGE


RECORD_POINTER_TYPES = """
window.__pointerTypes = [];
document.getElementById('stage').addEventListener('pointerdown',
  (event) => window.__pointerTypes.push([event.pointerType, event.isTrusted]));
"""


def settled(page) -> bool:
    return page.stats()["operation"] is None


def pointer_types(page) -> list:
    return page.js("return window.__pointerTypes")


def test_touch_swipe_from_the_right_edge_presents_the_next_controller(page):
    page.open()
    assert page.fraction_of(FIRST_BLUE) > 0.7
    page.js(RECORD_POINTER_TYPES)

    seen = page.swipe_from_right(200, device="touch", steps=12)
    assert pointer_types(page) == [["touch", True]]
    interactive = [s for s in seen if s["operation"] == "present" and s["phase"] == "interactive"]
    assert interactive, f"never saw present · interactive while moving: {seen}"
    assert all(s["isInteractive"] for s in interactive), interactive
    progress = [s["progress"] for s in interactive]
    assert progress == sorted(progress), f"progress went backwards while swiping left: {progress}"
    assert 0.35 < progress[-1] <= 0.5, f"200 px should end near 185/400: {progress}"
    # Both controllers are on the wire while the finger is down.
    assert {"first", "second"} <= set(page.node_names())
    # The overlay matched the touch input to the frames that reflect it.
    assert page.stats()["inputLatencyMs"] is not None

    page.wait(lambda: settled(page) and "first" not in page.node_names(), 10,
              "the released swipe did not finish the present")
    names = page.node_names()
    assert "second" in names and "first" not in names, names
    page.wait_for_screen(SECOND_ORANGE, minimum=0.7, absent=FIRST_BLUE)
    assert page.js("return window.segue.lastError") is None


def test_short_touch_swipe_cancels(page):
    page.open()
    seen = page.swipe_from_right(40, device="touch", steps=4)
    assert any(s["operation"] == "present" for s in seen), \
        f"a 40 px edge swipe (past the 15 pt hysteresis) should start a present: {seen}"
    page.wait(lambda: settled(page), 10, "the cancelled present never ended")
    names = page.node_names()
    assert "first" in names and "second" not in names, names
    page.wait_for_screen(FIRST_BLUE, minimum=0.7, absent=SECOND_ORANGE)


def test_mouse_swipe_presents_the_next_controller(page):
    page.open(metrics=DESKTOP)
    assert page.fraction_of(FIRST_BLUE) > 0.7
    page.js(RECORD_POINTER_TYPES)
    seen = page.swipe_from_right(200, device="mouse", steps=12)
    assert pointer_types(page) == [["mouse", True]]
    assert any(s["operation"] == "present" and s["phase"] == "interactive" for s in seen), seen
    page.wait(lambda: settled(page) and "first" not in page.node_names(), 10,
              "the released mouse swipe did not finish the present")
    assert "second" in page.node_names()
    page.wait_for_screen(SECOND_ORANGE, minimum=0.7, absent=FIRST_BLUE)
