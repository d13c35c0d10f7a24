"""The page survives its server going away: it notices quickly (a close, or pings nobody answers),
dims the screen under a veil that says so and refuses input visibly, retries by itself, and says
what came back."""

from __future__ import annotations

import base64
import os
import re
import signal
import time

import pytest
from selenium.webdriver.common.by import By

from .segue_browser import DESKTOP, FIRST_BLUE, MOBILE, SECOND_ORANGE, close, decode_png

RESET_NOTICE = "Reconnected — the scene started again from its first screen"
REFUSED = "Not connected — your input was not sent"
# Public/js/connection.js: SILENCE_LIMIT_MS and CONNECT_TIMEOUT_MS.
SILENCE_LIMIT_S = 3.0
CONNECT_TIMEOUT_S = 4.0
# The veil's black at 0.62 opacity (style.css) leaves 0.38 of the colour under it.
VEIL_LEFT = 0.38

_RECT_JS = """const r = document.getElementById(arguments[0]).getBoundingClientRect();
return [r.left, r.top, r.width, r.height];"""


def veil_state(page) -> dict:
    return page.js("""const v = document.getElementById('veil');
return {shown: v.checkVisibility(), title: document.getElementById('veil-title').textContent,
        countdown: document.getElementById('veil-countdown').textContent,
        refused: document.getElementById('veil-refused').checkVisibility()
                 ? document.getElementById('veil-refused').textContent : null,
        shaking: v.classList.contains('shake'), shakes: window.segue.veilShakes}""")


def composited(page, x: float, y: float) -> tuple[int, int, int]:
    """The colour Chromium composited at window CSS point (x, y): canvas, veil and all."""
    shot = page.driver.execute_cdp_cmd("Page.captureScreenshot", {
        "format": "png", "clip": {"x": x, "y": y, "width": 1, "height": 1, "scale": 1}})
    _, _, rows = decode_png(base64.b64decode(shot["data"]))
    return tuple(rows[:3])


def test_page_reconnects_after_the_server_restarts_on_the_same_port(own_page):
    page, server = own_page, own_page.server
    page.open()
    veil = page.driver.find_element(By.ID, "veil")
    assert not veil.is_displayed()

    # Leave the first session somewhere recognisable: `second` presented.
    page.swipe_from_right(200, steps=10)
    page.wait(lambda: page.stats()["operation"] is None and "first" not in page.node_names(), 10,
              "the swipe did not present `second`")
    page.wait_for_screen(SECOND_ORANGE, minimum=0.7)
    port, first_pid = server.port, server.process.pid

    server.kill()
    page.wait(lambda: page.js("return window.segue.connected") is False, 5,
              "the page did not notice the server going away")
    page.wait(veil.is_displayed, 2, "#veil is not shown while disconnected")
    drawn_before = page.stats()["framesDrawn"]

    # Stay down until at least one retry has failed (Chromium logs the refused WebSocket), then
    # come back on the same port.
    failures = []

    def retry_failed():
        failures.extend(entry["message"] for entry in page.driver.get_log("browser")
                        if "WebSocket connection to" in entry["message"] and "failed" in entry["message"])
        return failures
    page.wait(retry_failed, 5, "the page did not retry while the server was down")
    assert f"ws://127.0.0.1:{port}/" in failures[0], failures
    assert page.js("return window.segue.connected") is False
    assert veil.is_displayed() and veil_state(page)["title"] == "Disconnected — reconnecting…"
    server.start()
    assert server.port == port and server.process.pid != first_pid

    page.wait_connected(timeout=15)
    page.wait(lambda: not veil.is_displayed(), 5, "#veil still shown after reconnecting")
    # A new connection is a new scene session, and the notice says so: `second` is gone, and the
    # page draws the new session's keyframe, `first` again.
    notice = page.driver.find_element(By.ID, "notice")
    page.wait(lambda: notice.is_displayed() and notice.text == RESET_NOTICE, 5,
              lambda: f"the reconnect notice does not say the scene was reset: {notice.text!r}")
    page.wait(lambda: page.stats()["framesDrawn"] > drawn_before, 5, "nothing drawn after reconnecting")
    page.wait(lambda: "first" in page.node_names() and "second" not in page.node_names(), 5,
              "the new session's first frame is not slides' `first`")
    page.wait_for_screen(FIRST_BLUE, minimum=0.7, absent=SECOND_ORANGE)
    assert page.js("return window.segue.hello.sceneNames") == ["slides", "menu", "stack", "fade", "photos", "settings", "sheet", "drawer"]

    # And it is live: input works on the new connection.
    seen = page.swipe_from_right(40, steps=4)
    assert any(s["operation"] == "present" for s in seen), seen
    page.wait(lambda: page.stats()["operation"] is None, 10, "the cancelled swipe never ended")
    page.wait_for_screen(FIRST_BLUE, minimum=0.7, absent=SECOND_ORANGE)


def test_a_server_swapped_on_the_same_port_gets_the_pages_scene_device_and_slow_motion_back(own_page):
    """What `scripts/dev` relies on when it swaps the server: the page keeps its place."""
    page, server = own_page, own_page.server
    page.open("?scene=menu&device=iphone-se", metrics=DESKTOP)
    page.js("window.dispatchEvent(new KeyboardEvent('keydown', {key: 's'}))")
    page.wait(lambda: page.stats()["slowAnimations"] is True, 5, "slow animations never came on")
    page.wait(lambda: page.js("return window.segue.lastFrame.header.viewportWidth") == 375, 5,
              "the server never saw the iPhone SE's width")

    server.kill()
    page.wait(lambda: page.js("return window.segue.connected") is False, 5, "the page did not notice")
    server.start()
    page.wait_connected(timeout=15)
    page.wait(lambda: page.js("return window.segue.hello.currentScene") == "menu", 5,
              "the new session is not on the page's scene")
    page.wait(lambda: page.stats()["slowAnimations"] is True, 5, "slow motion was lost across the swap")
    page.wait(lambda: page.js("return window.segue.lastFrame.header.viewportWidth") == 375
              and page.js("return window.segue.lastFrame.header.viewportHeight") == 667, 5,
              "the device's size was lost across the swap")
    assert page.js("return document.getElementById('device-picker').value") == "iphone-se"


@pytest.mark.parametrize("metrics", [MOBILE, DESKTOP], ids=["phone", "desktop"])
def test_a_lost_connection_dims_the_screen_and_counts_down_to_the_next_try(own_page, metrics):
    page, server = own_page, own_page.server
    page.open(metrics=metrics)
    page.wait_for_screen(FIRST_BLUE, minimum=0.7)
    left, top, width, height = page.js(_RECT_JS, "stage")
    # A point of `first`'s blue, below its heading and the veil's words, above its button.
    point = (left + width * 0.5, top + height * 0.65)
    assert close(composited(page, *point), FIRST_BLUE), composited(page, *point)

    server.kill()
    page.wait(lambda: veil_state(page)["shown"], 2, "no veil over the screen after the server went away")
    state = veil_state(page)
    assert state["title"] == "Disconnected — reconnecting…", state
    assert re.fullmatch(r"Next try in \d+ s|Trying now…", state["countdown"]), state
    # It covers exactly the device's screen: the whole window on a phone, the outline's screen on a
    # desktop.
    veil_rect = page.js(_RECT_JS, "veil")
    assert veil_rect == pytest.approx([left, top, width, height], abs=0.5), (veil_rect, [left, top, width, height])
    if metrics is DESKTOP:
        assert width < metrics["width"] and height < metrics["height"], (width, height)
    dimmed = tuple(round(c * VEIL_LEFT) for c in FIRST_BLUE)
    page.wait(lambda: close(composited(page, *point), dimmed, tolerance=4), 2,
              lambda: f"the screen is not dimmed: {composited(page, *point)}, expected {dimmed}")
    # The countdown follows the retries: the backoff grows past a second, and the veil counts it.
    page.wait(lambda: re.fullmatch(r"Next try in [1-9] s", veil_state(page)["countdown"]), 6,
              lambda: f"the veil never counted down to a try: {veil_state(page)}")


def test_a_server_that_stops_answering_is_dropped_for_its_missing_pongs(own_page):
    """A stopped process (or a lost network) closes nothing: only the unanswered pings tell."""
    page, server = own_page, own_page.server
    page.open()
    page.wait(lambda: page.stats()["rttMs"] is not None, 5, "no pong on a live connection")
    os.kill(server.process.pid, signal.SIGSTOP)
    try:
        stopped = time.monotonic()
        page.wait(lambda: page.js("return window.segue.connected") is False, SILENCE_LIMIT_S + 2.5,
                  "the page still thinks a server that answers nothing is connected")
        noticed = time.monotonic() - stopped
        assert noticed <= SILENCE_LIMIT_S + 2.5, noticed
        assert veil_state(page)["shown"], veil_state(page)
        # The stopped server's kernel still accepts TCP, so a handshake hangs: it is given up
        # after CONNECT_TIMEOUT_S and tried again, and the veil keeps counting.
        attempts = page.js("return window.segue.connectionAttempts")
        page.wait(lambda: page.js("return window.segue.connectionAttempts") >= attempts + 2,
                  CONNECT_TIMEOUT_S + 2.5, "a handshake the server never answers holds the page")
        assert page.js("return window.segue.connected") is False
    finally:
        os.kill(server.process.pid, signal.SIGCONT)
    page.wait_connected(timeout=10)
    assert not veil_state(page)["shown"]
    notice = page.driver.find_element(By.ID, "notice")
    page.wait(lambda: notice.is_displayed() and notice.text == RESET_NOTICE, 5,
              lambda: f"no reset notice after the reconnect: {notice.text!r}")


@pytest.mark.parametrize("metrics", [MOBILE, DESKTOP], ids=["phone", "desktop"])
def test_input_without_a_connection_is_refused_visibly(own_page, metrics):
    page, server = own_page, own_page.server
    page.open(metrics=metrics)
    touch = metrics is MOBILE
    down, move, up = (("touchStart", "touchMove", "touchEnd") if touch
                      else ("mousePressed", "mouseMoved", "mouseReleased"))
    raw = page.touch if touch else page.mouse

    def send(kind, x=None, y=None):
        raw(kind, *page.to_window(x, y)) if x is not None else raw(kind)
    w, h = page.screen_size

    # A swipe begun while connected, and continued after the connection went: its moves are
    # refused on the veil, not dropped.
    send(down, w - 1, h / 2)
    send(move, w - 20, h / 2)
    page.wait(lambda: page.stats()["operation"] == "present", 5, "the swipe did not start a present")
    assert page.js("return window.segue.refusedInputs") == 0
    server.kill()
    page.wait(lambda: veil_state(page)["shown"], 2, "no veil after the server went away")
    send(move, w - 60, h / 2)
    page.wait(lambda: veil_state(page)["refused"] == REFUSED, 2,
              lambda: f"a move without a connection was dropped silently: {veil_state(page)}")
    assert veil_state(page)["shakes"] == 1, veil_state(page)
    send(up, w - 60, h / 2)
    refused = page.js("return window.segue.refusedInputs")
    assert refused >= 1

    # A new touch or click lands on the veil, which refuses it and shakes again.
    page.wait(lambda: not veil_state(page)["shaking"], 2, "the shake never ended")
    send(down, w / 2, h * 0.3)
    send(up, w / 2, h * 0.3)
    page.wait(lambda: veil_state(page)["shakes"] == 2, 2,
              lambda: f"a tap on the veil did not shake it: {veil_state(page)}")
    assert page.js("return window.segue.refusedInputs") > refused
    assert veil_state(page)["refused"] == REFUSED
    assert page.js("return document.elementFromPoint(...arguments).id", *page.to_window(w / 2, h * 0.3)) in (
        "veil", "veil-title", "veil-countdown", "veil-refused")

    # The menu's requests are refused there too: opening Timing could not ask for its list.
    page.wait(lambda: not veil_state(page)["shaking"], 2, "the shake never ended")
    page.js("document.getElementById('control-timing').click()")
    assert veil_state(page)["refused"] == "Not connected — that was not sent", veil_state(page)
    assert veil_state(page)["shakes"] == 3, veil_state(page)
