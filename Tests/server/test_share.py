"""Sharing a session over real sockets (docs/protocol.md, "Sharing a session"): a share link, watchers
that see the owner's frames, read-only watchers, hand over, the watcher cap, hostile watch messages,
a watcher that never reads, and two worker processes. The rules themselves are tested in-process on a
virtual clock: Tests/SegueSessionTests/SharingTests.swift."""
import re
import time

import pytest

import segue_wire as wire
from conftest import masked_frame, raw_websocket
from segue_page import HEIGHT, WIDTH, Page, names

READ_ONLY, UNKNOWN_TOKEN, TOO_MANY_WATCHERS, NO_WATCHER = 103, 104, 105, 106
WRONG_LENGTH, INVALID_TOKEN, TOO_LARGE = 5, 10, 2


def settled_on(name):
    return lambda page: bool(page.frames) and page.frames[-1]["transition"] is None and name in names(page.frames[-1])


def geometry(frame):
    return {n["name"]: (n["m"], n["w"], n["h"]) for n in frame["nodes"]}


@pytest.fixture
def slides(launch):
    return launch("--scene", "slides")


def test_a_watcher_sees_the_owners_swipe_at_the_owners_size(slides):
    owner = Page(slides.ws_url)
    owner.wait_for(settled_on("first"))
    token = owner.share_link()
    assert re.fullmatch(r"[0-9a-f]{32}", token)
    assert owner.shares[-1] == {"type": "share", "role": "controlling", "watchers": 0, "limit": 32, "token": token}
    # Another session's link is another secret.
    assert Page(slides.ws_url).share_link() != token

    watcher = Page(slides.ws_url, 1440, 900)
    watcher.send(wire.watch(token))
    watcher.wait_for(lambda p: p.shares and p.shares[-1]["role"] == "watching", what="watching")
    assert watcher.shares[-1]["watchers"] == 1
    owner.wait_for(lambda p: p.shares[-1]["watchers"] == 1, what="the owner told of its watcher")
    watcher.wait_for(settled_on("first"))
    assert watcher.frames[-1]["viewport"] == (WIDTH, HEIGHT)
    assert slides.metrics()["segue_watchers"] == 1

    owner.swipe(389, 189)
    owner.wait_for(settled_on("second"))
    watcher.wait_for(settled_on("second"))
    assert geometry(watcher.frames[-1]) == geometry(owner.frames[-1])
    shown = [f["transition"]["progress"] for f in watcher.frames if f["transition"]]
    assert any(0.2 < p < 0.5 for p in shown), "the watcher saw the drag, not just its end"

    watcher.close()
    slides.wait_for_metric("segue_watchers", 0)
    owner.wait_for(lambda p: p.shares[-1]["watchers"] == 0, what="the owner told its watcher left")
    owner.close()


def test_the_watchers_frames_carry_the_owners_finger_and_the_owners_do_not(slides):
    """Version 6's touches part, end to end: where the owner's finger is down reaches the watcher in
    the frames it is sent (what its page draws the touch indicator from), move by move, and is gone
    once the finger lifts; the owner's own frames never carry it."""
    owner = Page(slides.ws_url)
    owner.wait_for(settled_on("first"))
    watcher = Page(slides.ws_url, 1440, 900)
    watcher.send(wire.watch(owner.share_link()))
    watcher.wait_for(settled_on("first"))

    touch = lambda x, y: [{"id": 1, "x": x, "y": y}]  # noqa: E731
    owner.pointer("down", 200, 420.5, 1000)
    watcher.wait_for(lambda p: p.frames[-1]["touches"] == touch(200, 420.5), what="the finger down")
    for step in range(1, 6):
        owner.pointer("move", 200 - 10 * step, 420.5, 1000 + 16 * step)
        watcher.wait_for(lambda p: p.frames[-1]["touches"] == touch(200 - 10 * step, 420.5), what=f"move {step}")
    owner.pointer("up", 150, 420.5, 1100)
    watcher.wait_for(lambda p: p.frames[-1]["touches"] == [], what="the finger lifted")
    owner.pump(0.2)
    assert owner.frames and all(frame["touches"] == [] for frame in owner.frames)
    assert names(watcher.frames[-1]) == names(owner.frames[-1]), "the finger moved nothing"


def test_a_watchers_input_is_refused_and_hostile_watch_messages_change_nothing(slides):
    owner = Page(slides.ws_url)
    owner.wait_for(settled_on("first"))
    token = owner.share_link()
    watcher = Page(slides.ws_url)
    watcher.send(wire.watch(token))
    watcher.wait_for(settled_on("first"))
    owner.pump(0.2)
    owner_frames = len(owner.frames)

    watcher.pointer("down", 389, 420, 1000)
    watcher.pointer("move", 200, 420, 1016)
    watcher.send(wire.scene("menu"))
    watcher.send(wire.slow(True))
    watcher.send(wire.hand_over())
    watcher.wait_for(lambda p: len(p.errors) == 5, what="five refusals")
    assert [e["code"] for e in watcher.errors] == [READ_ONLY] * 5
    assert "watching" in watcher.errors[0]["message"]

    hostile = Page(slides.ws_url)
    cases = [
        (wire.watch(token[:-1]), WRONG_LENGTH),
        (wire.watch(token + "0"), WRONG_LENGTH),
        (wire.watch(token.upper()), INVALID_TOKEN),
        (wire.watch(b"\xff" * 32), INVALID_TOKEN),
        (wire.watch(b"../../etc/passwd" + b"0" * 16), INVALID_TOKEN),
        (wire.watch("f" * 32 if token != "f" * 32 else "e" * 32), UNKNOWN_TOKEN),
        (wire.watch("a" * 200), TOO_LARGE),
    ]
    for message, _ in cases:
        hostile.send(message)
    hostile.wait_for(lambda p: len(p.errors) == len(cases), what="every hostile watch answered")
    assert [e["code"] for e in hostile.errors] == [code for _, code in cases]
    assert all(e["message"].endswith(".") for e in hostile.errors)

    owner.pump(0.3)
    assert len(owner.frames) == owner_frames, "refused input moved the owner's world"
    assert "menu" not in [h["scene"] for h in owner.messages["hello"]]
    assert owner.shares[-1]["watchers"] == 1
    assert slides.metrics()["segue_watchers"] == 1


def test_past_the_cap_a_watcher_is_refused_with_a_sentence(launch):
    server = launch("--scene", "slides", "--max-watchers", "1")
    owner = Page(server.ws_url)
    token = owner.share_link()
    assert owner.shares[-1]["limit"] == 1
    first, second = Page(server.ws_url), Page(server.ws_url)
    first.send(wire.watch(token))
    first.wait_for(lambda p: p.shares, what="the first watcher in")
    second.send(wire.watch(token))
    second.wait_for(lambda p: p.errors, what="the second refused")
    assert second.errors[0]["code"] == TOO_MANY_WATCHERS
    assert "1 watchers" in second.errors[0]["message"]
    # The refused page keeps a session of its own.
    second.pointer("down", 389, 420, 1000)
    second.pointer("up", 389, 420, 1080)
    second.pump(0.3)
    assert len(second.errors) == 1 and not second.shares
    assert server.metrics()["segue_watchers"] == 1


def test_handing_over_gives_a_watcher_control(slides):
    owner = Page(slides.ws_url)
    owner.wait_for(settled_on("first"))
    owner.send(wire.hand_over())
    owner.wait_for(lambda p: p.errors, what="a refusal with nobody watching")
    assert owner.errors[0]["code"] == NO_WATCHER
    token = owner.share_link()
    projector = Page(slides.ws_url, 1280, 720)
    projector.send(wire.watch(token))
    projector.wait_for(settled_on("first"))
    owner.send(wire.hand_over())
    projector.wait_for(lambda p: p.shares[-1]["role"] == "controlling", what="control handed over")
    owner.wait_for(lambda p: p.shares[-1]["role"] == "watching", what="the owner watching")
    # The world now has the projector's size, and the projector's swipe moves it.
    owner.wait_for(lambda p: p.frames[-1]["viewport"] == (1280, 720), what="the projector's size")
    projector.swipe(1279, 700)
    owner.wait_for(settled_on("second"))
    owner.pointer("down", 10, 10, 5000)
    owner.wait_for(lambda p: any(e["code"] == READ_ONLY for e in p.errors), what="the old owner refused")


def test_a_watcher_that_never_reads_does_not_slow_the_owner(slides):
    owner = Page(slides.ws_url)
    owner.wait_for(settled_on("first"))
    token = owner.share_link()
    stalled = []
    for _ in range(3):
        s = raw_websocket(slides.port, receive_buffer=4096)
        s.sendall(masked_frame(wire.viewport(WIDTH, HEIGHT), opcode=0x2))
        s.sendall(masked_frame(wire.watch(token), opcode=0x2))
        stalled.append(s)
    owner.wait_for(lambda p: p.shares[-1]["watchers"] == 3, what="three watchers")
    rss_before = slides.rss_kib()
    for _ in range(3):
        start, began = len(owner.frames), time.monotonic()
        owner.pointer("down", 195, 771, 1000)
        owner.pointer("up", 195, 771, 1080)
        owner.wait_for(settled_on("second"))
        elapsed, frames = time.monotonic() - began, len(owner.frames) - start
        assert frames / elapsed > 40, f"{frames} frames in {elapsed:.2f} s with stalled watchers"
        owner.pointer("down", 195, 771, 3000)  # "Back" sits where "Next" was
        owner.pointer("up", 195, 771, 3080)
        owner.wait_for(settled_on("first"))
    assert slides.rss_kib() - rss_before < 8 * 1024
    for s in stalled:
        s.close()
    slides.wait_for_metric("segue_watchers", 0)


def test_with_two_workers_a_watcher_reaches_the_owners_worker_by_reconnecting(launch):
    """Workers are processes that share nothing: a watch that lands on another worker finds no such
    link (104), and the page reconnects (a new connection is hashed afresh across the workers)."""
    server = launch("--scene", "slides", "--workers", "2")
    owner = Page(server.ws_url)
    owner.wait_for(settled_on("first"))
    token = owner.share_link()
    missed = 0
    for _ in range(32):
        watcher = Page(server.ws_url)
        watcher.send(wire.watch(token))
        watcher.wait_for(lambda p: p.shares or p.errors, what="an answer to the watch")
        if watcher.shares:
            break
        assert watcher.errors[0]["code"] == UNKNOWN_TOKEN
        missed += 1
        watcher.close()
    else:
        raise AssertionError("32 connections never reached the owner's worker")
    owner.swipe(389, 189)
    owner.wait_for(settled_on("second"))
    watcher.wait_for(settled_on("second"))
    assert geometry(watcher.frames[-1]) == geometry(owner.frames[-1])
    print(f"{missed} watch attempts landed on the other worker")
