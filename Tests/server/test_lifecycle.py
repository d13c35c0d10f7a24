"""Starting, refusing to start, and shutting down `segue serve`."""

import asyncio
import signal
import subprocess

import pytest
import requests
from websockets.asyncio.client import connect
from websockets.exceptions import ConnectionClosed

from conftest import HOST, segue_binary, start_server


def test_prints_the_url_to_open(server):
    assert f"Segue is running: open http://{HOST}:{server.port}/" in server.stdout()


def test_serve_is_the_default_subcommand(launch):
    server = launch(subcommand=())
    assert requests.get(f"{server.base_url}/healthz", timeout=5).text == "ok"


@pytest.mark.parametrize("signum", [signal.SIGTERM, signal.SIGINT])
def test_signal_closes_every_session_with_going_away_and_exits_zero(server, signum):
    async def scenario():
        async with connect(server.ws_url) as first, connect(server.ws_url) as second:
            await first.recv()
            await second.recv()
            server.process.send_signal(signum)
            for ws in (first, second):
                with pytest.raises(ConnectionClosed):
                    async with asyncio.timeout(5):
                        while True:
                            await ws.recv()
                assert ws.close_code == 1001
    asyncio.run(scenario())
    assert server.process.wait(timeout=10) == 0


def test_idle_server_exits_zero_on_sigterm(server):
    assert server.send_signal(signal.SIGTERM) == 0


@pytest.mark.parametrize("workers", ["1", "2"])
def test_port_in_use_is_reported_clearly(server, tmp_path, workers):
    result = subprocess.run(
        [str(segue_binary()), "serve", "--host", HOST, "--port", str(server.port),
         "--public", str(server.public_dir), "--workers", workers],
        capture_output=True, text=True, timeout=10)
    assert result.returncode != 0
    assert f"port {server.port}" in result.stderr and "already in use" in result.stderr
    if workers == "2":
        assert "2 of 2 workers did not start" in result.stderr
    assert "Segue is running" not in result.stdout


@pytest.mark.parametrize("arguments, complaint", [
    (["--fps", "0"], "fps"),
    (["--workers", "0"], "workers"),
    (["--max-sessions", "5000"], "maxSessions"),
    (["--idle-timeout", "10", "--ping-interval", "20"], "idleTimeout"),
    (["--fps", "241"], "fps"),
    (["--tick-groups", "0"], "tickGroups"),
    (["--tick-groups", "33"], "tickGroups"),
    (["--tick-group-size", "0"], "tickGroupSize"),
    (["--event-loop", "select"], "event-loop"),
    (["--host", "example.com"], "host"),
    (["--allow-origin", "evil"], "origin"),
    (["--public", "/nonexistent/segue-public"], "public directory"),
])
def test_bad_options_are_rejected_before_serving(tmp_path, arguments, complaint):
    result = subprocess.run(
        [str(segue_binary()), "serve", "--port", "0", "--public", str(tmp_path), *arguments],
        capture_output=True, text=True, timeout=10)
    assert result.returncode != 0
    assert complaint in result.stderr


def test_a_session_runs_the_chosen_scene(launch):
    server = launch("--scene", "slides")

    async def scenario():
        async with connect(server.ws_url, subprotocols=["segue.v7"]) as ws:
            first = await asyncio.wait_for(ws.recv(), 5)
            assert isinstance(first, bytes) and first
            assert b"slides" in first  # the scene's name travels in its hello
    asyncio.run(scenario())
    server.wait_for_metric("segue_sessions", 0)
    assert server.metrics()["segue_frames_sent_total"] >= 1
