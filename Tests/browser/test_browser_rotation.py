"""Page and server agree on rotation (issue 38, item 2). UIKit turns a window only once the
transition on screen has ended, and the server does the same: a viewport change mid-transition
waits for the transition's end. So the page draws every frame at the size it was laid out at: on a
desktop the device outline keeps the frames' orientation and turns with them; on a phone whose
window turned the old frames are drawn whole, fitted to the window, until the first frame at the
new size. The push is held by the scrub bar meanwhile, so nothing depends on timing; finishing it
lets the server turn. The ☰ button follows, and in landscape it keeps off a sheet's Done."""

from __future__ import annotations

import pytest

from browser.segue_browser import Page

PHONE = {"width": 390, "height": 844, "deviceScaleFactor": 3, "mobile": True}
PHONE_SIDEWAYS = {"width": 844, "height": 390, "deviceScaleFactor": 3, "mobile": True}
WIDE = {"width": 1440, "height": 900, "deviceScaleFactor": 1, "mobile": False}

SHOWN_JS = """
const canvas = document.getElementById('stage');
const r = canvas.getBoundingClientRect();
const h = window.segue.lastFrame.header;
return {frame: [h.viewportWidth, h.viewportHeight], canvas: [canvas.clientWidth, canvas.clientHeight],
        rect: [r.left, r.top, r.width, r.height], window: [innerWidth, innerHeight], operation: h.operation,
        phase: h.phase, outline: document.getElementById('device').dataset.orientation ?? null,
        notice: document.getElementById('notice').textContent};
"""
CENTER_JS = """
const n = window.segue.lastFrame.nodes.find((n) => n.name === arguments[0]);
return [n.tx + n.a * n.width / 2 + n.c * n.height / 2, n.ty + n.b * n.width / 2 + n.d * n.height / 2];
"""
RECT_JS = "const r = document.getElementById(arguments[0]).getBoundingClientRect();" \
          "return {left: r.left, top: r.top, right: r.right, bottom: r.bottom};"
LABELS_JS = """
return window.segue.lastFrame.nodes.filter((n) => n.text && n.alpha > 0.05).map((n) => ({
  name: n.name, left: n.tx, top: n.ty, right: n.tx + n.a * n.width, bottom: n.ty + n.d * n.height}));
"""


def shown(page: Page) -> dict:
    return page.js(SHOWN_JS)


def hold_a_push(page: Page, touch: bool) -> None:
    """Taps About in settings and holds the push it starts with the scrub bar's pause."""
    page.js("document.getElementById('control-slow').click()")
    page.wait(lambda: page.stats()["slowAnimations"] is True, 5, "slow animations did not start")
    page.tap_scene(page.js(CENTER_JS, "general-about"), touch)
    page.wait(lambda: shown(page)["operation"] == "push", 5, "the tap on About did not push")
    page.js("document.getElementById('scrub-pause').click()")
    page.wait(lambda: shown(page)["phase"] == "interactive", 5, "the scrub bar did not hold the push")


def assert_drawn_at_frame_size(state: dict) -> None:
    """The canvas is laid out at the frame's size and drawn with the frame's proportions."""
    assert state["canvas"] == [round(v) for v in state["frame"]], state
    width, height = state["rect"][2], state["rect"][3]
    assert abs(width / height - state["frame"][0] / state["frame"][1]) < 0.01, state


@pytest.mark.parametrize("kind", ["desktop", "phone"])
def test_the_outline_and_the_frames_turn_together(page, kind):
    touch = kind == "phone"
    page.open("?scene=settings", PHONE if touch else WIDE)
    portrait = shown(page)["frame"]
    assert portrait[0] < portrait[1]
    hold_a_push(page, touch)

    if touch:
        page.emulate(PHONE_SIDEWAYS)
    else:
        page.js("document.getElementById('rotate').click()")
    page.wait(lambda: "turns once the transition ends" in shown(page)["notice"], 5,
              lambda: f"no notice that the screen turns later: {shown(page)}")
    held = shown(page)
    # The server keeps the held push in portrait, and the page draws it so: whole and upright.
    assert held["frame"] == portrait, held
    assert_drawn_at_frame_size(held)
    if touch:
        left, top, width, height = held["rect"]
        assert top >= -0.5 and top + height <= held["window"][1] + 0.5, held
        assert abs(left + width / 2 - held["window"][0] / 2) < 1, "the old frame is centred"
    else:
        assert held["outline"] == "portrait", held

    page.js("document.getElementById('scrub-finish').click()")
    page.wait(lambda: shown(page)["frame"][0] > shown(page)["frame"][1], 15,
              lambda: f"the server never turned after the push ended: {shown(page)}")
    turned = shown(page)
    assert turned["operation"] is None, turned
    assert_drawn_at_frame_size(turned)
    if not touch:
        assert turned["outline"] == "landscape" and turned["frame"] == [portrait[1], portrait[0]], turned
        return
    assert turned["canvas"] == turned["window"] == [844, 390], turned
    # The ☰ button leaves the Dynamic Island's spot for the turned screen's top corner.
    pill = page.js(RECT_JS, "controls-toggle")
    assert pill["top"] < 40 and (pill["right"] > 844 - 60 or pill["left"] < 60), pill


def test_a_sideways_sheet_keeps_its_done_button_clear_of_the_menu_button(page):
    page.open("?scene=sheet", PHONE_SIDEWAYS)
    page.tap_scene(page.js(CENTER_JS, "notes-compose"), touch=True)
    page.wait(lambda: any(label["name"].endswith("done") or "Done" in label["name"]
                          for label in page.js(LABELS_JS)) and shown(page)["operation"] is None, 5,
              "Compose did not present the sheet")
    page.wait(lambda: True, 0.3, "")
    pill = page.js(RECT_JS, "controls-toggle")
    for label in page.js(LABELS_JS):
        left, top = page.to_window(label["left"], label["top"])
        right, bottom = page.to_window(label["right"], label["bottom"])
        overlap = pill["left"] < right and left < pill["right"] and pill["top"] < bottom and top < pill["bottom"]
        assert not overlap, f"the ☰ button {pill} covers {label['name']} {(left, top, right, bottom)}"
