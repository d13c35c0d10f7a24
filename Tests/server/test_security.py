"""Hostile and careless clients, sent for real against scene sessions: each test checks the server
refuses or absorbs the input, counts it, and goes on serving other sessions correctly."""
import base64
import math
import os
import select
import signal
import socket
import struct
import time

import pytest
import requests

import segue_wire as wire
import segue_harness as harness
from conftest import HOST, SECRET, masked_frame, raw_http, raw_websocket, status_of
from segue_page import HEIGHT, WIDTH, Page, names
from test_scene_session import settled_on


@pytest.fixture
def slides(launch):
    return launch("--scene", "slides")


def presents(client):
    """A right-edge swipe presents the second slide and everything settles again."""
    client.wait_until(settled_on("first"))
    client.swipe(389, 189)
    client.wait_until(lambda f: f["transition"] is None and "second" in names(f))


def assert_healthy(server):
    """A new session still works end to end, and no settled world broke a rule."""
    bystander = Page(server.ws_url)
    presents(bystander)
    bystander.close()
    samples = server.metrics()
    assert samples["segue_invariant_violations_total"] == 0
    assert samples["segue_transitions_rescued_total"] == 0
    assert requests.get(f"{server.base_url}/healthz", timeout=5).text == "ok"


def handshake_status(port, origin=None, source=None):
    """The status a WebSocket handshake is answered with, read off a raw socket: lws answers a
    refusal in HTTP/1.0, which client libraries will not parse."""
    connection = socket.socket()
    if source:
        connection.bind((source, 0))
    connection.settimeout(5)
    connection.connect((HOST, port))
    key = base64.b64encode(os.urandom(16)).decode()
    connection.sendall((f"GET / HTTP/1.1\r\nHost: {HOST}:{port}\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n"
                        f"Sec-WebSocket-Key: {key}\r\nSec-WebSocket-Version: 13\r\n"
                        + (f"Origin: {origin}\r\n" if origin else "") + "\r\n").encode())
    response = b""
    while b"\r\n\r\n" not in response:
        chunk = connection.recv(4096)
        if not chunk:
            break
        response += chunk
    connection.close()
    return status_of(response)


# WebSocket messages

BAD_MESSAGES = [
    b"",
    bytes([1]),
    bytes([1, 16]) + bytes(10),
    bytes([2, 16]) + bytes(26),
    bytes([1, 99]),
    wire.pointer("move", math.inf, 10, 1),
    wire.pointer("move", 10, -math.inf, 1),
    wire.pointer("move", math.nan, math.nan, 1),
    wire.pointer("move", 3.4e38, 10, 1),
    wire.viewport(-390, -844),
    wire.viewport(0, 0),
    wire.viewport(1e30, 844),
    struct.pack("<BBB", 1, 18, 4) + b"\xff\xfe\xfd\xfc",
    struct.pack("<BBB", 1, 18, 200) + b"x" * 10,
    struct.pack("<BBd", 1, 19, -1.0),
    struct.pack("<BBB", 1, 20, 7),
    os.urandom(4096),
]


def test_every_kind_of_bad_message_is_rejected_and_counted_while_a_neighbour_animates(slides):
    neighbour = Page(slides.ws_url)
    neighbour.wait_until(settled_on("first"))
    victim = Page(slides.ws_url)
    victim.wait_until(settled_on("first"))
    bad_before = slides.metrics()["segue_bad_messages_total"]

    neighbour.pointer("down", 389, 420, 1000)
    for index, message in enumerate(BAD_MESSAGES):
        victim.send(message)
        neighbour.pointer("move", 389 - 8 * (index + 1), 420, 1000 + 16 * (index + 1))
        neighbour.pump(0.01)
    deadline = time.monotonic() + 5
    while len(victim.errors) < len(BAD_MESSAGES) and time.monotonic() < deadline:
        victim.pump(0.05)
    assert len(victim.errors) == len(BAD_MESSAGES), victim.errors
    assert all(error["message"] for error in victim.errors)
    assert slides.metrics()["segue_bad_messages_total"] == bad_before + len(BAD_MESSAGES)

    # The neighbour's drag was never disturbed: it followed every move, in order.
    neighbour.pointer("up", 389 - 8 * (len(BAD_MESSAGES) + 1), 420, 1400)
    neighbour.wait_until(lambda f: f["transition"] is None)
    inputs = [f["input_sequence"] for f in neighbour.frames]
    assert inputs == sorted(inputs) and inputs[-1] == neighbour.sequence
    # The victim's session goes on as if nothing happened.
    presents(victim)
    assert_healthy(slides)


def test_a_flood_is_rate_limited_counted_and_does_not_starve_others(launch):
    server = launch("--scene", "slides", "--max-messages-per-second", "500")
    watcher = Page(server.ws_url)
    watcher.wait_until(settled_on("first"))
    flooder = raw_websocket(server.port)
    batch = b"".join(masked_frame(wire.pointer("move", 100 + i % 50, 400, i + 1, pointer_id=9), opcode=0x2)
                     for i in range(340))
    flooder.setblocking(False)

    # For two seconds the watcher drags through a transition, one move per 16 ms, while the flooder
    # sends 340 messages per 16 ms: over 20,000 a second, forty times the limit.
    watcher.pointer("down", 389, 420, 1000)
    started = time.monotonic()
    flooded, step, pending = 0, 0, b""
    while time.monotonic() - started < 2.0:
        if time.monotonic() - started >= step * 0.016:
            step += 1
            pending += batch
            flooded += 340
            watcher.pointer("move", max(100, 389 - 2 * step), 420, 1000 + 16 * step)
        try:
            sent = flooder.send(pending)
            pending = pending[sent:]
        except BlockingIOError:
            pass
        watcher.pump(0.002)
        try:
            while flooder.recv(65536):
                pass
        except BlockingIOError:
            pass
    flooder.setblocking(True)
    flooder.sendall(pending)
    flood_seconds = time.monotonic() - started
    server.wait_for_metric("segue_sessions", 2)
    watcher.pump(0.2)
    moved = [f for f in watcher.frames if f["transition"] and f["transition"]["interactive"]]
    assert len(moved) >= step * 0.8, f"{len(moved)} frames for {step} moves"
    assert watcher.frames[-1]["input_sequence"] == watcher.sequence

    samples = server.metrics()
    limited = samples["segue_rate_limited_messages_total"]
    accepted_flood = samples["segue_input_messages_total"] - (watcher.sequence + 1)
    # The bucket lets through its burst plus the rate for the time the flood lasted, no more.
    assert accepted_flood <= 500 + 500 * (flood_seconds + 1)
    assert limited >= flooded - accepted_flood - 1 and limited > flooded / 2
    print(f"\nflood: {flooded} messages in {flood_seconds:.2f} s, {limited:.0f} dropped, {accepted_flood:.0f} handled")

    # After a quiet second the flooder's session works again.
    time.sleep(1.1)
    flooder.setblocking(True)
    flooder.settimeout(2)
    before = server.metrics()["segue_input_messages_total"]
    flooder.sendall(masked_frame(wire.ping(5.0), opcode=0x2))
    server.wait_for_metric("segue_input_messages_total", before + 1)
    flooder.close()
    watcher.pointer("up", 100, 420, 5000)
    assert_healthy(server)


def test_pointers_that_never_went_down_and_ups_without_downs_change_nothing(slides):
    client = Page(slides.ws_url)
    first = client.wait_until(settled_on("first"))
    client.pointer("move", 300, 420, 1000)
    client.pointer("up", 200, 420, 1016)
    client.pointer("cancel", 200, 420, 1020)
    client.send(wire.pointer("move", 100, 420, client.sequence + 1, pointer_id=12345, time_ms=1030))
    client.send(wire.pointer("up", 100, 420, client.sequence + 2, pointer_id=2**31 - 1, time_ms=1040))
    client.sequence += 2
    last = client.wait_until(lambda f: f["input_sequence"] == client.sequence)
    assert not client.errors
    assert all(f["transition"] is None for f in client.frames)
    assert names(last) == names(first)
    presents(client)
    assert_healthy(slides)


def test_interleaved_pointers_drive_one_transition_and_settle_cleanly(slides):
    client = Page(slides.ws_url)
    client.wait_until(settled_on("first"))

    def send(phase, pointer_id, x, t):
        client.sequence += 1
        client.send(wire.pointer(phase, x, 420, client.sequence, pointer_id=pointer_id, time_ms=t))

    send("down", 1, 389, 1000)
    send("down", 2, 200, 1005)
    for step in range(1, 26):
        send("move", 1, 389 - 8 * step, 1000 + 16 * step)
        send("move", 2, 200 + 3 * step, 1005 + 16 * step)
        client.pump(0.016)
    send("up", 2, 275, 1420)
    send("up", 1, 189, 1430)
    client.wait_until(lambda f: f["transition"] is None and "second" in names(f))
    assert not client.errors
    operations = {f["transition"]["operation"] for f in client.frames if f["transition"]}
    assert operations == {"present"}
    assert_healthy(slides)


# Connections

def abort(sock):
    """Closes with a TCP reset, as a crashed or vanished client does."""
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_LINGER, struct.pack("ii", 1, 0))
    sock.close()


def test_clients_that_vanish_mid_transition_are_freed_without_leaking(slides):
    def round_of(count):
        sockets = []
        for _ in range(count):
            s = raw_websocket(slides.port)
            for message in (wire.viewport(WIDTH, HEIGHT), wire.pointer("down", 389, 420, 1, time_ms=0),
                            wire.pointer("move", 300, 420, 2, time_ms=16),
                            wire.pointer("move", 250, 420, 3, time_ms=32)):
                s.sendall(masked_frame(message, opcode=0x2))
            sockets.append(s)
        time.sleep(0.3)  # every session is mid-drag now
        for s in sockets:
            abort(s)
        slides.wait_for_metric("segue_sessions", 0, timeout=10)

    round_of(50)
    baseline = slides.rss_kib()
    for _ in range(6):
        round_of(50)
    growth_mib = (slides.rss_kib() - baseline) / 1024
    assert growth_mib < 3, f"RSS grew {growth_mib:.1f} MiB over 300 vanished sessions"
    samples = slides.metrics()
    assert samples["segue_connections_total"] == 350
    assert samples["segue_transitions_started_total"] == 350
    assert_healthy(slides)


def test_a_thousand_connections_opened_and_dropped_at_once(launch):
    server = launch("--scene", "slides", "--max-sessions", "1100", "--max-connections", "1200",
                    "--max-sessions-per-ip", "1100")
    key = base64.b64encode(os.urandom(16)).decode()
    handshake = (f"GET / HTTP/1.1\r\nHost: {HOST}:{server.port}\r\nUpgrade: websocket\r\n"
                 f"Connection: Upgrade\r\nSec-WebSocket-Key: {key}\r\nSec-WebSocket-Version: 13\r\n\r\n").encode()
    sockets = []
    for _ in range(1000):
        s = socket.socket()
        s.setblocking(False)
        s.connect_ex((HOST, server.port))
        sockets.append(s)
    pending = {s.fileno(): s for s in sockets}
    answered, deadline = {}, time.monotonic() + 20
    unsent = set(pending)
    while len(answered) < len(sockets) and time.monotonic() < deadline:
        _, writable, _ = select.select([], [pending[fd] for fd in list(unsent)[:500]], [], 0.01)
        for s in writable:
            s.send(handshake)
            unsent.discard(s.fileno())
        readable, _, _ = select.select([s for fd, s in pending.items() if fd not in answered][:500], [], [], 0.05)
        for s in readable:
            chunk = s.recv(4096)
            if b"\r\n\r\n" in chunk or not chunk:
                answered[s.fileno()] = status_of(chunk)
    assert list(answered.values()).count(101) == 1000, f"{len(answered)} answered"
    server.wait_for_metric("segue_sessions", 1000, timeout=10)
    for s in sockets:
        abort(s)
    server.wait_for_metric("segue_sessions", 0, timeout=15)
    assert_healthy(server)


def test_past_the_session_limit_handshakes_get_503_until_one_closes(launch):
    server = launch("--scene", "slides", "--max-sessions", "3")
    clients = [Page(server.ws_url) for _ in range(3)]
    assert handshake_status(server.port) == 503
    assert server.metrics()['segue_refused_handshakes_total{reason="server_full"}'] == 1
    assert requests.get(f"{server.base_url}/", timeout=5).status_code == 200  # pages still load
    clients[0].close()
    server.wait_for_metric("segue_sessions", 2)
    presents(Page(server.ws_url))
    for client in clients[1:]:
        presents(client)


def test_one_address_cannot_take_every_session(launch):
    server = launch("--scene", "slides", "--max-sessions-per-ip", "2")
    first, second = Page(server.ws_url), Page(server.ws_url)
    assert handshake_status(server.port) == 429
    assert server.metrics()['segue_refused_handshakes_total{reason="address_full"}'] == 1
    # Another loopback address is another peer.
    assert handshake_status(server.port, source="127.0.0.2") == 101
    second.close()
    server.wait_for_metric("segue_sessions", 1)
    presents(Page(server.ws_url))
    presents(first)


def test_a_foreign_origin_is_answered_403(slides):
    assert handshake_status(slides.port, origin="https://evil.example") == 403
    assert handshake_status(slides.port, origin=slides.base_url) == 101
    assert slides.metrics()['segue_refused_handshakes_total{reason="origin"}'] == 1
    assert_healthy(slides)


# HTTP

@pytest.fixture
def linked(launch, tmp_path):
    """A server whose public directory holds symlinks: one inside, three leading out."""
    public = tmp_path / "public"
    public.mkdir(exist_ok=True)
    (public / "inside.txt").write_text("inside\n")
    (public / "alias.txt").symlink_to("inside.txt")
    (public / "leak.txt").symlink_to(tmp_path / "secret")
    (public / "outside").symlink_to(tmp_path)
    (public / "etc").symlink_to("/etc")
    return launch()


@pytest.mark.parametrize("path", ["/leak.txt", "/outside/secret", "/etc/passwd", "/etc/hostname",
                                  "/outside/public/../secret", "/%6ceak.txt", "/outside%2fsecret"])
def test_symlinks_never_lead_out_of_the_public_directory(linked, path):
    response = raw_http(linked.port, f"GET {path} HTTP/1.1\r\nHost: {HOST}\r\n\r\n".encode())
    assert SECRET.encode() not in response
    assert b"root:" not in response
    assert status_of(response) in (403, 404), response[:200]
    assert requests.get(f"{linked.base_url}/alias.txt", timeout=5).text == "inside\n"


@pytest.mark.parametrize("path", ["/%2e%2e%2f%2e%2e%2fsecret", "/.%2e/secret", "/%252e%252e/secret",
                                  "/..%5csecret", "/%2e%2e%5csecret", "/%c0%ae%c0%ae/secret"])
def test_more_encoded_traversals_stay_inside(server, path):
    response = raw_http(server.port, f"GET {path} HTTP/1.1\r\nHost: {HOST}\r\n\r\n".encode())
    assert SECRET.encode() not in response
    assert status_of(response) in (None, 400, 403, 404)


@pytest.mark.parametrize("size", [8 * 1024, 200 * 1024])
def test_oversized_headers_are_refused(server, size):
    # Headers past lws's max_http_header_data (4 KiB, its default) fill its header table: it logs "Ran out of header
    # data space" and drops the connection without a response; a 500 or any status would mean the
    # request got past the parser.
    response = raw_http(server.port, b"GET / HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Padding: "
                        + b"a" * size + b"\r\n\r\n")
    assert response == b"", response[:200]
    assert requests.get(f"{server.base_url}/healthz", timeout=5).text == "ok"


def test_a_slow_headers_client_is_cut_off_and_others_are_served(launch):
    server = launch("--handshake-timeout", "2")
    slow = socket.create_connection((HOST, server.port), timeout=10)
    request = b"GET / HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Slow: " + b"s" * 40
    started = time.monotonic()
    closed_after = None
    for byte in request:
        try:
            slow.sendall(bytes([byte]))
            readable, _, _ = select.select([slow], [], [], 0.25)
            if readable and not slow.recv(4096):
                closed_after = time.monotonic() - started
                break
        except (BrokenPipeError, ConnectionResetError):
            closed_after = time.monotonic() - started
            break
        assert requests.get(f"{server.base_url}/healthz", timeout=5).text == "ok"
    slow.close()
    assert closed_after is not None, "the slow client was never cut off"
    assert 1.5 <= closed_after <= 5, f"cut off after {closed_after:.1f} s"


# Workers

def test_workers_share_the_port_and_a_dead_worker_is_replaced(launch):
    server = launch("--scene", "slides", "--workers", "2")
    workers = harness.live_children(server.process.pid)
    assert len(workers) == 2
    clients = [Page(server.ws_url) for _ in range(16)]
    for client in clients:
        client.wait_until(settled_on("first"))
    # The kernel spread the sessions: each worker answers /metrics for its own, so no answer
    # counts all 16, and two different answers add up to 16 (an even split answers 8 every time).
    opened = {server.metrics()["segue_sessions"] for _ in range(40)}
    assert max(opened) < 16, opened
    assert (len(opened) == 2 and sum(opened) == 16) or opened == {8.0}, opened

    os.kill(workers[0], signal.SIGKILL)
    deadline = time.monotonic() + 10
    while time.monotonic() < deadline:
        now = harness.live_children(server.process.pid)
        if len(now) == 2 and workers[0] not in now:
            break
        time.sleep(0.1)
    assert len(harness.live_children(server.process.pid)) == 2
    for _ in range(4):
        presents(Page(server.ws_url))

    assert server.send_signal(signal.SIGTERM) == 0
    assert harness.live_children(server.process.pid) == []
    assert "Segue is running: open http://127.0.0.1:" in server.stdout()


def test_a_peer_that_never_answers_pings_is_hung_up_and_one_that_does_stays(launch):
    server = launch("--scene", "slides", "--ping-interval", "1", "--idle-timeout", "2")
    silent = raw_websocket(server.port)  # reads, but never sends a pong
    answering = Page(server.ws_url)  # the websockets library answers pings by itself
    answering.wait_until(settled_on("first"))
    started = time.monotonic()
    silent.settimeout(6)
    received = b""
    while True:
        chunk = silent.recv(65536)
        if not chunk:
            break
        received += chunk
    hung_up_after = time.monotonic() - started
    assert 1.5 <= hung_up_after <= 4.5, f"hung up after {hung_up_after:.1f} s"
    assert b"\x89" in received, "the server never pinged"
    time.sleep(2)
    presents(answering)
    server.wait_for_metric("segue_sessions", 1)


def test_connections_past_the_descriptor_limit_wait_and_idle_ones_are_cut_off(launch):
    server = launch("--scene", "slides", "--max-connections", "20", "--max-sessions", "10",
                    "--handshake-timeout", "2")
    keeper = Page(server.ws_url)
    keeper.wait_until(settled_on("first"))
    # Far more connections than lws's table holds (20 + 32 descriptors), none sending a byte.
    idle = [socket.create_connection((HOST, server.port), timeout=5) for _ in range(120)]
    presents(keeper)  # the session already in goes on meanwhile
    # The server accepts them all; lws closes at once those past its table, and each idle one inside
    # it is cut off by the handshake timeout.
    deadline = time.monotonic() + 30
    open_ones = list(idle)
    while open_ones and time.monotonic() < deadline:
        readable, _, _ = select.select(open_ones, [], [], 0.5)
        for s in readable:
            try:
                data = s.recv(1)
            except ConnectionResetError:
                data = b""
            if data == b"":
                open_ones.remove(s)
    assert not open_ones, f"{len(open_ones)} of 120 idle connections were never cut off"
    for s in idle:
        s.close()
    assert_healthy(server)
