"""Fixtures that run a real `segue serve` (or the test-only `segue-echo`) process against a
throwaway public directory.

Nothing is built here: the binary comes from SEGUE_BIN (default .build/debug/segue, relative to
the package root); `segue-echo` is taken from beside it. A missing binary fails the run instead of
skipping it. Servers listen on port 0 and report their port in their banner (Tests/support/
segue_harness.py, shared with the browser tests, scripts/bench and scripts/soak).
"""

import base64
import os
import socket
import sys
import time
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "support"))
import segue_harness as harness  # noqa: E402
from segue_harness import HOST, PACKAGE_ROOT, free_port  # noqa: E402,F401  (re-exported to the tests)

INDEX_HTML = "<!doctype html><title>Segue test page</title><canvas></canvas>\n"
APP_JS = "export const answer = 42;\n"
SECRET = "TOP SECRET: never served\n"


def segue_binary() -> Path:
    path = harness.segue_binary()
    if not path.is_file():
        pytest.fail(f"segue binary not found at {path}; build it or set SEGUE_BIN", pytrace=False)
    return path


def echo_binary() -> Path:
    path = harness.echo_binary()
    if not path.is_file():
        pytest.fail(f"segue-echo not found at {path}; build the package", pytrace=False)
    return path


class RunningServer(harness.ServerProcess):
    """A server with the throwaway public directory it serves."""

    def __init__(self, argv, workdir: Path, public_dir: Path):
        super().__init__(argv, workdir=workdir, cwd=workdir)
        self.public_dir = public_dir

    def rss_kib(self) -> int:
        """The server process alone, as the tests compare it with itself."""
        return harness.rss_kib([self.pid])

    def wait_for_metric(self, name: str, expected: float, timeout: float = 5.0) -> None:
        deadline = time.monotonic() + timeout
        value = None
        while time.monotonic() < deadline:
            value = self.metrics()[name]
            if value == expected:
                return
            time.sleep(0.05)
        raise AssertionError(f"{name} stayed {value}, expected {expected}")

    def send_signal(self, signum: int) -> int:
        self.process.send_signal(signum)
        return self.process.wait(timeout=harness.EXIT_TIMEOUT)


def start_server(tmp_path: Path, *extra_args: str, subcommand: tuple[str, ...] = ("serve",),
                 echo: bool = False) -> RunningServer:
    """Starts `segue serve`, or with `echo` the test-only `segue-echo` with ticks on (it echoes
    every message and sends `tick N` each frame, so tests can predict its replies exactly)."""
    public = tmp_path / "public"
    public.mkdir(exist_ok=True)
    (public / "index.html").write_text(INDEX_HTML)
    (public / "app.js").write_text(APP_JS)
    (public / "module.mjs").write_text(APP_JS)
    # Beside the public directory, where a traversal would find it.
    (tmp_path / "secret").write_text(SECRET)

    command = [echo_binary(), "--ticks"] if echo else [segue_binary(), *subcommand]
    try:
        return RunningServer([*command, "--host", HOST, "--port", "0", "--public", public, *extra_args],
                             workdir=tmp_path, public_dir=public)
    except harness.ServerStartFailed as failure:
        raise AssertionError(str(failure)) from None


def stop_server(server: RunningServer) -> None:
    server.kill()


@pytest.fixture
def launch(tmp_path):
    """Starts servers with extra arguments; every one is killed after the test."""
    servers = []

    def _launch(*extra_args: str, **kwargs) -> RunningServer:
        server = start_server(tmp_path, *extra_args, **kwargs)
        servers.append(server)
        return server

    yield _launch
    for server in servers:
        stop_server(server)


@pytest.fixture
def server(launch) -> RunningServer:
    return launch()


# Raw sockets, for requests no well-behaved client library would send.

def raw_http(port: int, request: bytes, timeout: float = 5.0) -> bytes:
    """Sends `request` and returns everything the server sends until it closes (or times out)."""
    with socket.create_connection((HOST, port), timeout=timeout) as connection:
        connection.sendall(request)
        received = b""
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            try:
                chunk = connection.recv(65536)
            except (socket.timeout, ConnectionResetError):
                break
            if not chunk:
                break
            received += chunk
            if b"\r\n\r\n" in received and b"content-length: " in received.lower():
                head, _, body = received.partition(b"\r\n\r\n")
                length = int(head.lower().split(b"content-length: ")[1].split(b"\r\n")[0])
                if len(body) >= length:
                    break
        return received


def status_of(response: bytes) -> int | None:
    if not response.startswith(b"HTTP/"):
        return None
    return int(response.split(b" ", 2)[1])


def raw_websocket(port: int, receive_buffer: int | None = None) -> socket.socket:
    """A WebSocket opened by hand, so the test decides whether it ever reads."""
    connection = socket.socket()
    if receive_buffer is not None:
        connection.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, receive_buffer)
    connection.settimeout(5)
    connection.connect((HOST, port))
    key = base64.b64encode(os.urandom(16)).decode()
    connection.sendall(
        f"GET / HTTP/1.1\r\nHost: {HOST}:{port}\r\nUpgrade: websocket\r\n"
        f"Connection: Upgrade\r\nSec-WebSocket-Key: {key}\r\n"
        f"Sec-WebSocket-Version: 13\r\n\r\n".encode())
    response = b""
    while b"\r\n\r\n" not in response:
        chunk = connection.recv(1)
        assert chunk, "server closed during the handshake"
        response += chunk
    assert status_of(response) == 101, response
    return connection


def masked_frame(payload: bytes, opcode: int = 0x1, final: bool = True) -> bytes:
    """One client frame, final unless told; clients must mask (RFC 6455 §5.3)."""
    mask = os.urandom(4)
    header = bytes([(0x80 if final else 0) | opcode])
    if len(payload) < 126:
        header += bytes([0x80 | len(payload)])
    elif len(payload) < 1 << 16:
        header += bytes([0x80 | 126]) + len(payload).to_bytes(2, "big")
    else:
        header += bytes([0x80 | 127]) + len(payload).to_bytes(8, "big")
    return header + mask + bytes(b ^ mask[i % 4] for i, b in enumerate(payload))
