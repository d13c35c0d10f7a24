#!/usr/bin/env python3
"""Smoke check for segue-hummingbird: protocol v1 over a real socket, stdlib only.

    python3 Benchmarks/smoke.py                      # starts Benchmarks/.build/release/segue-hummingbird
    python3 Benchmarks/smoke.py --binary PATH        # another build of it
    python3 Benchmarks/smoke.py --port 8080          # a server that is already running (any Segue server)

Checks: the handshake (with and without the `segue.v1` subprotocol), hello, a first keyframe, a
right-edge swipe on "slides" that produces transition frames reflecting increasing input sequence
numbers, frame sequence +1 per frame, quiet once settled, pong for ping, errors for garbage and
text, and a close (1009) for a message over 64 KiB. Prints one line per check and exits nonzero on
the first failure.
"""
import argparse
import base64
import hashlib
import os
import re
import socket
import struct
import subprocess
import sys
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent / "Tests" / "server"))
import segue_wire as wire  # noqa: E402

HOST = "127.0.0.1"
WIDTH, HEIGHT = 390, 844
GUID = "258EAFA5-E914-47DA-95CA-C5AB0DC85B11"


class Closed(Exception):
    def __init__(self, code):
        super().__init__(f"closed by the server with code {code}")
        self.code = code


class WebSocket:
    """A minimal RFC 6455 client: handshake, masked sends, whole-message receives."""

    def __init__(self, port, subprotocols=(wire.SUBPROTOCOL,), path="/"):
        self.sock = socket.create_connection((HOST, port), timeout=5)
        self.sock.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
        key = base64.b64encode(os.urandom(16)).decode()
        lines = [f"GET {path} HTTP/1.1", f"Host: {HOST}:{port}", "Upgrade: websocket",
                 "Connection: Upgrade", f"Sec-WebSocket-Key: {key}", "Sec-WebSocket-Version: 13"]
        if subprotocols:
            lines.append("Sec-WebSocket-Protocol: " + ", ".join(subprotocols))
        self.sock.sendall(("\r\n".join(lines) + "\r\n\r\n").encode())
        head = b""
        while b"\r\n\r\n" not in head:
            chunk = self.sock.recv(1)
            if not chunk:
                raise AssertionError("server closed during the handshake")
            head += chunk
        status_line, *header_lines = head.decode("latin-1").split("\r\n")
        self.status = int(status_line.split()[1])
        self.headers = {}
        for line in header_lines:
            if ":" in line:
                name, value = line.split(":", 1)
                self.headers[name.strip().lower()] = value.strip()
        self.buffer = b""
        if self.status == 101:
            expected = base64.b64encode(hashlib.sha1((key + GUID).encode()).digest()).decode()
            assert self.headers.get("sec-websocket-accept") == expected, "bad Sec-WebSocket-Accept"

    @property
    def subprotocol(self):
        return self.headers.get("sec-websocket-protocol")

    def send(self, payload, opcode=0x2):
        mask = os.urandom(4)
        n = len(payload)
        if n < 126:
            header = struct.pack("!BB", 0x80 | opcode, 0x80 | n)
        elif n < 1 << 16:
            header = struct.pack("!BBH", 0x80 | opcode, 0x80 | 126, n)
        else:
            header = struct.pack("!BBQ", 0x80 | opcode, 0x80 | 127, n)
        masked = bytes(b ^ mask[i % 4] for i, b in enumerate(payload))
        self.sock.sendall(header + mask + masked)

    def _read(self, n, deadline):
        while len(self.buffer) < n:
            remaining = deadline - time.monotonic()
            if remaining <= 0:
                raise TimeoutError
            self.sock.settimeout(remaining)
            try:
                chunk = self.sock.recv(65536)
            except socket.timeout:
                raise TimeoutError from None
            if not chunk:
                raise Closed(None)
            self.buffer += chunk
        data, self.buffer = self.buffer[:n], self.buffer[n:]
        return data

    def recv(self, timeout=5.0):
        """The next data message's bytes; answers pings; raises Closed or TimeoutError."""
        deadline = time.monotonic() + timeout
        message = b""
        while True:
            b0, b1 = self._read(2, deadline)
            n = b1 & 0x7F
            if n == 126:
                n = struct.unpack("!H", self._read(2, deadline))[0]
            elif n == 127:
                n = struct.unpack("!Q", self._read(8, deadline))[0]
            assert not b1 & 0x80, "server frames must not be masked"
            payload = self._read(n, deadline)
            opcode = b0 & 0x0F
            if opcode == 0x8:
                raise Closed(struct.unpack("!H", payload[:2])[0] if len(payload) >= 2 else None)
            if opcode == 0x9:
                self.send(payload, opcode=0xA)
                continue
            if opcode == 0xA:
                continue
            message += payload
            if b0 & 0x80:
                return message

    def close(self):
        try:
            self.send(struct.pack("!H", 1000), opcode=0x8)
        except OSError:
            pass
        self.sock.close()


class Page:
    """A page stand-in: decodes every server message, checks frame sequence numbers."""

    def __init__(self, port, subprotocols=(wire.SUBPROTOCOL,)):
        self.ws = WebSocket(port, subprotocols)
        check(self.ws.status == 101, f"handshake answered {self.ws.status}")
        self.decoder = wire.Decoder()
        self.input = 0
        self.frames, self.errors, self.pongs, self.hellos, self.order = [], [], [], [], []

    def send(self, data):
        self.ws.send(data)

    def pointer(self, phase, x, y, time_ms):
        self.input += 1
        self.send(wire.pointer(phase, x, y, self.input, time_ms=time_ms))

    def pump(self, timeout=0.02):
        count = 0
        deadline = time.monotonic() + timeout
        while True:
            try:
                data = self.ws.recv(timeout=max(deadline - time.monotonic(), 0.001))
            except TimeoutError:
                return count
            message = self.decoder.decode(data)  # raises on a change-only record it cannot apply
            if message["type"] == "frame":
                if self.frames:
                    previous = self.frames[-1]["sequence"]
                    check(message["sequence"] == previous + 1,
                          f"frame sequence {message['sequence']} after {previous}")
                self.frames.append(message)
            else:
                {"error": self.errors, "pong": self.pongs, "hello": self.hellos}[message["type"]].append(message)
            self.order.append(message["type"])
            count += 1

    def wait_for(self, what, predicate=lambda m: True, timeout=5.0):
        deadline = time.monotonic() + timeout
        seen = {"frame": self.frames, "error": self.errors, "pong": self.pongs, "hello": self.hellos}[what]
        start = 0
        while time.monotonic() < deadline:
            for message in seen[start:]:
                if predicate(message):
                    return message
            start = len(seen)
            self.pump(0.05)
        raise AssertionError(f"no matching {what} within {timeout} s; last: {summary(seen[-1]) if seen else None}")


def summary(message):
    if message.get("type") != "frame":
        return message
    return {"sequence": message["sequence"], "input": message["input_sequence"],
            "transition": message["transition"], "names": [n.get("name") for n in message["nodes"]]}


class CheckFailed(AssertionError):
    pass


def check(condition, message):
    if not condition:
        raise CheckFailed(message)


def swipe(page, start_x, end_x, y=420, steps=20, interval=1 / 60):
    t = 1000.0
    page.pointer("down", start_x, y, t)
    for i in range(1, steps + 1):
        t += interval * 1000
        page.pointer("move", start_x + (end_x - start_x) * i / steps, y, t)
        page.pump(interval)
    t += interval * 1000
    page.pointer("up", end_x, y, t)


# ---------------------------------------------------------------------------------------------

def check_hello_and_keyframe(port):
    page = Page(port)
    check(page.ws.subprotocol == wire.SUBPROTOCOL, f"subprotocol {page.ws.subprotocol!r}")
    page.pump(0.3)
    check(page.order[:2] == ["hello", "frame"], f"first messages {page.order[:2]}")
    hello = page.hellos[0]
    check(hello["scene"] == "slides" and "slides" in hello["scenes"] and hello["fps"] > 0, f"hello {hello}")
    first = page.frames[0]
    check(first["keyframe"] and first["sequence"] == 1 and first["nodes"], f"first frame {summary(first)}")
    check(first["viewport"] == (WIDTH, HEIGHT), f"initial viewport {first['viewport']}")
    page.ws.close()
    return f"hello {hello['scene']} @ {hello['fps']} fps {hello['scenes']}; keyframe #1, {len(first['nodes'])} nodes, {first['bytes']} B"


def check_no_subprotocol(port):
    page = Page(port, subprotocols=())
    check(page.ws.subprotocol is None, f"subprotocol {page.ws.subprotocol!r} though none was offered")
    page.wait_for("frame", lambda f: f["keyframe"])
    check(page.hellos, "no hello")
    page.ws.close()
    try:
        refused = WebSocket(port, subprotocols=("chat.v2",))
        check(refused.status != 101, "a handshake offering only another subprotocol was accepted")
        refused.sock.close()
        how = f"HTTP {refused.status}"
    except (AssertionError, OSError) as error:  # refused by dropping the connection (segue serve)
        if isinstance(error, CheckFailed):
            raise
        how = "dropped"
    return f"no subprotocol accepted; only 'chat.v2' refused ({how})"


def check_swipe(port):
    page = Page(port)
    page.send(wire.viewport(WIDTH, HEIGHT, 2.0))
    page.wait_for("frame", lambda f: f["keyframe"])
    page.pump(0.3)  # the viewport's keyframe (a server may fold it into the first frame)
    before = len(page.frames)
    swipe(page, 389, 189)
    last_input = page.input
    done = page.wait_for("frame", lambda f: f["input_sequence"] == last_input and f["transition"] is None,
                         timeout=8)
    during = page.frames[before:]
    moving = [f for f in during if f["transition"] is not None]
    check(moving, "no frame had the transition bit set")
    check(any(f["transition"]["interactive"] for f in moving), "no interactive transition frame")
    inputs = [f["input_sequence"] for f in during]
    check(inputs == sorted(inputs), f"input sequence numbers went backwards: {inputs}")
    check(len(set(inputs)) >= page.input // 2, f"few input sequence numbers reflected: {sorted(set(inputs))}")
    progress = [f["transition"]["progress"] for f in moving if f["transition"]["interactive"]]
    check(max(progress) > 0.3, f"progress only reached {max(progress):.2f}")
    # Settled: nothing moves, so nothing is sent (change-only, no frame while settled).
    page.pump(0.1)
    quiet_from = len(page.frames)
    page.pump(0.4)
    check(len(page.frames) == quiet_from, f"{len(page.frames) - quiet_from} frames while settled")
    ops = sorted({f["transition"]["operation"] for f in moving})
    page.ws.close()
    return (f"{len(during)} frames, {len(moving)} with the transition bit ({ops}), peak progress "
            f"{max(progress):.2f}, inputs {inputs[0]}→{inputs[-1]} of {last_input}, settled at frame "
            f"#{done['sequence']}, then quiet")


def check_ping_and_errors(port):
    page = Page(port)
    page.wait_for("frame")
    page.send(wire.ping(12345.5))
    pong = page.wait_for("pong")
    check(pong["client_ms"] == 12345.5 and pong["server_time"] >= 0, f"pong {pong}")
    garbage = [(b"\x07\x10", 3), (b"\x01\x63\x00", 4), (b"\x01\x10\x01", 5), (b"", 1),
               (wire.scene("nowhere"), 100), (bytes(200), 2)]
    for data, code in garbage:
        page.send(data)
        deadline = time.monotonic() + 5
        count = len(page.errors)
        while len(page.errors) == count and time.monotonic() < deadline:
            page.pump(0.05)
        check(len(page.errors) > count, f"no error for {data[:8]!r}")
        error = page.errors[-1]
        check(error["code"] == code, f"error {error} for {data[:8]!r}, expected code {code}")
    page.ws.send(b"hello", opcode=0x1)
    page.wait_for("error", lambda e: e["code"] == 4 and "text" in e["message"])
    page.send(wire.ping(7.0))
    page.wait_for("pong", lambda p: p["client_ms"] == 7.0)  # still open after all that
    page.ws.close()
    return f"pong echoes client time; errors {[e['code'] for e in page.errors]}; connection stays open"


def check_scene_switch(port):
    page = Page(port)
    page.wait_for("frame")
    page.send(wire.scene("menu"))
    page.wait_for("hello", lambda h: h["scene"] == "menu")
    keyframe = page.wait_for("frame", lambda f: f["keyframe"] and f["sequence"] > 1)
    page.ws.close()
    return f"scene 'menu': hello then keyframe #{keyframe['sequence']}"


def check_oversized(port):
    page = Page(port)
    page.wait_for("frame")
    page.send(bytes(64 * 1024 + 1))
    try:
        while True:
            page.ws.recv(timeout=5)
    except Closed as closed:
        check(closed.code in (1009, None), f"closed with {closed.code}")
        return f"65537-byte message: connection closed ({closed.code})"
    except TimeoutError:
        raise CheckFailed("an oversized message did not close the connection") from None


CHECKS = [check_hello_and_keyframe, check_no_subprotocol, check_swipe, check_ping_and_errors,
          check_scene_switch, check_oversized]


def start_server(binary):
    process = subprocess.Popen([str(binary), "--host", HOST, "--port", "0", "--fps", "60", "--scene", "slides"],
                               stdout=subprocess.PIPE, text=True)
    line = process.stdout.readline()
    match = re.search(r"listening on http://[^:]+:(\d+)/", line)
    if not match:
        process.kill()
        raise SystemExit(f"smoke: no 'listening on' line from {binary}: {line!r}")
    return process, int(match.group(1))


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--binary", default=str(HERE / ".build" / "release" / "segue-hummingbird"))
    parser.add_argument("--port", type=int, help="check a server already listening on this port")
    args = parser.parse_args()
    process = None
    if args.port:
        port = args.port
    else:
        if not Path(args.binary).is_file():
            raise SystemExit(f"smoke: {args.binary} not found; build with `swift build -c release` in Benchmarks/")
        process, port = start_server(args.binary)
    failed = 0
    try:
        for function in CHECKS:
            name = function.__name__.removeprefix("check_")
            try:
                print(f"ok    {name}: {function(port)}", flush=True)
            except (AssertionError, Closed, TimeoutError, OSError, ValueError) as error:
                failed += 1
                print(f"FAIL  {name}: {type(error).__name__}: {error}", flush=True)
        if process is not None:
            check_alive = process.poll()
            if check_alive is not None:
                failed += 1
                print(f"FAIL  server exited with {check_alive}", flush=True)
    finally:
        if process is not None:
            process.terminate()
            try:
                process.wait(timeout=10)
            except subprocess.TimeoutExpired:
                process.kill()
    print(f"{len(CHECKS) - failed} passed, {failed} failed")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
