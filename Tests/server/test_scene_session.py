"""Scene sessions over a real socket: what only a live server shows (one session's frames never reach
another, a client that never reads stalls no one). What a session does with its messages and ticks
is tested in-process on a virtual clock: Tests/SegueSessionTests."""
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
    return launch("--scene", "slides")


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
