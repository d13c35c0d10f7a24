"""Real scene sessions over the wire: swipes, isolation, bad input, idleness, slow readers."""
import math
import socket
import time

import pytest
from websockets.sync.client import connect

import segue_wire as wire
from conftest import masked_frame, raw_websocket

WIDTH, HEIGHT = 390, 844


class Client:
    """A page stand-in: decodes every server message and keeps the latest frame."""

    def __init__(self, url):
        self.socket = connect(url, subprotocols=[wire.SUBPROTOCOL], open_timeout=5, max_size=None).__enter__()
        self.decoder = wire.Decoder()
        self.sequence = 0
        self.frames, self.errors, self.pongs, self.hellos = [], [], [], []
        self.send(wire.viewport(WIDTH, HEIGHT, 2.0))

    def send(self, data):
        self.socket.send(data)

    def pointer(self, phase, x, y, time_ms):
        self.sequence += 1
        self.send(wire.pointer(phase, x, y, self.sequence, time_ms=time_ms))

    def pump(self, timeout=0.02):
        """Reads whatever arrives within `timeout`; returns the number of messages read."""
        count = 0
        deadline = time.monotonic() + timeout
        while True:
            remaining = deadline - time.monotonic()
            try:
                data = self.socket.recv(timeout=max(remaining, 0))
            except TimeoutError:
                return count
            message = self.decoder.decode(data)
            {"frame": self.frames, "error": self.errors, "pong": self.pongs, "hello": self.hellos}[message["type"]].append(message)
            count += 1

    def wait_until(self, predicate, timeout=8.0):
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            self.pump(0.05)
            if self.frames and predicate(self.frames[-1]):
                return self.frames[-1]
        last = self.frames[-1] if self.frames else None
        raise AssertionError(f"condition not met; last frame: {summary(last)}")

    def swipe(self, start_x, end_x, y=420, steps=25, interval=1 / 60):
        t = 1000.0
        self.pointer("down", start_x, y, t)
        for i in range(1, steps + 1):
            t += interval * 1000
            self.pointer("move", start_x + (end_x - start_x) * i / steps, y, t)
            self.pump(interval)
        t += interval * 1000
        self.pointer("up", end_x, y, t)

    def close(self):
        self.socket.close()


def summary(frame):
    if frame is None:
        return None
    return {"names": names(frame), "transition": frame["transition"], "input": frame["input_sequence"]}


def names(frame):
    return [n["name"] for n in frame["nodes"]]


def settled_on(name):
    return lambda f: f["transition"] is None and name in names(f)


@pytest.fixture
def slides(launch):
    return launch("--scene", "slides", echo=False)


def test_a_right_edge_swipe_presents_the_next_controller(slides):
    client = Client(slides.ws_url)
    client.wait_until(settled_on("first"))
    assert client.hellos[0]["scene"] == "slides"
    assert client.hellos[0]["scenes"] == ["slides", "menu", "stack", "fade", "photos", "settings", "sheet"]
    assert client.frames[0]["keyframe"]
    client.swipe(389, 189)
    final = client.wait_until(lambda f: f["transition"] is None and "second" in names(f) and "first" not in names(f))
    interactive = [f for f in client.frames if f["transition"] and f["transition"]["interactive"]]
    assert interactive and all(f["transition"]["operation"] == "present" for f in interactive)
    progresses = [f["transition"]["progress"] for f in interactive]
    assert progresses == sorted(progresses) and 0.35 < progresses[-1] <= 0.5
    second = wire.node(final, "second")
    assert second["m"] == [1, 0, 0, 1, 0, 0] and (second["w"], second["h"]) == (WIDTH, HEIGHT)
    assert final["input_sequence"] == client.sequence
    client.close()


def test_a_short_swipe_cancels_and_everything_returns(slides):
    client = Client(slides.ws_url)
    before = client.wait_until(settled_on("first"))
    client.swipe(389, 349, steps=6)
    after = client.wait_until(lambda f: f["transition"] is None and f["input_sequence"] == client.sequence)
    assert any(f["transition"] and f["transition"]["phase"] == "cancelling" for f in client.frames)
    assert names(after) == names(before)
    assert [n["m"] for n in after["nodes"]] == [n["m"] for n in before["nodes"]]
    client.close()


def test_sessions_are_independent(slides):
    a, b = Client(slides.ws_url), Client(slides.ws_url)
    a.wait_until(settled_on("first"))
    b.wait_until(settled_on("first"))
    b_frames_before = len(b.frames)
    a.swipe(389, 189)
    a.wait_until(lambda f: f["transition"] is None and "second" in names(f))
    b.pump(0.3)
    assert len(b.frames) == b_frames_before, "an idle session must not get frames because another moved"
    assert "second" not in names(b.frames[-1])
    b.send(wire.ping(1234.5))
    b.pump(0.3)
    assert b.pongs and b.pongs[-1]["client_ms"] == 1234.5
    a.close()
    b.close()


def test_an_idle_session_sends_nothing(slides):
    client = Client(slides.ws_url)
    client.wait_until(settled_on("first"))
    assert client.pump(0.5) == 0


@pytest.mark.parametrize("message, code", [
    (b"", 1),
    (bytes([1, 16]) + bytes(10), 5),
    (bytes([9, 16]) + bytes(26), 3),
    (bytes([1, 99]), 4),
    (wire.pointer("move", math.nan, 10, 1), 6),
    (wire.pointer("move", 1e9, 10, 1), 7),
    (wire.viewport(-5, 100), 7),
    (wire.scene("nowhere"), 100),
    (bytes(range(256)) * 3, 2),
])
def test_bad_messages_are_answered_counted_and_change_nothing(slides, message, code):
    client = Client(slides.ws_url)
    before = client.wait_until(settled_on("first"))
    bad_before = slides.metrics()["segue_bad_messages_total"]
    client.send(message)
    deadline = time.monotonic() + 3
    while not client.errors and time.monotonic() < deadline:
        client.pump(0.05)
    assert client.errors and client.errors[-1]["code"] == code, client.errors
    assert client.errors[-1]["message"]
    assert slides.metrics()["segue_bad_messages_total"] == bad_before + 1
    # The session goes on: a swipe still presents.
    client.swipe(389, 189)
    client.wait_until(lambda f: f["transition"] is None and "second" in names(f))
    assert "first" in names(before)
    client.close()


def test_a_text_message_is_rejected_not_fatal(slides):
    client = Client(slides.ws_url)
    client.wait_until(settled_on("first"))
    client.send("hello")
    deadline = time.monotonic() + 3
    while not client.errors and time.monotonic() < deadline:
        client.pump(0.05)
    assert client.errors and client.errors[0]["code"] == 4
    client.send(wire.ping(1.0))
    client.pump(0.3)
    assert client.pongs


def test_choosing_a_scene_sends_hello_and_a_keyframe(slides):
    client = Client(slides.ws_url)
    client.wait_until(settled_on("first"))
    client.send(wire.scene("fade"))
    frame = client.wait_until(settled_on("list"))
    assert client.hellos[-1]["scene"] == "fade"
    assert any(f["keyframe"] for f in client.frames[1:])
    assert "first" not in names(frame)


def test_slow_animations_run_ten_times_slower(slides):
    client = Client(slides.ws_url)
    client.wait_until(settled_on("first"))
    client.send(wire.slow(True))
    client.wait_until(lambda f: f["slow"])
    # Tap Next: a 1.5 s present that now takes 15 s; after ~1 s it is under a fifth done.
    client.pointer("down", 195, 771, 1000)
    client.pointer("up", 195, 771, 1080)
    client.wait_until(lambda f: f["transition"] is not None)
    time.sleep(1.0)
    frame = client.wait_until(lambda f: f["transition"] is not None, timeout=2)
    assert 0 < frame["transition"]["progress"] < 0.2


def test_frames_are_small_while_moving(slides):
    client = Client(slides.ws_url)
    client.wait_until(settled_on("first"))
    client.swipe(389, 189)
    client.wait_until(lambda f: f["transition"] is None and "second" in names(f))
    moving = [f["bytes"] for f in client.frames if f["transition"] and not f["keyframe"]]
    assert moving and max(moving) < 1500, moving
    print(f"\nbytes per frame while a transition runs: mean {sum(moving) / len(moving):.0f}, max {max(moving)}")


def test_clients_that_never_read_do_not_stall_others(slides):
    stalled = []
    for _ in range(3):
        s = raw_websocket(slides.port, receive_buffer=4096)
        # Each starts a transition, so its session has frames to send that it never reads.
        for message in (wire.viewport(WIDTH, HEIGHT), wire.pointer("down", 195, 771, 1, time_ms=1000),
                        wire.pointer("up", 195, 771, 2, time_ms=1080)):
            s.sendall(masked_frame(message, opcode=0x2))
        stalled.append(s)
    rss_before = slides.rss_kib()
    client = Client(slides.ws_url)
    client.wait_until(settled_on("first"))
    start = len(client.frames)
    began = time.monotonic()
    client.pointer("down", 195, 771, 1000)
    client.pointer("up", 195, 771, 1080)
    client.wait_until(lambda f: f["transition"] is None and "second" in names(f))
    elapsed = time.monotonic() - began
    frames = len(client.frames) - start
    assert frames / elapsed > 40, f"{frames} frames in {elapsed:.2f} s"
    assert slides.rss_kib() - rss_before < 8 * 1024
    for s in stalled:
        s.close()
