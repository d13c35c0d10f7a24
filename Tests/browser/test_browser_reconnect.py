"""The page survives its server going away: it says so, retries by itself and draws again."""

from __future__ import annotations

import re

from selenium.webdriver.common.by import By

from .segue_browser import DESKTOP, FIRST_BLUE, SECOND_ORANGE


def test_page_reconnects_after_the_server_restarts_on_the_same_port(own_page):
    page, server = own_page, own_page.server
    page.open()
    banner = page.driver.find_element(By.ID, "banner")
    assert not banner.is_displayed()

    # Leave the first session somewhere recognisable: `second` presented.
    page.swipe_from_right(200, steps=10)
    page.wait(lambda: page.stats()["operation"] is None and "first" not in page.node_names(), 10,
              "the swipe did not present `second`")
    page.wait_for_screen(SECOND_ORANGE, minimum=0.7)
    port, first_pid = server.port, server.process.pid

    server.kill()
    page.wait(lambda: page.js("return window.segue.connected") is False, 5,
              "the page did not notice the server going away")
    page.wait(banner.is_displayed, 2, "#banner is not shown while disconnected")
    text = banner.text
    assert re.fullmatch(r"Reconnecting(?: in \d+ s)?…", text), text
    # Above everything: on a phone it overlaps the telemetry panel, which used to hide it.
    assert page.js("const z = (id) => +getComputedStyle(document.getElementById(id)).zIndex;"
                   "return z('banner') > Math.max(z('telemetry'), z('notice'), z('hint'))")
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
    assert banner.is_displayed() and banner.text.startswith("Reconnecting")
    server.start()
    assert server.port == port and server.process.pid != first_pid

    page.wait_connected(timeout=15)
    page.wait(lambda: not banner.is_displayed(), 5, "#banner still shown after reconnecting")
    notice = page.driver.find_element(By.ID, "notice")
    page.wait(lambda: notice.is_displayed() and notice.text == "Reconnected", 5, "a reconnect is not announced")
    # A new connection is a new scene session: the page forgot the old nodes and draws the new
    # session's keyframe, `first` again.
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
