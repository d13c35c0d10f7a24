"""Scene sessions over a real socket: what only a live server shows (one session's frames never reach
another, a client that never reads stalls no one). What a session does with its messages and ticks
is tested in-process on a virtual clock: Tests/SegueSessionTests."""
import time

import pytest

import segue_wire as wire
from conftest import masked_frame, raw_websocket
from segue_page import HEIGHT, WIDTH, Page, names


def settled_on(name):
    return lambda f: f["transition"] is None and name in names(f)


@pytest.fixture
def slides(launch):
    return launch("--scene", "slides")


def test_sessions_are_independent(slides):
    a, b = Page(slides.ws_url), Page(slides.ws_url)
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
    client = Page(slides.ws_url)
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
