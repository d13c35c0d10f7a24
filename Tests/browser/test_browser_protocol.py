"""Protocol version 6 on the page's side: the page's FrameDecoder (Public/js/protocol.js) reads the
frames Swift's FrameEncoder sent over a real socket during a whole slides transition, and composes
the same absolute geometry and alpha as the Python client (Tests/support/segue_wire.py), frame by
frame. Swift's own round trip over every scene is Tests/SegueWireTests/SceneFrameTests.swift."""

from __future__ import annotations

import time

from websockets.sync.client import connect

import segue_wire as wire

DECODE_JS = """
const done = arguments[arguments.length - 1];
import('/js/protocol.js').then((p) => {
  const decoder = new p.FrameDecoder();
  const frames = [];
  for (const bytes of arguments[0]) {
    const message = decoder.decode(new Uint8Array(bytes).buffer);
    if (message.type !== 'frame') continue;
    const h = message.header;
    frames.push({
      sequence: h.sequence, input: h.inputSequence, operation: h.operation, progress: h.progress,
      width: h.viewportWidth, height: h.viewportHeight, keyframe: h.isKeyframe,
      nodes: message.nodes.map((n) => [n.id, n.name, n.depth, n.descendantCount, n.a, n.b, n.c, n.d, n.tx, n.ty,
                                       n.width, n.height, n.alpha, n.text]),
    });
  }
  done(frames);
}, (error) => done({error: String(error)}));
"""

BYTES_PER_CHANGED_VIEW, HEADER_BUDGET = 12, 20
OWN_VALUES = ("pos", "size", "lin", "own_alpha", "color", "text_color", "radius", "clips", "name", "text", "font_size",
              "shadow", "border", "glyph", "font_weight", "align", "lines", "corners")


def own_values(node):
    """What a record carries: the node's values relative to its parent."""
    return [node[key] for key in OWN_VALUES]


# Both decoders compose in double precision with the same formula; allow only rounding noise.
COMPOSITION_NOISE = 1e-9


def record_slides_transition(server) -> list[bytes]:
    """The raw server messages of one connection: the first keyframe, a right-edge swipe that
    pushes the next slide, and the frames until it settles."""
    url = f"ws://127.0.0.1:{server.port}/"
    messages: list[bytes] = []
    with connect(url, subprotocols=[wire.SUBPROTOCOL], open_timeout=5, max_size=None) as socket:
        socket.send(wire.viewport(390, 844, 2.0))
        socket.send(wire.scene("slides"))

        def pump(seconds):
            deadline = time.monotonic() + seconds
            while (remaining := deadline - time.monotonic()) > 0:
                try:
                    messages.append(socket.recv(timeout=remaining))
                except TimeoutError:
                    return

        pump(0.5)
        sequence, t = 0, 1000.0
        for phase, x in [("down", 389)] + [("move", 389 - 12 * i) for i in range(1, 21)] + [("up", 149)]:
            sequence += 1
            t += 1000 / 60
            socket.send(wire.pointer(phase, x, 420, sequence, time_ms=t))
            pump(1 / 60)
        pump(1.5)
    return messages


def test_the_page_decodes_version_6_frames_as_the_python_client_does(page, segue_server):
    messages = record_slides_transition(segue_server)
    decoder = wire.Decoder()
    expected = [m for m in (decoder.decode(data) for data in messages) if m["type"] == "frame"]
    page.open()
    frames = page.driver.execute_async_script(DECODE_JS, [list(data) for data in messages])
    assert "error" not in frames, frames

    assert len(frames) == len(expected)
    moving = [f for f in expected if f["transition"] and not f["keyframe"]]
    assert len(moving) >= 10, "the swipe must run a transition over many frames"
    # Issue 14's goal, from the Python client's reading: a mid-transition frame that keeps the tree
    # and the hint costs at most 12 bytes per view whose own values changed, plus 20.
    checked = 0
    for before, after in zip(expected, expected[1:]):
        shape = lambda frame: [(n["id"], n["depth"]) for n in frame["nodes"]]
        if not after["transition"] or after["keyframe"] or shape(before) != shape(after) or before["hint"] != after["hint"]:
            continue
        changed = sum(own_values(a) != own_values(b) for a, b in zip(before["nodes"], after["nodes"]))
        assert after["bytes"] <= BYTES_PER_CHANGED_VIEW * changed + HEADER_BUDGET, (after["bytes"], changed)
        checked += 1
    assert checked >= 10
    for js, py in zip(frames, expected):
        assert js["sequence"] == py["sequence"] and js["input"] == py["input_sequence"]
        assert js["keyframe"] == py["keyframe"]
        assert (js["width"], js["height"]) == py["viewport"] == (390, 844)
        assert js["operation"] == (py["transition"]["operation"] if py["transition"] else None)
        if py["transition"]:
            assert js["progress"] == py["transition"]["progress"]
        assert len(js["nodes"]) == len(py["nodes"])
        for (node_id, name, depth, descendants, *numbers, text), node in zip(js["nodes"], py["nodes"]):
            assert (node_id, name, depth, descendants, text) == (node["id"], node["name"], node["depth"],
                                                                 node["descendants"], node["text"])
            theirs = node["m"] + [node["w"], node["h"], node["alpha"]]
            assert all(abs(a - b) <= COMPOSITION_NOISE for a, b in zip(numbers, theirs)), (name, numbers, theirs)
    # The push moved the new slide across the screen: its composed x changed on the page's side.
    xs = {round(n[8]) for f in frames for n in f["nodes"] if n[1] == "second"}
    assert len(xs) > 5
