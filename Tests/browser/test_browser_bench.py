"""The bench's scrub bar and controls, with a real finger and a real mouse (issue 12).

The settings scene's push runs (slowed ten times, so every round trip lands mid-flight); the scrub
bar holds it, its slider drags it back and forth, a step moves it one frame, and every held frame's
geometry is the one `segue record` gives at the same progress.
"""

from __future__ import annotations

import json
import math
import subprocess
import time

import pytest
from selenium.webdriver.common.keys import Keys

from browser.segue_browser import DESKTOP, MOBILE, segue_binary
from segue_wire import VERSION

CENTER_JS = """
const n = window.segue.lastFrame.nodes.find((n) => n.name === arguments[0]);
if (!n) return null;
return [n.a * n.width / 2 + n.c * n.height / 2 + n.tx, n.b * n.width / 2 + n.d * n.height / 2 + n.ty];
"""
GEOMETRY_JS = """
return window.segue.lastFrame.nodes.map((n) => [n.name, n.tx, n.ty, n.a, n.alpha]);
"""
RECT_JS = "const r = document.getElementById(arguments[0]).getBoundingClientRect();" \
          "return [r.left, r.top, r.width, r.height];"


class Pointer:
    """Taps and drags with a finger (touch events) or a mouse, through the DevTools protocol."""

    def __init__(self, page, device: str):
        self.page = page
        self.device = device

    def down(self, x, y):
        self.page.touch("touchStart", x, y) if self.device == "touch" else self.page.mouse("mousePressed", x, y)

    def move(self, x, y):
        self.page.touch("touchMove", x, y) if self.device == "touch" else self.page.mouse("mouseMoved", x, y)

    def up(self, x, y):
        self.page.touch("touchEnd") if self.device == "touch" else self.page.mouse("mouseReleased", x, y)

    def tap(self, x, y):
        self.down(x, y)
        time.sleep(0.05)
        self.up(x, y)

    def tap_scene(self, x, y):
        """Taps a point on the scene's screen (logical px), mapped through the device outline."""
        self.tap(*self.page.to_window(x, y))

    def tap_element(self, element_id):
        left, top, width, height = self.page.js(RECT_JS, element_id)
        self.tap(left + width / 2, top + height / 2)

    def tap_dock(self, element_id):
        """Taps a dock button, opening the dock first (on a phone it closes after each choice)."""
        if self.page.js("return document.getElementById('controls').classList.contains('collapsed')"):
            self.tap_element("controls-toggle")
        self.tap_element(element_id)

    def drag_slider_to(self, fraction):
        """Presses on the slider's thumb and drags it to `fraction` of its track."""
        left, top, width, height = self.page.js(RECT_JS, "scrub-progress")
        y = top + height / 2
        # The thumb's center travels the track less a thumb's width (16 px in Chromium).
        inset = 8
        at = lambda value: left + inset + (width - 2 * inset) * value  # noqa: E731
        start = at(float(self.page.js("return document.getElementById('scrub-progress').value")))
        self.down(start, y)
        target = at(fraction)
        for step in range(1, 6):
            self.move(start + (target - start) * step / 5, y)
            time.sleep(0.03)
        self.up(target, y)


def recorded_geometry(screen, about, progress):
    """`segue record` of the same push on a `screen` (width, height) the size of the page's,
    tapped at About's center and sought to `progress`."""
    script = {"events": [
        {"t": 0.25, "type": "down", "x": about[0], "y": about[1]},
        {"t": 0.33, "type": "up", "x": about[0], "y": about[1]},
        {"t": 0.5, "type": "scrub", "command": "seek", "progress": progress},
    ]}
    output = subprocess.run(
        [segue_binary(), "record", "--scene", "settings", "--width", str(screen[0]),
         "--height", str(screen[1]), "--duration", "0.6", "--input", "-"],
        input=json.dumps(script), capture_output=True, text=True, check=True, timeout=30).stdout
    last = json.loads(output.strip().splitlines()[-1])
    assert last["transition"]["phase"] == "interactive"
    return {n["name"]: n["m"] for n in last["nodes"]}


STOCK_PUSH_OMEGA = math.sqrt(1000 / 3)


def stock_push_motion(t):
    """The stock push's motion at time t: a critically damped spring from rest, 1 − (1 + ωt)e^−ωt."""
    return 1 - (1 + STOCK_PUSH_OMEGA * t) * math.exp(-STOCK_PUSH_OMEGA * t)


def stock_push_time(progress):
    """The time the stock push's motion reaches `progress` (it only rises: bisection)."""
    low, high = 0.0, 2.0
    for _ in range(60):
        middle = (low + high) / 2
        low, high = (middle, high) if stock_push_motion(middle) < progress else (low, middle)
    return high


def header(page):
    return page.js("const h = window.segue.lastFrame.header;"
                   "return {operation: h.operation, phase: h.phase, progress: h.progress}")


@pytest.mark.parametrize("device, metrics", [("touch", MOBILE), ("mouse", DESKTOP)])
def test_the_scrub_bar_holds_drags_and_steps_a_running_push(page, device, metrics):
    page.open("?scene=settings", metrics)
    pointer = Pointer(page, device)
    collapsed = page.js("return document.getElementById('controls').classList.contains('collapsed')")
    assert collapsed == (metrics is MOBILE), "the dock starts collapsed on a phone only"
    pointer.tap_dock("control-slow")
    page.wait(lambda: page.stats()["slowAnimations"] is True, 5, "the Slow button did not slow animations")
    pointer.tap_dock("control-scrub")
    assert page.js("return document.getElementById('scrub-bar').hidden") is False

    about = page.js(CENTER_JS, "general-about")
    pointer.tap_scene(*about)
    page.wait(lambda: header(page)["operation"] == "push", 5, "the tap on About did not push")
    pointer.tap_element("scrub-pause")
    page.wait(lambda: header(page)["phase"] == "interactive", 3, "the pause did not hold the push")
    held = header(page)["progress"]
    time.sleep(0.5)
    assert header(page)["progress"] == held, "the held push kept moving"

    seen = []
    for fraction in (0.8, 0.2, 0.6):
        pointer.drag_slider_to(fraction)
        page.wait(lambda: abs(header(page)["progress"] - fraction) < 0.05, 3,
                  f"dragging the slider to {fraction} did not move the push there")
        time.sleep(0.1)
        progress = header(page)["progress"]
        seen.append(progress)
        expected = recorded_geometry(page.screen_size, about, progress)
        for name, tx, ty, a, _ in page.js(GEOMETRY_JS):
            m = expected[name]
            assert abs(tx - m[4]) < 0.01 and abs(ty - m[5]) < 0.01 and abs(a - m[0]) < 1e-4, \
                (name, progress, (tx, ty, a), m)
    assert seen[0] > seen[1] < seen[2], f"the slider did not move the push back and forth: {seen}"

    before = header(page)["progress"]
    pointer.tap_element("scrub-back")
    page.wait(lambda: header(page)["progress"] < before, 3, "one frame back did not move the push")
    step = before - header(page)["progress"]
    # One frame of time back along the stock push's critically damped spring (ω = √(1000/3)):
    # the progress is its motion, which near 0.6 moves about 0.08 a frame.
    expected = before - stock_push_motion(stock_push_time(before) - 1 / 60)
    assert abs(step - expected) < 0.003, (step, expected)

    pointer.tap_element("scrub-finish")
    page.wait(lambda: header(page)["operation"] is None, 15, "the finished push never completed")
    assert "about" in page.node_names() and "general" not in page.node_names()
    assert page.js("return window.segue.lastError") is None


ENCODE_JS = """
const done = arguments[arguments.length - 1];
Promise.all([import('/js/controls.js'), import('/js/tuning.js'), import('/js/protocol.js')]).then(([c, t, p]) => {
  const bytes = (buffer) => Array.from(new Uint8Array(buffer));
  const decoded = new p.FrameDecoder().decode(new Uint8Array(arguments[0]).buffer);
  done({
    seek: bytes(c.encodeScrub(c.ScrubCommand.seek, 0.5)),
    cancel: bytes(c.encodeScrub(c.ScrubCommand.cancel)),
    tune: bytes(t.encodeTuneAnimation(3, {duration: 0.7, dampingRatio: 0.9, initialVelocity: 0.8})),
    tuneCurve: bytes(t.encodeTuneAnimation(1, {duration: 0.5, curve: 'easeOut'})),
    list: bytes(t.encodeListAnimations()),
    animations: decoded,
    reset: bytes(t.encodeResetAnimation(2)),
    resetAll: bytes(t.encodeResetAnimation(t.EVERY_ANIMATION)),
  });
});
"""


def test_the_pages_bench_messages_have_the_published_layout(page):
    """docs/protocol.md's scrub, tune-animation and list-animations layouts, and the animations
    message decoded, in the page's own modules (Swift's side: ClientMessageTests)."""
    import struct
    page.open()

    def record(curve, duration, points=(0, 0, 0, 0), damping=0, velocity=0, omega=0, physical=(0, 0, 0)):
        return bytes([curve]) + struct.pack("<11d", duration, *points, damping, velocity, omega, *physical)

    def text(value):
        encoded = value.encode()
        assert len(encoded) < 128  # a one-byte varint length
        return bytes([len(encoded)]) + encoded

    animations = (bytes([VERSION, 5, 3])
                  + bytes([3]) + record(0, 0.6, damping=0.85, velocity=2.5, omega=12.5)
                  + record(0, 0.6, damping=0.2, velocity=2.5, omega=11)
                  + text("stacksecond: transform") + text("was") + text("now")
                  + bytes([1]) + record(0, 0.35, (0.42, 0, 0.58, 1)) + record(3, 1, (0, 0, 1, 1))
                  + text("détail: alpha") + text("") + text("call")
                  + bytes([6]) + record(0, 0.5, damping=1, omega=18.25, physical=(3, 1000, 109.5))
                  + record(0, 1, damping=0.5, omega=9, physical=(3, 243, 27)) + text("") + text("a") + text("b"))
    result = page.driver.execute_async_script(ENCODE_JS, list(animations))
    assert result["seek"] == [VERSION, 21, 2] + list(struct.pack("<d", 0.5))
    assert result["cancel"] == [VERSION, 21, 5] + [0] * 8
    assert result["tune"] == [VERSION, 22, 3, 0] + list(struct.pack("<3d", 0.7, 0.9, 0.8))
    assert result["tuneCurve"] == [VERSION, 22, 1, 2] + list(struct.pack("<3d", 0.5, 0, 0))
    assert result["list"] == [VERSION, 23]
    assert result["reset"] == [VERSION, 27, 2] and result["resetAll"] == [VERSION, 27, 255]
    spring, curve, physical = result["animations"]["entries"]
    assert result["animations"]["type"] == "animations"
    assert spring["kind"] == "springBlock" and curve["kind"] == "curveBlock"
    assert spring["original"] == {"curve": "easeInOut", "duration": 0.6, "controlPoints": [0, 0, 0, 0],
                                  "dampingRatio": 0.85, "initialVelocity": 2.5, "angularFrequency": 12.5,
                                  "mass": 0, "stiffness": 0, "damping": 0}
    assert (spring["label"], spring["originalCall"], spring["currentCall"]) == ("stacksecond: transform", "was", "now")
    assert curve["label"] == "détail: alpha" and curve["originalCall"] == "" and curve["currentCall"] == "call"
    assert physical["kind"] == "physicalSpringAnimator"
    assert [physical["current"][k] for k in ("mass", "stiffness", "damping")] == [3, 243, 27]
    assert spring["current"]["dampingRatio"] == 0.2 and spring["current"]["angularFrequency"] == 11
    assert curve["original"]["controlPoints"] == [0.42, 0, 0.58, 1] and curve["original"]["duration"] == 0.35
    assert curve["current"]["curve"] == "linear" and curve["current"]["duration"] == 1



WATCH_JS = """
window.__lowest = Infinity;
const watch = () => {
  const n = window.segue.lastFrame.nodes.find((n) => n.name === 'stacksecond');
  if (n) window.__lowest = Math.min(window.__lowest, n.ty);
  window.__watch = requestAnimationFrame(watch);
};
cancelAnimationFrame(window.__watch);
watch();
"""


def present_and_measure(page, pointer):
    """Taps Present, lets the push settle, and returns how far above its resting place (ty 0) the
    sliding modal went, in CSS px, and dismisses it again."""
    page.js(WATCH_JS)
    pointer.tap_scene(*page.js(CENTER_JS, "stackfirst-present"))
    page.wait(lambda: header(page)["operation"] == "present", 5, "Present did not present")
    page.wait(lambda: header(page)["operation"] is None, 15, "the present never ended")
    overshoot = -page.js("return window.__lowest")
    pointer.tap_scene(*page.js(CENTER_JS, "stacksecond-dismiss"))
    page.wait(lambda: header(page)["operation"] == "dismiss", 5, "Dismiss did not dismiss")
    page.wait(lambda: header(page)["operation"] is None, 15, "the dismiss never ended")
    return overshoot


@pytest.mark.parametrize("device, metrics", [("touch", MOBILE), ("mouse", DESKTOP)])
def test_editing_a_springs_damping_changes_its_next_run(page, device, metrics):
    page.open("?scene=stack", metrics)
    pointer = Pointer(page, device)
    pointer.tap_dock("control-timing")
    as_written = present_and_measure(page, pointer)

    index = modal_spring(page)
    # The spring that slides the modal in (ζ 0.85, velocity 2.5); make it bouncy.
    edit_damping(page, index, 0.2)
    page.wait(lambda: page.js(f"return window.segue.animations.entries[{index}].current.dampingRatio") == 0.2, 5,
              "the server did not take the new damping")
    code = page.driver.find_element("css selector", f'#tuning .spring[data-index="{index}"] code').text
    assert code == ("UIView.animate(withDuration: 0.6, delay: 0.1, usingSpringWithDamping: 0.2, "
                    "initialSpringVelocity: 2.5, options: [.curveEaseOut], animations: { … })"), code

    bouncy = present_and_measure(page, pointer)
    assert bouncy > as_written + 20, f"ζ 0.2 should overshoot far more: {as_written:.1f} px → {bouncy:.1f} px"
    assert page.js("return window.segue.lastError") is None


MODAL_SPRING_JS = """
return (window.segue.animations?.entries ?? [])
  .findIndex((e) => e.kind === 'springBlock' && e.original.dampingRatio === 0.85);
"""


def modal_spring(page):
    """The index of the stack present's modal spring (ζ 0.85) in the panel's list, once listed."""
    page.wait(lambda: page.js(MODAL_SPRING_JS) >= 0, 5, "the panel did not list the present's springs")
    return page.js(MODAL_SPRING_JS)


def edit_damping(page, index, value):
    field = page.driver.find_element(
        "css selector", f'#tuning .spring[data-index="{index}"] input[data-field="dampingRatio"]')
    field.send_keys(Keys.CONTROL, "a")
    field.send_keys(str(value), Keys.ENTER)


@pytest.mark.parametrize("device, metrics", [("touch", MOBILE), ("mouse", DESKTOP)])
def test_editing_a_damping_replays_the_held_transition_with_it(page, device, metrics):
    page.open("?scene=stack", metrics)
    pointer = Pointer(page, device)
    pointer.tap_dock("control-slow")
    page.wait(lambda: page.stats()["slowAnimations"] is True, 5, "slow animations did not come on")
    pointer.tap_dock("control-scrub")
    pointer.tap_scene(*page.js(CENTER_JS, "stackfirst-present"))
    page.wait(lambda: header(page)["operation"] == "present", 5, "Present did not present")
    pointer.tap_element("scrub-pause")
    page.wait(lambda: header(page)["phase"] == "interactive", 3, "the pause did not hold the present")
    pointer.tap_dock("control-timing")
    index = modal_spring(page)

    def replayed_overshoot(damping):
        page.js(WATCH_JS)
        edit_damping(page, index, damping)
        page.wait(lambda: header(page)["phase"] == "finishing", 3, f"editing ζ to {damping} did not replay")
        time.sleep(3.5)  # 0.35 s of the slowed spring: its overshoot is behind it
        pointer.tap_element("scrub-pause")
        page.wait(lambda: header(page)["phase"] == "interactive", 3, "the pause did not hold the replay")
        return -page.js("return window.__lowest")

    gentle = replayed_overshoot(0.9)
    bouncy = replayed_overshoot(0.2)
    assert bouncy > gentle + 20, f"the replay with ζ 0.2 should overshoot far more than with 0.9: {gentle:.1f} → {bouncy:.1f} px"
    assert page.js("return window.segue.lastError") is None


ALPHA_WATCH_JS = """
window.__alphas = [];
const watch = () => {
  const n = window.segue.lastFrame.nodes.find((n) => n.name === 'detail');
  if (n) window.__alphas.push([performance.now() / 1000, n.alpha]);
  window.__alphaWatch = requestAnimationFrame(watch);
};
cancelAnimationFrame(window.__alphaWatch);
watch();
"""


def push_and_sample(page, pointer):
    """Pushes fade's detail, lets it settle, and returns its alpha 0.25 s after it began to fade in
    (interpolated between the page's frames), then pops back."""
    page.js(ALPHA_WATCH_JS)
    pointer.tap_scene(*page.js(CENTER_JS, "list-open-detail"))
    page.wait(lambda: header(page)["operation"] == "push", 5, "Open detail did not push")
    page.wait(lambda: header(page)["operation"] is None, 15, "the push never ended")
    samples = page.js("cancelAnimationFrame(window.__alphaWatch); return window.__alphas")
    start = next(i for i, (_, alpha) in enumerate(samples) if alpha > 0)
    t0 = samples[start - 1][0] if start > 0 else samples[0][0]
    probe = t0 + 0.25
    alpha = next((a0 + (a1 - a0) * (probe - s0) / (s1 - s0)
                  for (s0, a0), (s1, a1) in zip(samples, samples[1:]) if s0 <= probe <= s1), 1)
    pointer.tap_scene(*page.js(CENTER_JS, "detail-back"))
    page.wait(lambda: header(page)["operation"] == "pop", 5, "Back did not pop")
    page.wait(lambda: header(page)["operation"] is None, 15, "the pop never ended")
    return alpha


FADE_CURVE_JS = """
return (window.segue.animations?.entries ?? [])
  .findIndex((e) => e.kind === 'curveBlock' && e.original.duration === 0.35);
"""


@pytest.mark.parametrize("device, metrics", [("touch", MOBILE), ("mouse", DESKTOP)])
def test_a_curve_is_listed_and_its_edited_duration_changes_its_next_run(page, device, metrics):
    """fade's push is a 0.35 s easeInOut block: listed as a curve with its Swift line; tuned to
    1 s linear, the detail's alpha 0.25 s into the next push is about a quarter, not nearly 1."""
    page.open("?scene=fade", metrics)
    pointer = Pointer(page, device)
    pointer.tap_dock("control-timing")
    as_written = push_and_sample(page, pointer)
    page.wait(lambda: page.js(FADE_CURVE_JS) >= 0, 5, "the panel did not list the push's curve")
    index = page.js(FADE_CURVE_JS)
    row = f'#tuning .curve[data-index="{index}"]'
    assert page.driver.find_element("css selector", f"{row} code").text == \
        "UIView.animate(withDuration: 0.35, delay: 0.0, options: [.curveEaseInOut], animations: { … })"
    assert page.driver.find_element("css selector", f"{row} canvas").size["width"] > 0

    field = page.driver.find_element("css selector", f'{row} input[data-field="duration"]')
    field.send_keys(Keys.CONTROL, "a")
    field.send_keys("1", Keys.ENTER)
    page.wait(lambda: page.js(f"return window.segue.animations.entries[{index}].current.duration") == 1, 5,
              "the server did not take the new duration")
    page.js(f"""const s = document.querySelector('{row} select[data-field="curve"]');
                s.value = 'linear'; s.dispatchEvent(new Event('change'));""")
    page.wait(lambda: page.js(f"return window.segue.animations.entries[{index}].current.curve") == "linear", 5,
              "the server did not take the new curve")
    assert page.driver.find_element("css selector", f"{row} code").text == \
        "UIView.animate(withDuration: 1.0, delay: 0.0, options: [.curveLinear], animations: { … })"

    tuned = push_and_sample(page, pointer)
    # easeInOut(0.25 / 0.35) = 0.86 and linear 0.25; the fade's start is known to a frame or two on
    # a real clock, so each bound leaves that much room.
    assert as_written > 0.65, f"0.25 s into a 0.35 s easeInOut fade: alpha {as_written:.2f}"
    assert 0.1 < tuned < 0.45, f"0.25 s into a 1 s linear fade: alpha {tuned:.2f}"
    assert page.js("return window.segue.lastError") is None
