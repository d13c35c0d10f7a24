"""WebSocket sessions through the server's transport, against `segue-echo --ticks` (echoes every
message, sends `tick N` every frame, pads tick frames to N bytes after `pad:N`)."""

import asyncio
import select
import socket
import time

import pytest
import requests
from websockets.asyncio.client import connect
from websockets.exceptions import ConnectionClosed, InvalidHandshake, InvalidMessage

import segue_wire as wire
from conftest import masked_frame, raw_websocket

LIMIT = 64 * 1024


@pytest.fixture
def server(launch):
    return launch(echo=True)


async def next_tick(ws, timeout: float = 5.0) -> str:
    async with asyncio.timeout(timeout):
        while True:
            message = await ws.recv()
            if isinstance(message, str) and message.startswith("tick "):
                return message


async def next_echo(ws, timeout: float = 5.0) -> str | bytes:
    """The next message that is not a tick. The echo handler keeps only the latest echo, so send
    one message at a time and await its echo."""
    async with asyncio.timeout(timeout):
        while True:
            message = await ws.recv()
            if not (isinstance(message, str) and message.startswith("tick ")):
                return message


async def close_code_after(ws, timeout: float = 5.0) -> int:
    """Reads (and discards) until the server closes; returns the close code it sent."""
    with pytest.raises(ConnectionClosed):
        async with asyncio.timeout(timeout):
            while True:
                await ws.recv()
    assert ws.close_code is not None
    return ws.close_code


def test_connects_with_the_segue_subprotocol(server):
    async def scenario():
        async with connect(server.ws_url, subprotocols=["segue.v7"]) as ws:
            assert ws.subprotocol == "segue.v7"
            assert (await next_tick(ws)).startswith("tick ")
    asyncio.run(scenario())


def test_connects_without_a_subprotocol(server):
    async def scenario():
        async with connect(server.ws_url) as ws:
            assert ws.subprotocol is None
            assert (await next_tick(ws)).startswith("tick ")
    asyncio.run(scenario())


def test_unknown_subprotocol_is_refused(server):
    async def scenario():
        with pytest.raises((InvalidHandshake, InvalidMessage)):
            async with connect(server.ws_url, subprotocols=["chat.v9"], open_timeout=5):
                pass
    asyncio.run(scenario())


@pytest.mark.parametrize("old", ["segue.v1", "segue.v5"])
def test_an_old_page_is_refused_at_the_handshake(server, old):
    """A page cached from before version 6 asks for segue.v5 (or older): refused, so it never misreads
    a version 6 frame."""
    async def scenario():
        with pytest.raises((InvalidHandshake, InvalidMessage)):
            async with connect(server.ws_url, subprotocols=[old], open_timeout=5):
                pass
    asyncio.run(scenario())


def test_foreign_origin_is_refused_and_loopback_origin_accepted(server):
    async def scenario():
        with pytest.raises((InvalidHandshake, InvalidMessage)):
            async with connect(server.ws_url, origin="http://evil.example", open_timeout=5):
                pass
        async with connect(server.ws_url, origin=server.base_url) as ws:
            await next_tick(ws)
        async with connect(server.ws_url, origin="http://localhost:5173") as ws:
            await next_tick(ws)
    asyncio.run(scenario())


def test_allow_origin_admits_a_named_origin(launch):
    server = launch("--allow-origin", "https://viewer.example", "--allow-origin",
                    "http://10.0.0.2:8080", echo=True)

    async def scenario():
        for origin in ["https://viewer.example", "http://10.0.0.2:8080"]:
            async with connect(server.ws_url, origin=origin) as ws:
                await next_tick(ws)
        with pytest.raises((InvalidHandshake, InvalidMessage)):
            async with connect(server.ws_url, origin="https://other.example", open_timeout=5):
                pass
    asyncio.run(scenario())


def test_input_is_answered_at_once_not_at_the_next_tick(launch):
    server = launch("--fps", "1", echo=True)

    async def scenario():
        async with connect(server.ws_url) as ws:
            await next_tick(ws)  # a tick just went out; the next is a second away
            started = time.monotonic()
            await ws.send("hello")
            assert await next_echo(ws, timeout=0.5) == "hello"
            assert time.monotonic() - started < 0.5
    asyncio.run(scenario())


def test_input_read_together_is_answered_with_one_frame_when_the_loops_turn_ends(launch):
    """Answers are written once every callback of the loop's turn has run, so messages that arrive
    in one read get one frame (the echo handler's latest), not one each."""
    server = launch("--fps", "1", echo=True)
    connection = raw_websocket(server.port)
    try:
        read_frames(connection, 0.3)  # the first tick
        connection.sendall(b"".join(masked_frame(text, opcode=0x1) for text in (b"one", b"two", b"three")))
        frames = read_frames(connection, 0.5)
    finally:
        connection.close()
    assert without_ticks(frames) == [(0x1, b"three")], frames


def test_a_ping_between_a_messages_fragments_is_answered_before_the_message(launch):
    """lws sends a Pong only from a writeable callback; an answer to a message whose fragments had a
    Ping between them waits for that callback, so it cannot overtake the Pong (Autobahn 5.6)."""
    server = launch("--fps", "1", echo=True)
    connection = raw_websocket(server.port)
    try:
        read_frames(connection, 0.3)
        connection.sendall(masked_frame(b"frag", opcode=0x1, final=False) + masked_frame(b"ping", opcode=0x9)
                           + masked_frame(b"mented", opcode=0x0))
        frames = read_frames(connection, 0.5)
    finally:
        connection.close()
    assert without_ticks(frames) == [(0xA, b"ping"), (0x1, b"fragmented")], frames


def test_fragmented_message_is_reassembled(server):
    async def scenario():
        async with connect(server.ws_url) as ws:
            await ws.send([b"frag", b"mented ", b"binary"])
            assert await next_echo(ws) == b"fragmented binary"
    asyncio.run(scenario())


@pytest.mark.parametrize("fragments", [1, 5])
def test_oversized_message_closes_with_1009_and_others_are_still_served(server, fragments):
    async def scenario():
        async with connect(server.ws_url) as bystander:
            async with connect(server.ws_url, max_size=None) as offender:
                chunk = b"x" * (LIMIT // fragments + 1)
                await offender.send([chunk] * fragments if fragments > 1 else chunk)
                assert await close_code_after(offender) == 1009
            first = int((await next_tick(bystander)).split()[1])
            later = int((await next_tick(bystander)).split()[1])
            assert later > first
        async with connect(server.ws_url) as newcomer:
            await next_tick(newcomer)
    asyncio.run(scenario())
    assert server.metrics()["segue_bad_messages_total"] == 1


def test_message_at_the_limit_is_accepted(server):
    async def scenario():
        async with connect(server.ws_url) as ws:
            await ws.send(b"y" * LIMIT)
            assert await next_echo(ws) == b"y" * LIMIT
    asyncio.run(scenario())


@pytest.mark.parametrize("text", [b"\xff\xfe", b"ok \xed\xa0\x80 surrogate", b"\xc0\xaf overlong"])
def test_invalid_utf8_text_closes_with_1007_and_others_are_still_served(server, text):
    async def scenario():
        async with connect(server.ws_url) as bystander:
            async with connect(server.ws_url) as ws:
                await ws.send(text, text=True)
                assert await close_code_after(ws) == 1007
            first = int((await next_tick(bystander)).split()[1])
            later = int((await next_tick(bystander)).split()[1])
            assert later > first
    asyncio.run(scenario())


def test_metrics_count_sessions_frames_and_input(server):
    async def scenario():
        async with connect(server.ws_url) as ws:
            for text in ["one", "two", "three"]:
                await ws.send(text)
                assert await next_echo(ws) == text
            await next_tick(ws)
            samples = server.metrics()
            assert samples["segue_sessions"] == 1
    asyncio.run(scenario())
    server.wait_for_metric("segue_sessions", 0)
    samples = server.metrics()
    assert samples["segue_connections_total"] == 1
    assert samples["segue_input_messages_total"] == 3
    assert samples["segue_frames_sent_total"] >= 4  # three echoes and at least one tick
    # A reader keeps its socket clear, so every tick's frame was written at the tick itself.
    assert samples["segue_frames_waited_total"] == 0
    assert samples["segue_bytes_sent_total"] >= len("onetwothree") + len("tick 1")
    assert samples["segue_frame_build_seconds_count"] >= 1  # the echo handler times its ticks


def test_a_client_that_never_reads_neither_stalls_others_nor_grows_the_server(server):
    fps, warmup, seconds, frame_size = 60, 1.0, 4.0, 256 * 1024
    stalled = raw_websocket(server.port, receive_buffer=4096)
    try:
        # 256 KiB tick frames at 60 fps are 15 MiB/s the stalled client never reads.
        stalled.sendall(masked_frame(f"pad:{frame_size}".encode()))

        async def scenario():
            async with connect(server.ws_url) as reader:
                started = time.monotonic()
                while time.monotonic() - started < warmup:  # the stalled buffers fill meanwhile
                    await next_tick(reader)
                baseline = server.rss_kib()
                first = int((await next_tick(reader)).split()[1])
                counting = time.monotonic()
                while time.monotonic() - counting < seconds:
                    last = int((await next_tick(reader)).split()[1])
                return baseline, (last - first) / (time.monotonic() - counting)

        baseline_kib, rate = asyncio.run(scenario())
        growth_mib = (server.rss_kib() - baseline_kib) / 1024
        assert rate >= 0.8 * fps, f"the reading client got {rate:.1f} ticks/s"
        # Queueing the unread frames would grow the server by about 60 MiB over 4 s.
        assert growth_mib < 8, f"server RSS grew {growth_mib:.1f} MiB"
        # Once its socket was full, the stalled client's frames waited for a writeable callback
        # instead of being written at their ticks: one count per tick.
        assert server.metrics()["segue_frames_waited_total"] >= fps * seconds / 2
        assert requests.get(f"{server.base_url}/healthz", timeout=5).text == "ok"
    finally:
        stalled.close()


def read_frames(connection: socket.socket, seconds: float) -> list[tuple[int, bytes]]:
    """Every frame (opcode, payload) the server sends within `seconds` or until it hangs up."""
    data = b""
    deadline = time.monotonic() + seconds
    connection.settimeout(0.05)
    while time.monotonic() < deadline:
        try:
            chunk = connection.recv(65536)
        except socket.timeout:
            continue
        except ConnectionResetError:
            break
        if not chunk:
            break
        data += chunk
    return parse_frames(data)


def without_ticks(frames: list[tuple[int, bytes]]) -> list[tuple[int, bytes]]:
    """The frames that are not the echo handler's `tick N`."""
    return [(opcode, payload) for opcode, payload in frames if not payload.startswith(b"tick ")]


def parse_frames(data: bytes) -> list[tuple[int, bytes]]:
    """The whole frames (opcode, payload) at the start of `data`."""
    frames = []
    while len(data) >= 2:
        length, offset = data[1] & 0x7F, 2
        if length == 126:
            length, offset = int.from_bytes(data[2:4], "big"), 4
        elif length == 127:
            length, offset = int.from_bytes(data[2:10], "big"), 10
        if len(data) < offset + length:
            break
        frames.append((data[0] & 0x0F, data[offset:offset + length]))
        data = data[offset + length:]
    return frames


@pytest.mark.parametrize("bad, code", [
    (masked_frame(b"x" * (LIMIT + 1), opcode=0x2), 1009),  # refused by the server
    (masked_frame(b"reserved", opcode=0x3), 1002),  # refused by lws
    (masked_frame(b"\xff\xfe", opcode=0x1), 1007),  # invalid UTF-8: refused by lws
])
def test_nothing_but_the_close_follows_a_bad_frame(launch, bad, code):
    """RFC 6455 §5.5.1: after sending Close, an endpoint sends no more data frames. lws 4.1.6 keeps
    calling writeable after its Close and does not check, so the transport must; the echo and a
    tick at 240 fps would otherwise follow the Close."""
    server = launch("--fps", "240", echo=True)
    connection = raw_websocket(server.port)
    try:
        connection.sendall(masked_frame(b"before", opcode=0x1))
        time.sleep(0.05)
        connection.sendall(masked_frame(b"pending echo", opcode=0x1) + bad)
        frames = read_frames(connection, 1.0)
    finally:
        connection.close()
    opcodes = [opcode for opcode, _ in frames]
    assert 0x8 in opcodes, opcodes
    close = opcodes.index(0x8)
    assert close == len(frames) - 1, f"frames after the close: {opcodes[close + 1:]}"
    assert int.from_bytes(frames[close][1][:2], "big") == code


def test_nothing_but_the_close_follows_a_bad_frame_in_a_scene_session(launch):
    """The same rule for the scene handler: a session mid-transition has a frame due every tick,
    and none may follow the Close."""
    server = launch("--scene", "slides", "--fps", "240")
    connection = raw_websocket(server.port)
    try:
        for message in (wire.viewport(390, 844), wire.pointer("down", 195, 771, 1, time_ms=1000),
                        wire.pointer("up", 195, 771, 2, time_ms=1080)):  # Next: a 1.5 s present
            connection.sendall(masked_frame(message, opcode=0x2))
        time.sleep(0.1)
        connection.sendall(masked_frame(b"reserved", opcode=0x3))
        frames = read_frames(connection, 1.0)
    finally:
        connection.close()
    opcodes = [opcode for opcode, _ in frames]
    assert opcodes.count(0x2) > 10, "the transition should have been streaming before the Close"
    assert opcodes[-1] == 0x8 and opcodes.count(0x8) == 1, opcodes[-5:]
    assert int.from_bytes(frames[-1][1][:2], "big") == 1002


# A 1.5 s present started by tapping "Next": one second of it should bring a frame per tick.
TICKS_MEASURED_SECONDS = 1.0
# The server's timers and a loaded test machine may slip a few ticks; a lost group would lose half.
TICK_RATE_SHARE = 0.8
# Sessions animating at once: with groups of 16 (`--tick-group-size`), the server ticks them in three.
TICKED_SESSIONS = 36


def read_frames_of_all(connections: list[socket.socket], seconds: float) -> list[list[tuple[int, bytes]]]:
    """`read_frames` for several connections at once."""
    data = {connection: b"" for connection in connections}
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        readable, _, _ = select.select(connections, [], [], 0.05)
        for connection in readable:
            chunk = connection.recv(65536)
            if chunk:
                data[connection] += chunk
    return [parse_frames(data[connection]) for connection in connections]


@pytest.mark.parametrize("loop", ["epoll", "poll"])
@pytest.mark.parametrize("groups", ["1", "32"])
def test_every_tick_grouping_sends_each_animating_session_one_frame_per_tick(launch, groups, loop):
    """`--tick-groups` changes when in the frame interval a session is ticked, not how often; nor
    does the event loop."""
    fps = 60
    server = launch("--scene", "slides", "--fps", str(fps), "--tick-groups", groups, "--tick-group-size", "16",
                    "--event-loop", loop)
    connections = [raw_websocket(server.port) for _ in range(TICKED_SESSIONS)]
    try:
        for connection in connections:
            for message in (wire.viewport(390, 844), wire.pointer("down", 195, 771, 1, time_ms=1000),
                            wire.pointer("up", 195, 771, 2, time_ms=1080)):
                connection.sendall(masked_frame(message, opcode=0x2))
        read_frames_of_all(connections, 0.1)  # the hellos, the keyframes and the transitions' first frames
        received = read_frames_of_all(connections, TICKS_MEASURED_SECONDS)
    finally:
        for connection in connections:
            connection.close()
    counts = [sum(1 for opcode, _ in frames if opcode == 0x2) for frames in received]
    assert all(TICK_RATE_SHARE * fps * TICKS_MEASURED_SECONDS <= count <= fps * TICKS_MEASURED_SECONDS + 2
               for count in counts), \
        f"frames per session in {TICKS_MEASURED_SECONDS} s with {groups} tick groups on {loop}: {counts}"
