"""Dimming on the real page: the menu scene's "Show card" sets `tintAdjustmentMode = .dimmed` on
Home (docs/scenes.md, menu), which dims Home's tint colors (its buttons' titles) and nothing else.

On 390 × 844, Home is #34495E with white buttons 260 × 50 stacked above the home indicator
(Physics at y 740…790, Open menu at 678…728, Show card at 616…666, x 65…325); the card rests at
(97.5, 341.25, 195, 121.875).
"""

from __future__ import annotations

import time

from .segue_browser import close

HOME = (0x34, 0x49, 0x5E)
WHITE = (0xFF, 0xFF, 0xFF)
# Home's background, clear of the heading, the hint, the buttons and the card's shadow.
BACKGROUND = [(20, 120), (370, 120), (20, 520), (370, 560)]
# The Open menu and Physics buttons' fills, clear of their centred titles.
BUTTON_FILLS = [(75, 703), (315, 703), (75, 765), (315, 765)]
SHOW_CARD = (195, 641)


def settled(page) -> bool:
    return page.stats()["operation"] is None


def test_a_dimmed_presenter_keeps_its_background_and_button_fills(page):
    page.open("?scene=menu")
    assert "home" in page.node_names()
    points = BACKGROUND + BUTTON_FILLS
    assert all(close(s, HOME) for s in page.sample(BACKGROUND)), page.sample(points)
    assert all(close(s, WHITE) for s in page.sample(BUTTON_FILLS)), page.sample(points)

    page.touch("touchStart", *SHOW_CARD)
    time.sleep(0.05)
    page.touch("touchEnd")
    page.wait(lambda: settled(page) and "card" in page.node_names(), 10,
              "the tap on Show card did not present the card")
    # The dimming runs with the card's 0.5 s slide; past it, Home is at rest, dimmed.
    time.sleep(0.3)
    background, fills = page.sample(BACKGROUND), page.sample(BUTTON_FILLS)
    assert all(close(s, HOME) for s in background), (background, HOME)
    assert all(close(s, WHITE) for s in fills), (fills, WHITE)
    assert page.js("return window.segue.lastError") is None
