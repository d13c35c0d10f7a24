"""The page's query parameters (issue 38): scene, device, orientation and watch are checked as the
page loads (Public/js/params.js). A value the page cannot use is reported in a notice that fits the
window (wrapped, the value cut short with an ellipsis) and removed from the address; a share link
whose session has ended says so without flashing the disconnected veil or "Reconnected" first.
"""

from __future__ import annotations

import pytest

from browser.segue_browser import DESKTOP, MOBILE

WIDE = {"width": 1440, "height": 900, "deviceScaleFactor": 1, "mobile": False}
NOTICE_JS = """
const notice = document.getElementById('notice');
const r = notice.getBoundingClientRect();
return {hidden: notice.hidden, text: notice.textContent, left: r.left, right: r.right, top: r.top,
        bottom: r.bottom, scrollWidth: notice.scrollWidth, clientWidth: notice.clientWidth,
        windowWidth: window.innerWidth, windowHeight: window.innerHeight};
"""
# Installed before the page's own scripts: every text the notice and the connection's veil show, in order.
RECORD_OVERLAYS_JS = """
window.__shown = [];
const last = {};
new MutationObserver(() => {
  for (const id of ['notice', 'veil']) {
    const element = document.getElementById(id);
    if (!element || element.hidden) { last[id] = null; continue; }
    if (last[id] !== element.textContent) window.__shown.push([id, element.textContent]);
    last[id] = element.textContent;
  }
}).observe(document, {subtree: true, childList: true, characterData: true, attributes: true});
"""


def notice(page) -> dict:
    return page.js(NOTICE_JS)


@pytest.mark.parametrize("metrics", [MOBILE, WIDE], ids=["390px", "1440px"])
def test_a_long_scene_name_is_reported_in_a_notice_that_fits_the_window(page, metrics):
    name = "x" * 300
    page.open(f"?scene={name}", metrics=metrics)
    shown = page.wait(lambda: (n := notice(page)) and not n["hidden"] and n, 5, "the long scene name was never reported")
    assert shown["left"] >= 0 and shown["right"] <= shown["windowWidth"], f"the notice runs off the window: {shown}"
    assert shown["scrollWidth"] <= shown["clientWidth"], f"the text runs out of its box: {shown}"
    assert shown["text"].startswith("?scene=xxx") and "…" in shown["text"], shown["text"]
    assert name not in shown["text"] and len(shown["text"]) < 200, shown["text"]
    assert name not in page.js("return decodeURIComponent(location.search)")
    # The page opens the server's first scene, and says so in the address as for any page.
    page.wait(lambda: page.js("return new URLSearchParams(location.search).get('scene')") == "slides", 5,
              "the address never named the scene shown")


def test_an_unknown_device_and_orientation_are_reported_and_removed(page):
    page.open("?scene=menu&device=xyz&orientation=sideways", metrics=DESKTOP)
    shown = page.wait(lambda: (n := notice(page)) and not n["hidden"] and n, 5, "nothing was reported")
    assert "?device=xyz" in shown["text"] and "iphone-se" in shown["text"], shown["text"]
    assert "?orientation=sideways" in shown["text"] and "portrait or landscape" in shown["text"], shown["text"]
    assert shown["left"] >= 0 and shown["right"] <= shown["windowWidth"], shown
    assert page.js("return location.search") == "?scene=menu"
    # The default device, upright.
    assert page.js("const d = window.segue.device; return [d.device.id, d.landscape]") == ["iphone-15", False]
    assert page.screen_size == (393, 852)


def test_good_parameters_are_kept_and_draw_no_notice(page):
    page.open("?scene=menu&device=iphone-se&orientation=landscape", metrics=DESKTOP)
    assert page.js("return location.search") == "?scene=menu&device=iphone-se&orientation=landscape"
    assert page.screen_size == (667, 375)
    assert notice(page)["hidden"], notice(page)["text"]


def test_a_dead_share_link_says_so_without_announcing_reconnections(page):
    script = page.driver.execute_cdp_cmd("Page.addScriptToEvaluateOnNewDocument", {"source": RECORD_OVERLAYS_JS})
    try:
        page.open("?watch=" + "0" * 32)
        page.wait(lambda: "No session is shared under this link" in notice(page)["text"], 20,
                  "the page never said the link leads nowhere")
        shown = page.js("return window.__shown")
    finally:
        page.driver.execute_cdp_cmd("Page.removeScriptToEvaluateOnNewDocument", {"identifier": script["identifier"]})
    # Sixteen connections looked for the session (WATCH_ATTEMPTS); none of them was news.
    assert page.js("return window.segue.connectionAttempts") >= 16
    texts = [text for _, text in shown]
    assert not any("Reconnect" in text or "Disconnected" in text for text in texts), shown
    assert texts[-1].startswith("No session is shared under this link"), shown
    assert "watch=" not in page.js("return location.search")
