"""A page stand-in for the server tests: one WebSocket session that decodes every server message
(Tests/support/segue_wire.py), keeps them by type, and swipes and taps the way the page does."""
import time
from collections import defaultdict

from websockets.sync.client import connect

import segue_wire as wire

# An iPhone 15's screen in points, the page's default device.
WIDTH, HEIGHT = 390, 844


def names(frame):
    return [n["name"] for n in frame["nodes"]]


def summary(frame):
    """What an assertion message shows of a frame."""
    return None if frame is None else {"names": names(frame), "transition": frame["transition"],
                                       "viewport": frame["viewport"], "input": frame["input_sequence"]}


class Page:
    def __init__(self, url, width=WIDTH, height=HEIGHT):
        self.socket = connect(url, subprotocols=[wire.SUBPROTOCOL], open_timeout=5, max_size=None).__enter__()
        self.decoder = wire.Decoder()
        self.sequence = 0
        self.messages = defaultdict(list)
        self.send(wire.viewport(width, height, 2.0))

    @property
    def frames(self):
        return self.messages["frame"]

    @property
    def errors(self):
        return self.messages["error"]

    @property
    def pongs(self):
        return self.messages["pong"]

    @property
    def shares(self):
        return self.messages["share"]

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
            try:
                data = self.socket.recv(timeout=max(deadline - time.monotonic(), 0))
            except TimeoutError:
                return count
            message = self.decoder.decode(data)
            self.messages[message["type"]].append(message)
            count += 1

    def wait_for(self, predicate, timeout=8.0, what="condition"):
        """Reads until `predicate(page)` holds."""
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            self.pump(0.05)
            if predicate(self):
                return
        raise AssertionError(f"{what} not met; errors {self.errors}, shares {self.shares}, "
                             f"last frame {summary(self.frames[-1] if self.frames else None)}")

    def wait_until(self, predicate, timeout=8.0):
        """Reads until `predicate(latest frame)` holds; returns that frame."""
        self.wait_for(lambda page: page.frames and predicate(page.frames[-1]), timeout)
        return self.frames[-1]

    def share_link(self):
        self.send(wire.request_share())
        self.wait_for(lambda page: page.shares, what="a share message")
        return self.shares[-1]["token"]

    def swipe(self, start_x, end_x, y=420, steps=25, interval=1 / 60):
        t = 1000.0
        self.pointer("down", start_x, y, t)
        for i in range(1, steps + 1):
            t += interval * 1000
            self.pointer("move", start_x + (end_x - start_x) * i / steps, y, t)
            self.pump(interval)
        self.pointer("up", end_x, y, t + interval * 1000)

    def close(self):
        self.socket.close()
