"""The Timing panel tells the truth (issue 38, item 5): the stock push's spring and the photo
zoom's image spring are listed, each entry is named by the views and properties it animates, the
copied call carries the scene's delay and options, a keyframe edit replays the transition on
screen with the new duration, and Reset puts the scene's values back.

One phone-sized page per test, touch input; each scene's transition runs at normal speed.
"""

from __future__ import annotations

from selenium.webdriver.common.keys import Keys

from browser.segue_browser import MOBILE
from browser.test_browser_bench import CENTER_JS, Pointer, header

ENTRIES_JS = "return window.segue.animations?.entries ?? []"


def entries(page):
    return page.js(ENTRIES_JS)


def run_and_settle(page, pointer, node, operation):
    pointer.tap_scene(*page.js(CENTER_JS, node))
    page.wait(lambda: header(page)["operation"] == operation, 5, f"tapping {node} did not {operation}")
    page.wait(lambda: header(page)["operation"] is None, 10, f"the {operation} never ended")


def entry_of(page, kind, contains=""):
    """The index of the first listed entry of `kind` whose label contains `contains`, once listed."""
    find = lambda: next((i for i, e in enumerate(entries(page))  # noqa: E731
                         if e["kind"] == kind and contains in e.get("label", "")), None)
    page.wait(lambda: find() is not None, 5, lambda: f"no {kind} entry naming {contains!r}: {entries(page)}")
    return find()


def row_text(page, index, part):
    return page.driver.find_element("css selector", f'#tuning [data-index="{index}"] {part}').text


def test_the_stock_push_and_the_photo_zoom_are_listed_by_the_views_they_move(page):
    page.open("?scene=settings", MOBILE)
    pointer = Pointer(page, "touch")
    pointer.tap_dock("control-timing")
    run_and_settle(page, pointer, "general-about", "push")
    push = entry_of(page, "physicalSpringAnimator", "about: transform")
    label = row_text(page, push, ".spring-title")
    # The pushed and the covered screen, the shadow and dimming the push adds, then the bar alongside.
    assert label.startswith("about: transform · settings-shadow: transform, alpha · general: transform · "
                            "settings-dimming: alpha · navigation-title-other: center, alpha"), label
    assert "#" not in label
    code = row_text(page, push, "code")
    assert code.startswith("UIViewPropertyAnimator(duration: 0.5") and \
        "UISpringTimingParameters(mass: 3.0, stiffness: 1000.0, damping: 109.5445" in code, code

    page.open("?scene=photos", MOBILE)
    pointer.tap_dock("control-timing")
    run_and_settle(page, pointer, "tile-4", "push")
    image = entry_of(page, "physicalSpringAnimator", "photo-image: frame")
    assert "mass: 4.5, stiffness: 1300.0, damping: 95.0" in row_text(page, image, "code")
    backdrop = entry_of(page, "curveAnimator", "photo-backdrop: alpha")
    assert backdrop != image


def test_copy_as_swift_carries_the_scenes_delay_and_options(page):
    page.open("?scene=stack", MOBILE)
    pointer = Pointer(page, "touch")
    pointer.tap_dock("control-timing")
    run_and_settle(page, pointer, "stackfirst-present", "present")
    modal = entry_of(page, "springBlock", "stacksecond: transform")
    assert row_text(page, modal, "code") == (
        "UIView.animate(withDuration: 0.6, delay: 0.1, usingSpringWithDamping: 0.85, initialSpringVelocity: 2.5, "
        "options: [.curveEaseOut], animations: { … })")

    page.open("?scene=slides", MOBILE)
    pointer.tap_dock("control-timing")
    run_and_settle(page, pointer, "first-next", "present")
    keyframes = entry_of(page, "keyframeBlock")
    assert row_text(page, keyframes, "code") == (
        "UIView.animateKeyframes(withDuration: 1.5, delay: 0.0, options: [.calculationModeLinear], animations: { … })")


def finish_time(page, pointer):
    """Seconds of server clock from the replay's first finishing frame to the transition's end."""
    page.wait(lambda: header(page)["phase"] == "finishing", 3, "the edit did not replay the transition")
    start = page.js("return window.segue.lastFrame.header.serverTime")
    page.wait(lambda: header(page)["operation"] is None, 10, "the replay never ended")
    return page.js("return window.segue.lastFrame.header.serverTime") - start


def test_a_keyframe_edit_replays_with_it_and_reset_restores_the_scene(page):
    page.open("?scene=slides", MOBILE)
    pointer = Pointer(page, "touch")
    pointer.tap_dock("control-scrub")
    pointer.tap_scene(*page.js(CENTER_JS, "first-next"))
    page.wait(lambda: header(page)["operation"] == "present", 5, "Next did not present")
    pointer.tap_element("scrub-pause")
    page.wait(lambda: header(page)["phase"] == "interactive", 3, "the pause did not hold the present")
    pointer.tap_dock("control-timing")
    index = entry_of(page, "keyframeBlock")
    field = page.driver.find_element("css selector", f'#tuning [data-index="{index}"] input[data-field="duration"]')
    field.send_keys(Keys.CONTROL, "a")
    field.send_keys("3", Keys.ENTER)
    replay = finish_time(page, pointer)
    assert 2.9 < replay < 3.1, f"the replay took {replay:.3f} s, not the new 3 s"
    assert entries(page)[index]["current"]["duration"] == 3

    page.driver.find_element("css selector", f'#tuning [data-index="{index}"] .tuning-reset').click()
    page.wait(lambda: entries(page)[index]["current"]["duration"] == 1.5, 3, "Reset did not restore 1.5 s")
    assert not page.driver.find_elements("css selector", "#tuning .tuning-reset, #tuning .tuning-reset-all")
