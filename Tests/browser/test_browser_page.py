"""The page loads, connects, draws the scene, shows live telemetry and switches scenes."""

from __future__ import annotations

import math
import re

from selenium.webdriver.common.action_chains import ActionChains
from selenium.webdriver.common.by import By
from selenium.webdriver.support.ui import Select

from .segue_browser import FIRST_BLUE, SECOND_ORANGE, close

SCENES = ["slides", "menu", "stack", "fade"]


def number_in(text: str) -> float:
    match = re.search(r"-?\d+(?:\.\d+)?", text)
    assert match, f"no number in {text!r}"
    return float(match.group())


def test_page_connects_and_draws_the_first_scene(page):
    page.open()
    hello = page.js("return window.segue.hello")
    assert hello["sceneNames"] == SCENES
    assert hello["currentScene"] == "slides"
    assert hello["framesPerSecond"] > 0
    assert page.js("return window.segue.connected") is True
    assert page.js("return document.getElementById('banner').hidden") is True
    assert page.js("return window.segue.lastError") is None

    # The backing store is at devicePixelRatio: 390 × 844 CSS px at 2× is 780 × 1688.
    assert page.js("const c = document.getElementById('stage'); return [c.width, c.height]") == [780, 1688]
    names = page.node_names()
    assert "first" in names and "second" not in names, names
    header = page.js("return window.segue.lastFrame.header")
    assert (header["viewportWidth"], header["viewportHeight"]) == (390, 844)
    assert header["operation"] is None

    # `first`'s blue fills most of the screen (the heading, hint and button cover the rest).
    share = page.wait_for_screen(FIRST_BLUE, minimum=0.7, absent=SECOND_ORANGE)
    assert share >= 0.7
    # Its exact color, in the middle of the screen between heading and button.
    assert close(page.sample([(195, 560)])[0], FIRST_BLUE, tolerance=0)

    # The picker lists the hello's scenes and shows the current one; the URL names it.
    picker = Select(page.driver.find_element(By.ID, "scene-picker"))
    assert [o.get_attribute("value") for o in picker.options] == SCENES
    assert picker.first_selected_option.get_attribute("value") == "slides"
    assert page.driver.current_url.endswith("?scene=slides")


def test_telemetry_shows_live_numbers(page):
    page.open()
    # Activity: a swipe that presents (frames stream while the finger moves and the tail plays).
    page.swipe_from_right(200, steps=12)
    page.wait(lambda: "second" in page.node_names() and page.stats()["operation"] is None, 10,
              "the swipe did not present `second`")

    def text(stat):
        return page.driver.find_element(By.ID, f"stat-{stat}").text

    page.wait(lambda: page.stats()["rttMs"] is not None, 5, "no pong arrived")
    stats = page.stats()
    assert math.isfinite(stats["rttMs"]) and 0 < stats["rttMs"] < 1000, stats
    assert stats["bytesPerFrame"] > 0, stats
    assert stats["framesDrawn"] >= 10, stats
    assert stats["frameSequence"] >= 10, stats
    assert stats["fps"] > 0 and math.isfinite(stats["fps"]), stats
    assert stats["serverFps"] == page.js("return window.segue.hello.framesPerSecond")
    assert stats["inputLatencyMs"] is not None and stats["inputLatencyMs"] >= 0, stats
    assert stats["serverBuildMs"] >= 0, stats

    # The overlay's text shows the same kind of numbers (it refreshes at most every 100 ms).
    page.wait(lambda: text("rtt") != "–", 5, "#stat-rtt never showed a number")
    fps_text, rtt_text, bytes_text = text("fps"), text("rtt"), text("bytes")
    assert re.fullmatch(r"\d+ fps / \d+", fps_text), fps_text
    assert number_in(fps_text) > 0
    assert re.fullmatch(r"\d+\.\d ms", rtt_text), rtt_text
    assert 0 < number_in(rtt_text) < 1000 or rtt_text == "0.0 ms", rtt_text
    assert re.fullmatch(r"\d+ B", bytes_text), bytes_text
    assert number_in(bytes_text) > 0
    assert re.fullmatch(r"\d+\.\d ms", text("build")), text("build")
    assert text("slow") == "normal"

    # The frame-interval graph has bars on it, and so does the progress graph.
    other, total = page.graph_pixels("telemetry-frame-graph")
    assert total == 190 * 2 * 40 * 2  # 190 × 40 CSS px at 2×
    assert other > 100, f"frame graph has only {other} non-background pixels"
    other, _ = page.graph_pixels("telemetry-progress-graph")
    assert other > 10, f"progress graph has only {other} non-background pixels"

    # H hides and shows the overlay.
    overlay = page.driver.find_element(By.ID, "telemetry")
    assert overlay.is_displayed()
    ActionChains(page.driver).send_keys("h").perform()
    page.wait(lambda: not overlay.is_displayed(), 2, "H did not hide the overlay")
    ActionChains(page.driver).send_keys("H").perform()
    page.wait(lambda: overlay.is_displayed(), 2, "H did not show the overlay again")

    # S toggles slow animations: the server echoes the flag in frame headers, the overlay shows it.
    ActionChains(page.driver).send_keys("s").perform()
    page.wait(lambda: page.driver.find_element(By.ID, "notice").text == "Slow animations ×10", 2,
              "S showed no notice")
    # A frame carries the new flag (a swipe makes sure frames flow).
    page.swipe_from_right(20, steps=3, y=300)
    page.wait(lambda: page.stats()["slowAnimations"] is True, 5, "stats.slowAnimations stayed false")
    page.wait(lambda: text("slow") == "slow ×10", 5, "#stat-slow did not say slow ×10")
    ActionChains(page.driver).send_keys("S").perform()
    page.swipe_from_right(20, steps=3, y=300)
    page.wait(lambda: page.stats()["slowAnimations"] is False, 5, "S did not switch slow animations off")
    page.wait(lambda: text("slow") == "normal", 5, "#stat-slow did not go back to normal")


def test_scene_picker_loads_the_fade_scene(page):
    page.open()
    assert "list" not in page.node_names()
    Select(page.driver.find_element(By.ID, "scene-picker")).select_by_value("fade")
    page.wait(lambda: "list" in page.node_names(), 5, "picking fade did not show `list`")
    names = page.node_names()
    assert {"tabs", "tab-bar", "navigation", "list"} <= set(names), names
    assert "first" not in names, names
    page.wait(lambda: page.js("return window.segue.hello.currentScene") == "fade", 5,
              "the server did not confirm the scene in a hello")
    assert page.driver.current_url.endswith("?scene=fade")
    assert page.js("return window.segue.lastError") is None


def test_scene_in_the_url_loads_the_fade_scene(page):
    page.open("?scene=fade")
    page.wait(lambda: "list" in page.node_names(), 5, "?scene=fade did not show `list`")
    assert "first" not in page.node_names()
    page.wait(lambda: page.js("return window.segue.hello.currentScene") == "fade", 5,
              "the server did not confirm the scene in a hello")
    assert Select(page.driver.find_element(By.ID, "scene-picker")) \
        .first_selected_option.get_attribute("value") == "fade"
    # What is drawn is fade's, not slides': no blue left anywhere on the grid.
    page.wait(lambda: page.fraction_of(FIRST_BLUE) == 0, 5, "slides' blue is still on screen")
