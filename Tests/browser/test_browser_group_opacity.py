"""A faded view fades as one layer, as UIKit's `allowsGroupOpacity` (on by default since iOS 7)
fades it: the page's Renderer draws a node whose own alpha is below 1, with descendants or more than
one part of its own (fill, glyph, text, border), into a layer at full opacity and lays the layer
over what is beneath at that alpha (issue 37, item 5). Checked on pixels of synthetic nodes drawn
over the canvas's black: each value is a pixel's r + g + b."""

from __future__ import annotations

from browser.segue_browser import draw

WHITE = {"background": "rgb(255, 255, 255)", "backgroundAlpha": 255}
RED = {"background": "rgb(255, 0, 0)", "backgroundAlpha": 255}
# White at alpha 0.5 over black: 128 a channel (the canvas rounds 127.5 either way).
HALF_WHITE = 3 * 128
# How far a composited channel sum may stray from the exact one: 8-bit rounding, once per layer.
ROUNDING = 6


def test_a_subview_does_not_show_through_its_faded_superview(page):
    """A white button on a white screen, the screen at alpha 0.5: the button is not brighter than
    the screen (drawn alone, it would be 0.5 white over 0.5 white: 191 a channel)."""
    page.open()
    rows = draw(page, [
        dict(WHITE, width=100, height=100, opacity=0.5, alpha=0.5, descendantCount=1),
        dict(WHITE, width=50, height=100, alpha=0.5),
    ], 100, 100)
    assert abs(rows[50][25] - HALF_WHITE) <= ROUNDING, rows[50][25]
    assert abs(rows[50][75] - HALF_WHITE) <= ROUNDING, rows[50][75]


def test_a_faded_label_keeps_its_text_opaque_over_its_own_fill(page):
    """Black text on a white fill at alpha 0.5: inside the glyphs the pixels are black, as the layer
    (text over fill) is faded over black; drawn part by part they would be 0.5 black over 0.5 white."""
    page.open()
    rows = draw(page, [dict(WHITE, width=200, height=80, opacity=0.5, alpha=0.5, text="HH", fontSize=64,
                               textColor="rgb(0, 0, 0)")], 200, 80)
    assert abs(rows[5][5] - HALF_WHITE) <= ROUNDING, rows[5][5]
    darkest = min(value for row in rows for value in row)
    assert darkest <= ROUNDING, darkest


def test_a_group_inside_a_group_fades_at_its_own_alpha_relative_to_it(page):
    """A red badge of its own alpha 0.5 in a screen of alpha 0.5, and a red dot at full alpha in the
    badge: where the dot is, red at 0.25 (64), the dot not adding to the badge."""
    page.open()
    rows = draw(page, [
        dict(width=100, height=100, opacity=0.5, alpha=0.5, descendantCount=2),
        dict(RED, width=60, height=60, opacity=0.5, alpha=0.25, descendantCount=1),
        dict(RED, width=30, height=30, alpha=0.25),
    ], 100, 100)
    assert abs(rows[15][15] - 64) <= ROUNDING, rows[15][15]
    assert abs(rows[45][45] - 64) <= ROUNDING, rows[45][45]
    assert rows[80][80] == 0


def test_a_clip_inside_a_faded_group_still_clips(page):
    """A clipping superview at alpha 0.5 over a white subview twice its size: the subview shows,
    faded, inside the clip and nowhere outside it."""
    page.open()
    rows = draw(page, [
        dict(width=50, height=50, opacity=0.5, alpha=0.5, clipsToBounds=True, descendantCount=1),
        dict(WHITE, width=100, height=100, alpha=0.5),
    ], 100, 100)
    assert abs(rows[25][25] - HALF_WHITE) <= ROUNDING, rows[25][25]
    assert rows[75][75] == 0 and rows[25][75] == 0


def test_a_faded_groups_shadow_falls_outside_its_bounds_and_fades_with_it(page):
    """A faded card with a red hard shadow 10 points down and right: the layer reaches the shadow,
    which shows at the card's alpha where the card does not cover it."""
    page.open()
    rows = draw(page, [dict(WHITE, tx=20, ty=20, width=40, height=40, opacity=0.5, alpha=0.5, text="A",
                               textColor="rgb(0, 0, 0)", shadowColor="rgb(255, 0, 0)", shadowRadius=0,
                               shadowX=10, shadowY=10)], 100, 100)
    assert abs(rows[65][65] - 128) <= ROUNDING, rows[65][65]
    assert abs(rows[25][25] - HALF_WHITE) <= ROUNDING, rows[25][25]


def test_a_faded_cards_shadow_does_not_show_through_its_fill(page):
    """A white card at alpha 0.5 over white, casting a red shadow 10 points down and right: where
    the shadow lies under the card, the card (white over its shadow in its layer) keeps the white
    beneath white; drawn part by part, the half-faded shadow would tint it (637 of 765)."""
    page.open()
    rows = draw(page, [dict(WHITE, width=100, height=100),
                       dict(WHITE, tx=20, ty=20, width=40, height=40, opacity=0.5, alpha=0.5,
                            shadowColor="rgb(255, 0, 0)", shadowRadius=0, shadowX=10, shadowY=10)], 100, 100)
    assert rows[55][55] >= 3 * 255 - ROUNDING, rows[55][55]
    # Beyond the card, the shadow shows at the card's alpha: red over white, half as strong.
    assert abs(rows[65][65] - (255 + 128 + 128)) <= ROUNDING, rows[65][65]


def test_a_view_at_alpha_zero_draws_nothing_of_its_subtree(page):
    page.open()
    rows = draw(page, [dict(WHITE, width=100, height=100, opacity=0, alpha=0, descendantCount=1),
                          dict(WHITE, width=50, height=50, alpha=0)], 100, 100)
    assert max(value for row in rows for value in row) == 0
