"""scripts/dev on a temporary copy of the repository: an edit to a scene swaps the server on the
same port, so a reconnecting page gets the changed scene; a broken build is reported on the page
while the last good server keeps serving."""

import os
import shutil
import signal
import subprocess
import time
from pathlib import Path

import pytest
import requests
from websockets.exceptions import ConnectionClosed
from websockets.sync.client import connect

import segue_wire as wire
from conftest import PACKAGE_ROOT, HOST, free_port

SLIDES = Path("Sources/Scenes/Slides/SlideViewControllers.swift")
FIRST_BLUE = "0x2E86DE"
# A first build of the copy on two cores takes minutes; a rebuild after one edit, well under one.
FIRST_BUILD_TIMEOUT = 900
REBUILD_TIMEOUT = 300


def first_colour(port):
    """What a page sees on connecting: the `first` controller's colour, as #rrggbb."""
    with connect(f"ws://{HOST}:{port}/", subprotocols=[wire.SUBPROTOCOL], open_timeout=5, max_size=None) as ws:
        ws.send(wire.viewport(390, 844))
        decoder = wire.Decoder()
        deadline = time.monotonic() + 10
        while time.monotonic() < deadline:
            message = decoder.decode(ws.recv(timeout=10))
            if message["type"] == "frame":
                first = wire.node(message, "first")
                if first is not None and "color" in first:
                    return "#%02x%02x%02x" % first["color"][:3]
    raise AssertionError("no frame showed `first`")


def wait_for(condition, timeout, what, process):
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        assert process.poll() is None, f"scripts/dev exited while waiting for {what}"
        try:
            if condition():
                return
        except (OSError, TimeoutError, requests.RequestException):
            pass
        time.sleep(0.5)
    raise AssertionError(f"timed out waiting for {what}")


def test_an_edit_swaps_the_server_and_a_broken_build_keeps_the_old_one(tmp_path):
    copy = tmp_path / "segue"
    shutil.copytree(PACKAGE_ROOT, copy, ignore=shutil.ignore_patterns(
        ".build", ".build-*", ".build_*", ".git", "Examples", "Benchmarks", "Fuzz", "__pycache__"))
    port = free_port()
    log = open(tmp_path / "dev.log", "w")
    dev = subprocess.Popen([copy / "scripts/dev", "--port", str(port)], cwd=copy, stdout=log,
                           stderr=subprocess.STDOUT, env={**os.environ, "SEGUE_DEV_INTERVAL": "0.3"},
                           start_new_session=True)
    status = lambda: requests.get(f"http://{HOST}:{port}/dev-status.txt", timeout=2).text
    try:
        wait_for(lambda: first_colour(port) == "#2e86de", FIRST_BUILD_TIMEOUT, "the first server", dev)
        page = requests.get(f"http://{HOST}:{port}/", timeout=2).text
        assert "js/dev-overlay.js" in page
        assert status().startswith("ok")

        with connect(f"ws://{HOST}:{port}/", subprotocols=[wire.SUBPROTOCOL], open_timeout=5) as page_socket:
            source = copy / SLIDES
            source.write_text(source.read_text().replace(FIRST_BLUE, "0x123456"))
            wait_for(lambda: first_colour(port) == "#123456", REBUILD_TIMEOUT, "the rebuilt server", dev)
            # The page's socket belonged to the old server, which has gone: it must reconnect.
            with pytest.raises(ConnectionClosed):
                while True:
                    page_socket.recv(timeout=5)

        source.write_text(source.read_text().replace("0x123456", "0x123456 +"))
        wait_for(lambda: status().startswith("error"), REBUILD_TIMEOUT, "the build error on the page", dev)
        assert "SlideViewControllers.swift" in status()
        assert first_colour(port) == "#123456", "the last good server stopped serving"
    finally:
        os.killpg(dev.pid, signal.SIGTERM)
        dev.wait(timeout=30)
        log.close()
