"""Graceful drain: on SIGTERM a server stops listening, sends every session a Close with 1001
"going away" and nothing after it, and exits 0 once they have gone or at `--drain-timeout`."""

from __future__ import annotations

import signal
import socket
import struct
import time

import pytest

from conftest import HOST, masked_frame, raw_websocket

CLOSE = 0x8
GOING_AWAY = 1001


def read_frame(connection: socket.socket) -> tuple[int, bytes] | None:
    """One unmasked server frame as (opcode, payload); None at end of stream."""
    def exactly(count: int) -> bytes | None:
        data = b""
        while len(data) < count:
            chunk = connection.recv(count - len(data))
            if not chunk:
                return None
            data += chunk
        return data

    head = exactly(2)
    if head is None:
        return None
    opcode, length = head[0] & 0x0F, head[1] & 0x7F
    if length == 126:
        length = struct.unpack("!H", exactly(2))[0]
    elif length == 127:
        length = struct.unpack("!Q", exactly(8))[0]
    payload = exactly(length) if length else b""
    return None if payload is None else (opcode, payload)


def frames_until_close(connection: socket.socket) -> tuple[int, int, str]:
    """Reads until the server's Close; returns how many data frames came first, its code and reason."""
    data_frames = 0
    while True:
        frame = read_frame(connection)
        assert frame is not None, "the connection ended without a Close frame"
        opcode, payload = frame
        if opcode == CLOSE:
            code = struct.unpack("!H", payload[:2])[0] if len(payload) >= 2 else None
            return data_frames, code, payload[2:].decode()
        data_frames += 1


def rest_of_stream(connection: socket.socket) -> bytes:
    """Everything the server sends until it closes the TCP connection."""
    received = b""
    try:
        while chunk := connection.recv(65536):
            received += chunk
    except ConnectionResetError:  # a cut session may see a reset rather than an orderly end
        pass
    return received


def refuses_connections(port: int, tries: int = 5) -> bool:
    """No connection of `tries` is accepted: with two workers the kernel spreads connections over
    both listeners (SO_REUSEPORT), so one refusal alone could come from one worker only."""
    for _ in range(tries):
        try:
            socket.create_connection((HOST, port), timeout=1).close()
            return False
        except ConnectionRefusedError:
            pass
        except ConnectionResetError:  # a listener closing resets the connections queued on it
            pass
    return True


@pytest.mark.parametrize("workers, loop", [("1", "epoll"), ("2", "epoll"), ("1", "poll")])
def test_sigterm_sends_each_session_going_away_then_nothing_and_exits_zero_at_once(launch, workers, loop):
    server = launch("--workers", workers, "--drain-timeout", "8", "--event-loop", loop)
    sessions = [raw_websocket(server.port) for _ in range(6)]
    for connection in sessions:
        assert read_frame(connection)[0] != CLOSE  # serving: the scene's first frame

    started = time.monotonic()
    server.process.send_signal(signal.SIGTERM)
    for connection in sessions:
        _, code, reason = frames_until_close(connection)
        assert (code, reason) == (GOING_AWAY, "server shutting down")
        connection.sendall(masked_frame(struct.pack("!H", 1000), opcode=CLOSE))
        # After its Close the server sends no data frame, only the end of the connection.
        assert rest_of_stream(connection) == b""
        connection.close()
    assert server.process.wait(timeout=8) == 0
    # Every session answered, so the drain ended long before its 8 s timeout.
    assert time.monotonic() - started < 3


@pytest.mark.parametrize("workers", ["1", "2"])
def test_a_draining_server_refuses_new_connections_and_cuts_a_silent_session_at_the_timeout(
        launch, workers):
    drain_timeout = 2.0
    server = launch("--workers", workers, "--drain-timeout", str(drain_timeout))
    # With two workers the kernel spreads connections; enough of them that both hold a silent one.
    silent = [raw_websocket(server.port) for _ in range(6 if workers == "2" else 1)]

    started = time.monotonic()
    server.process.send_signal(signal.SIGTERM)
    deadline = started + drain_timeout / 2
    while not refuses_connections(server.port):
        assert time.monotonic() < deadline, "still accepting connections while draining"
        time.sleep(0.02)
    assert server.alive(), "exited instead of waiting for its silent sessions"

    # The silent sessions never answer the Close; the server gives up on them at the timeout.
    assert server.process.wait(timeout=drain_timeout + 5) == 0
    elapsed = time.monotonic() - started
    assert drain_timeout - 0.1 <= elapsed < drain_timeout + 1.5, elapsed
    for connection in silent:
        _, code, _ = frames_until_close(connection)
        assert code == GOING_AWAY
        assert rest_of_stream(connection) == b""
        connection.close()


def test_drain_timeout_outside_its_range_is_refused(launch):
    with pytest.raises(AssertionError, match="drainTimeout"):
        launch("--drain-timeout", "61")


def test_a_page_load_under_way_is_sent_in_full_before_the_server_exits(launch):
    server = launch("--drain-timeout", "8")
    # More than the kernel buffers on both ends of a loopback connection (a few MiB each), so the
    # server is still sending it when SIGTERM comes, as the client reads nothing meanwhile.
    body = bytes(range(256)) * (128 * 1024)  # 32 MiB
    (server.public_dir / "big.txt").write_bytes(body)
    connection = socket.socket()
    connection.settimeout(5)
    connection.connect((HOST, server.port))
    connection.sendall(f"GET /big.txt HTTP/1.1\r\nHost: {HOST}:{server.port}\r\n\r\n".encode())
    received = connection.recv(4096)
    assert received.startswith(b"HTTP/1.1 200"), received[:100]

    server.process.send_signal(signal.SIGTERM)
    signalled = time.monotonic()
    time.sleep(0.3)
    assert server.alive(), "exited with a response half-sent"
    while b"\r\n\r\n" not in received:
        received += connection.recv(4096)
    _, _, start = received.partition(b"\r\n\r\n")
    received = bytearray(start)
    while len(received) < len(body):
        chunk = connection.recv(1 << 20)
        assert chunk, f"cut after {len(received)} of {len(body)} bytes"
        received += chunk
    assert received == body
    connection.close()
    # It exits once the response is out, not at the drain timeout.
    assert server.process.wait(timeout=8) == 0
    assert time.monotonic() - signalled < 4
