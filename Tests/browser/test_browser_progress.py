"""The telemetry's progress tells the truth (issue 38, item 6): it is how far the transition's
motion has gone, as its views show it, for a push riding the stock spring and for a sheet, whose
height measures it; the scrub bar's slider sets that same quantity; a swipe's lift is read out
(velocity, projection, threshold, decision). Each reading is checked against the frame it came
with: the header's progress beside the nodes of the same frame."""

from __future__ import annotations

import json
import time

from browser.segue_browser import Page

PHONE = {"width": 390, "height": 844, "deviceScaleFactor": 3, "mobile": True}
WIDE = {"width": 1440, "height": 900, "deviceScaleFactor": 1, "mobile": False}
# How long a flicked sheet, slowed ten times, may take to be seen finishing and to finish.
SLOWED_DISMISSAL_WAIT = 20.0

# The last frame's header progress, phase and operation, beside one node's frame.
FRAME_JS = """
const frame = window.segue.lastFrame;
const n = frame.nodes.find((n) => n.name === arguments[0]);
return {progress: frame.header.progress, phase: frame.header.phase, operation: frame.header.operation,
        node: n ? {tx: n.tx, ty: n.ty, width: n.width, height: n.height} : null};
"""
# A node's centre on the screen, or null while the last frame has no such node.
CENTER_JS = """
const n = window.segue.lastFrame.nodes.find((n) => n.name === arguments[0]);
if (!n) return null;
return [n.tx + n.a * n.width / 2 + n.c * n.height / 2, n.ty + n.b * n.width / 2 + n.d * n.height / 2];
"""


# The sheet's top at the medium detent on the phone, as `segue record --scene sheet` shows it.
MEDIUM_TOP = 450.5


def sheet_rests_at(page: Page, top: float) -> bool:
    """The sheet ("compose") is at `top` in two frames read 100 ms apart."""
    first = frame(page, "compose")["node"]
    time.sleep(0.1)
    second = frame(page, "compose")["node"]
    return first is not None and second is not None and abs(first["ty"] - top) < 0.5 and first == second


def frame(page: Page, name: str) -> dict:
    return page.js(FRAME_JS, name)


def samples_while(page: Page, name: str, keep, timeout: float = 8.0) -> list[dict]:
    """Frames read every 15 ms while `keep(frame)` holds (after it first does)."""
    seen, started, deadline = [], False, time.monotonic() + timeout
    while time.monotonic() < deadline:
        shown = frame(page, name)
        if keep(shown):
            started = True
            seen.append(shown)
        elif started:
            break
        time.sleep(0.015)
    return seen


def test_a_push_reads_how_far_its_screen_has_crossed(page):
    """settings' push rides the stock damped spring: at every frame the progress is About's share
    of the width crossed (it used to be the share of the time: 0.5 with About 96% across)."""
    page.open("?scene=settings", WIDE)
    page.js("document.getElementById('control-slow').click()")
    page.wait(lambda: page.stats()["slowAnimations"] is True, 5, "slow animations did not start")
    page.tap_scene(page.js(CENTER_JS, "general-about"), touch=False)
    pushing = samples_while(page, "about", lambda f: f["operation"] == "push" and f["node"] is not None)
    assert len(pushing) > 20, pushing
    for shown in pushing:
        node = shown["node"]
        crossed = min(max((node["width"] - node["tx"]) / node["width"], 0), 1)
        assert abs(shown["progress"] - crossed) < 0.002, shown
    middle = [f for f in pushing if 0.3 < f["progress"] < 0.9]
    assert middle, f"the slowed push shows its middle: {[f['progress'] for f in pushing]}"


def test_the_scrub_slider_sets_that_progress(page):
    """The slider at 0.5 puts About halfway across (it used to put it 96% across)."""
    page.open("?scene=settings", WIDE)
    page.js("document.getElementById('control-slow').click()")
    page.wait(lambda: page.stats()["slowAnimations"] is True, 5, "slow animations did not start")
    page.tap_scene(page.js(CENTER_JS, "general-about"), touch=False)
    page.wait(lambda: frame(page, "about")["operation"] == "push", 5, "the tap on About did not push")
    page.js("document.getElementById('scrub-pause').click()")
    page.wait(lambda: frame(page, "about")["phase"] == "interactive", 5, "the scrub bar did not hold the push")
    page.js("const s = document.getElementById('scrub-progress'); s.value = '0.5';"
            "s.dispatchEvent(new Event('input'));")
    page.wait(lambda: abs(frame(page, "about")["progress"] - 0.5) < 0.001, 5,
              lambda: f"the seek did not reach 0.5: {frame(page, 'about')}")
    held = frame(page, "about")
    assert abs(held["node"]["tx"] - held["node"]["width"] / 2) < 1, held
    page.js("document.getElementById('scrub-finish').click()")
    page.wait(lambda: frame(page, "about")["operation"] is None, 10, "the push never finished")


def test_a_sheet_flicked_away_reads_its_height_going(page):
    """A flick down from the medium detent: while the dismissal finishes, the progress is the
    share of the sheet's height gone, rising every frame (it used to read 0.000 for 0.7 s)."""
    page.open("?scene=sheet", PHONE)
    page.tap_scene(page.js(CENTER_JS, "notes-compose"))
    # At rest at the medium detent (its top at 450.5 of 844): the touch below must land on it.
    page.wait(lambda: page.stats()["operation"] is None and sheet_rests_at(page, MEDIUM_TOP), 8,
              lambda: f"the sheet did not come to rest at the medium detent: {frame(page, 'compose')}")
    # Slowed ten times, the sheet's spring runs long enough to be read frame after frame.
    page.js("document.getElementById('control-slow').click()")
    page.wait(lambda: page.stats()["slowAnimations"] is True, 5, "slow animations did not start")
    width, height = page.screen_size
    x = width / 2
    start = height * 0.62
    # What reached the canvas, for the failure message.
    page.js("window.pointersSeen = []; const stage = document.getElementById('stage');"
            "for (const type of ['pointerdown', 'pointermove', 'pointerup', 'pointercancel', 'lostpointercapture'])"
            "  stage.addEventListener(type, (e) => window.pointersSeen.push([type, Math.round(e.clientY)]));")
    sheet_at_touch = frame(page, "compose")
    # Far enough down (275 points, over half the medium detent's height) that the nearest target is
    # dismissal even were the lift's speed lost: a busy machine delays the moves, not the outcome.
    page.touch("touchStart", *page.to_window(x, start))
    for step in range(1, 6):
        page.touch("touchMove", *page.to_window(x, start + 55 * step))
        time.sleep(0.016)
    page.touch("touchEnd")
    # Slowed, the dismissal lasts seconds; a loaded machine may take seconds more to show it start.
    finishing = samples_while(page, "notes", lambda f: f["operation"] == "dismiss" and f["phase"] == "finishing",
                              timeout=SLOWED_DISMISSAL_WAIT)
    readings = [f["progress"] for f in finishing]
    seen = {"readings": readings, "sheet at the touch": sheet_at_touch, "last": frame(page, "notes"),
            "stats": page.stats(), "pointers": page.js("return window.pointersSeen"),
            "connected": page.js("return window.segue.connected"),
            "texts": page.js("return window.segue.lastFrame.nodes.map((n) => n.text).join(' ')")}
    assert len(readings) >= 5, json.dumps(seen, default=str)
    assert readings[0] > 0.1, f"the flick had already taken a share of the height: {readings}"
    assert all(b >= a - 1e-4 for a, b in zip(readings, readings[1:])), readings
    assert readings[-1] > 0.8, readings


def test_a_back_swipe_is_read_out_at_the_lift(page):
    """The stock back swipe's lift: its velocity, its projection (the offset plus 0.3 s of speed,
    over the width), the half-width threshold and the decision, in the overlay's release row."""
    page.open("?scene=settings", WIDE)
    page.tap_scene(page.js(CENTER_JS, "general-about"), touch=False)

    def pushed():
        """The push has ended with About on screen (absent from the frames before it starts)."""
        center = page.js(CENTER_JS, "about")
        return page.stats()["operation"] is None and center is not None and center[0] < 200

    page.wait(pushed, 8, "the push did not end")
    width, height = page.screen_size
    page.mouse("mousePressed", *page.to_window(3, height / 2))
    for step in range(1, 7):
        page.mouse("mouseMoved", *page.to_window(3 + 25 * step, height / 2))
        time.sleep(0.016)
    page.mouse("mouseReleased", *page.to_window(153, height / 2))
    page.wait(lambda: page.stats().get("release") is not None, 5, "no release reading arrived")
    release = page.stats()["release"]
    assert release["operation"] == "pop" and release["threshold"] == 0.5, release
    assert release["velocity"] > 300, release
    assert abs(release["projectedProgress"] - (release["progress"] + 0.3 * release["velocity"] / width)) < 1e-6
    assert release["decision"] == ("finish" if release["projectedProgress"] > 0.5 else "cancel"), release
    row = page.js("return document.querySelector('[data-stat=\"release\"]').textContent")
    assert release["decision"] in row and "0.5" in row, row
