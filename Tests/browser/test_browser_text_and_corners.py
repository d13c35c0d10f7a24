"""Protocol version 5's text layout and corners on the page's side.

- `layOutText` (Public/js/text-layout.js) sets text as UILabel does: word wrap to the width, at most
  `numberOfLines` lines and no more than the height holds, the tail truncated with an ellipsis.
- The page's FrameDecoder reads the text layout (bit 14) and corners (bit 15) sections, as the
  Python client does, and rejects values outside them.
- The Renderer draws them: an alignment places the ink, the line count the number of ink bands,
  `maskedCorners` rounds only the corners it names (fill and clip alike).
"""

from __future__ import annotations

import struct

import segue_wire as wire
from browser.segue_browser import draw

# A measure in which every character is 10 points wide, so the expected lines are exact.
LAYOUT_JS = """
const done = arguments[arguments.length - 1];
import('/js/text-layout.js').then((t) => {
  const measure = (s) => 10 * [...s].length;
  done(arguments[0].map(([text, width, height, size, lines]) => t.layOutText(text, width, height, size, lines, measure)));
}, (error) => done({error: String(error)}));
"""

# 17-pt lines are 20.287 pt tall: a 20-pt-tall label holds one line, a 41-pt-tall one two.
LAYOUT_CASES = [
    # One line that fits, one that does not: the tail is cut to fit with its ellipsis.
    (("Photos", 100, 20, 17, 1), ["Photos"]),
    (("Photographs", 100, 20, 17, 1), ["Photograp\u2026"]),
    # Wrapped at spaces: as many lines as the height holds when numberOfLines is 0.
    (("one two three four", 100, 100, 17, 0), ["one two", "three four"]),
    (("one two three four five six", 100, 41, 17, 0), ["one two", "three fou\u2026"]),
    # numberOfLines caps it even when the height holds more; and the height caps numberOfLines.
    (("one two three four five six", 100, 200, 17, 2), ["one two", "three fou\u2026"]),
    (("one two three four five six", 100, 20, 17, 3), ["one two t\u2026"]),
    # A word wider than the line breaks between characters; a newline always breaks.
    (("abcdefghijklmn", 50, 100, 17, 0), ["abcde", "fghij", "klmn"]),
    (("a\nb", 100, 100, 17, 0), ["a", "b"]),
    # More paragraphs than lines: the last line shown ends with an ellipsis.
    (("a\nb\nc", 100, 41, 17, 0), ["a", "b\u2026"]),
]


def test_text_is_laid_out_as_uilabel_lays_it_out(page):
    page.open()
    results = page.driver.execute_async_script(LAYOUT_JS, [list(case) for case, _ in LAYOUT_CASES])
    assert "error" not in results, results
    for (case, expected), lines in zip(LAYOUT_CASES, results):
        assert lines == expected, case


def keyframe(record_mask: int, sections: bytes) -> bytes:
    """A version 6 keyframe of a 390 × 844 viewport with one node (id 1, depth 0) of 200 × 40 pt
    carrying the text "Hi" and the given extra sections."""
    def varint(value):
        out = bytearray()
        while True:
            byte = value & 0x7F
            value >>= 7
            out.append(byte | (0x80 if value else 0))
            if not value:
                return bytes(out)
    flags = 0b100001  # keyframe, structure
    header = bytes([wire.VERSION, 2, flags, 0, 0]) + varint(1) + struct.pack("<d", 1.0)
    header += varint(390 * 64) + varint(844 * 64)
    structure = varint(1) + varint(2) + varint(0)  # one node: id step 1 (zigzag 2), depth 0
    size, text = 1 << 1, 1 << 8
    record = varint(0) + varint(size | text | record_mask)
    record += varint(2 * 200 * 64) + varint(2 * 40 * 64)  # Δwidth, Δheight, zigzag
    record += varint(3) + b"Hi"
    return header + structure + record + sections


DECODE_ONE_JS = """
const done = arguments[arguments.length - 1];
import('/js/protocol.js').then((p) => {
  try {
    const message = new p.FrameDecoder().decode(new Uint8Array(arguments[0]).buffer);
    const n = message.nodes[0];
    done({align: n.textAlign, lines: n.numberOfLines, corners: n.corners});
  } catch (error) {
    done({error: error.name + ': ' + error.message});
  }
}, (error) => done({error: String(error)}));
"""


def test_the_page_reads_the_text_layout_and_corners_sections_as_the_python_client_does(page):
    page.open()
    layout, corners = 1 << 14, 1 << 15
    cases = [
        (0, b"", ("center", 1, 15)),
        (layout, bytes([2, 0]), ("right", 0, 15)),
        (corners, bytes([3]), ("center", 1, 3)),
        (layout | corners, bytes([0, 4, 12]), ("left", 4, 12)),
    ]
    for mask, sections, expected in cases:
        data = keyframe(mask, sections)
        ours = page.driver.execute_async_script(DECODE_ONE_JS, list(data))
        assert (ours["align"], ours["lines"], ours["corners"]) == expected, ours
        node = wire.Decoder().decode(data)["nodes"][0]
        assert (node["align"], node["lines"], node["corners"]) == expected
    for mask, sections, message in [(layout, bytes([3, 1]), "text alignment 3"), (corners, bytes([16]), "corners 16"),
                                     (1 << 16, b"", "unknown node fields")]:
        result = page.driver.execute_async_script(DECODE_ONE_JS, list(keyframe(mask, sections)))
        assert result.get("error", "").startswith(f"ProtocolError: {message}"), result


def ink_columns(rows):
    """The x range of the pixels that are not the black background."""
    xs = [x for row in rows for x, value in enumerate(row) if value > 0]
    return min(xs), max(xs)


def ink_bands(rows):
    """How many runs of rows hold ink: the lines of text drawn."""
    bands, inside = 0, False
    for row in rows:
        lit = any(value > 0 for value in row)
        bands += lit and not inside
        inside = lit
    return bands


def test_alignment_places_the_text_across_the_bounds(page):
    page.open()
    spans = {}
    for align in ("left", "center", "right"):
        rows = draw(page, [{"width": 300, "height": 40, "text": "Hello", "textAlign": align}], 300, 40)
        spans[align] = ink_columns(rows)
    # Left starts at the left edge, right ends at the right edge, centre is between, all one width.
    assert spans["left"][0] <= 3 and spans["left"][1] < 100
    assert spans["right"][1] >= 296 and spans["right"][0] > 200
    assert abs((spans["center"][0] + spans["center"][1]) / 2 - 150) <= 3
    widths = {align: right - left for align, (left, right) in spans.items()}
    assert max(widths.values()) - min(widths.values()) <= 2, widths


def test_number_of_lines_wraps_the_text_into_that_many_lines(page):
    page.open()
    text = "one two three four five six seven eight nine ten"
    counted = {}
    for lines in (1, 2, 0):
        rows = draw(page, [{"width": 120, "height": 200, "text": text, "numberOfLines": lines}], 120, 200)
        counted[lines] = ink_bands(rows)
        assert ink_columns(rows)[1] < 120
    assert counted[1] == 1 and counted[2] == 2 and counted[0] >= 4, counted


def test_masked_corners_round_only_the_corners_they_name(page):
    page.open()
    card = {"width": 100, "height": 100, "background": "rgb(255, 0, 0)", "backgroundAlpha": 255, "cornerRadius": 30}
    top_only = draw(page, [dict(card, corners=1 | 2)], 100, 100)
    # Rounded: the top corners' very corner pixels are background; square: the bottom ones are filled.
    assert top_only[1][1] == 0 and top_only[1][98] == 0
    assert top_only[98][1] == 255 and top_only[98][98] == 255
    none = draw(page, [dict(card, corners=0)], 100, 100)
    assert none[1][1] == none[1][98] == none[98][1] == none[98][98] == 255
    # The clip follows the same shape: a white child filling a clipping parent rounded bottom right.
    clipped = draw(page, [dict(card, corners=8, clipsToBounds=True, descendantCount=1),
                          {"width": 100, "height": 100, "background": "rgb(255, 255, 255)", "backgroundAlpha": 255}],
                   100, 100)
    assert clipped[98][98] == 0 and clipped[1][1] == clipped[98][1] == clipped[1][98] == 3 * 255
