"""Fixtures that run a real `segue serve` (or the test-only `segue-echo`) process against a
throwaway public directory.

Nothing is built here: the binary comes from SEGUE_BIN (default .build/debug/segue, relative to
the package root); `segue-echo` is taken from beside it. A missing binary fails the run instead of
skipping it. Servers listen on port 0 and the test reads the port from the banner they print, so
no two servers race for a port.
"""

import base64
import os
import re
import signal
import socket
import subprocess
import time
from dataclasses import dataclass
from pathlib import Path

import pytest
import requests

PACKAGE_ROOT = Path(__file__).resolve().parents[2]
HOST = "127.0.0.1"
STARTUP_TIMEOUT = 10.0
EXIT_TIMEOUT = 10.0

INDEX_HTML = "<!doctype html><title>Segue test page</title><canvas></canvas>\n"
APP_JS = "export const answer = 42;\n"
SECRET = "TOP SECRET: never served\n"


def segue_binary() -> Path:
    path = Path(os.environ.get("SEGUE_BIN", ".build/debug/segue"))
    if not path.is_absolute():
        path = PACKAGE_ROOT / path
    if not path.is_file():
        pytest.fail(f"segue binary not found at {path}; build it or set SEGUE_BIN", pytrace=False)
    return path


def echo_binary() -> Path:
    path = segue_binary().with_name("segue-echo")
    if not path.is_file():
        pytest.fail(f"segue-echo not found at {path}; build the package", pytrace=False)
    return path


def free_port() -> int:
    """A port free at the moment of asking, for a client that must be refused; servers use port 0."""
    with socket.socket() as probe:
        probe.bind((HOST, 0))
        return probe.getsockname()[1]


BANNER = re.compile(r"is running: open http://[^ ]*:(\d+)/")


def wait_for_banner(process: subprocess.Popen, stdout_path: Path, stderr_path: Path) -> int:
    """The port a server started with `--port 0` listens on, read from its banner line."""
    deadline = time.monotonic() + STARTUP_TIMEOUT
    while time.monotonic() < deadline:
        match = BANNER.search(stdout_path.read_text(errors="replace"))
        if match:
            return int(match.group(1))
        if process.poll() is not None:
            raise AssertionError(f"server exited with {process.returncode}:\n"
                                 + stderr_path.read_text(errors="replace"))
        time.sleep(0.02)
    process.kill()
    process.wait(timeout=EXIT_TIMEOUT)
    raise AssertionError(f"server printed no banner within {STARTUP_TIMEOUT} s")


@dataclass
class RunningServer:
    process: subprocess.Popen
    port: int
    public_dir: Path
    stdout_path: Path
    stderr_path: Path

    @property
    def base_url(self) -> str:
        return f"http://{HOST}:{self.port}"

    @property
    def ws_url(self) -> str:
        return f"ws://{HOST}:{self.port}/"

    def stderr(self) -> str:
        return self.stderr_path.read_text(errors="replace")

    def stdout(self) -> str:
        return self.stdout_path.read_text(errors="replace")

    def rss_kib(self) -> int:
        for line in Path(f"/proc/{self.process.pid}/status").read_text().splitlines():
            if line.startswith("VmRSS:"):
                return int(line.split()[1])
        raise AssertionError("VmRSS missing from /proc status")

    def metrics(self) -> dict[str, float]:
        """Every sample on /metrics, keyed by name plus labels as written."""
        response = requests.get(f"{self.base_url}/metrics", timeout=5)
        response.raise_for_status()
        samples = {}
        for line in response.text.splitlines():
            if line and not line.startswith("#"):
                name, value = line.rsplit(" ", 1)
                samples[name] = float(value)
        return samples

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
        return self.process.wait(timeout=EXIT_TIMEOUT)


def start_server(tmp_path: Path, *extra_args: str, subcommand: tuple[str, ...] = ("serve",),
                 echo: bool = False):
    """Starts `segue serve`, or with `echo` the test-only `segue-echo` with ticks on (it echoes
    every message and sends `tick N` each frame, so tests can predict its replies exactly)."""
    public = tmp_path / "public"
    public.mkdir(exist_ok=True)
    (public / "index.html").write_text(INDEX_HTML)
    (public / "app.js").write_text(APP_JS)
    (public / "module.mjs").write_text(APP_JS)
    # Beside the public directory, where a traversal would find it.
    (tmp_path / "secret").write_text(SECRET)

    command = [str(echo_binary()), "--ticks"] if echo else [str(segue_binary()), *subcommand]
    stdout_path, stderr_path = tmp_path / "stdout.txt", tmp_path / "stderr.txt"
    with open(stdout_path, "wb") as stdout, open(stderr_path, "wb") as stderr:
        process = subprocess.Popen(
            [*command, "--host", HOST, "--port", "0", "--public", str(public), *extra_args],
            stdout=stdout, stderr=stderr, cwd=tmp_path)
    port = wait_for_banner(process, stdout_path, stderr_path)
    return RunningServer(process, port, public, stdout_path, stderr_path)


def stop_server(server: RunningServer) -> None:
    if server.process.poll() is None:
        server.process.send_signal(signal.SIGKILL)
        server.process.wait(timeout=EXIT_TIMEOUT)


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


def masked_frame(payload: bytes, opcode: int = 0x1) -> bytes:
    """One final client frame; clients must mask (RFC 6455 §5.3)."""
    mask = os.urandom(4)
    header = bytes([0x80 | opcode])
    if len(payload) < 126:
        header += bytes([0x80 | len(payload)])
    elif len(payload) < 1 << 16:
        header += bytes([0x80 | 126]) + len(payload).to_bytes(2, "big")
    else:
        header += bytes([0x80 | 127]) + len(payload).to_bytes(8, "big")
    return header + mask + bytes(b ^ mask[i % 4] for i, b in enumerate(payload))
