"""The benchmark tools against real servers: segue-load driving segue's scenes, timing input, and
counting lws-streamer's frames. Both are compiled here with cc, as scripts/bench does."""
import json
import re
import subprocess
import time

import pytest

from conftest import HOST, PACKAGE_ROOT, free_port

FPS = 60


def compile_tool(source, output, *flags):
    command = ["cc", "-O2", "-Wall", "-Wextra", "-Werror", "-o", str(output), str(PACKAGE_ROOT / source), *flags]
    done = subprocess.run(command, capture_output=True, text=True)
    assert done.returncode == 0, done.stderr
    return output


@pytest.fixture(scope="module")
def tools(tmp_path_factory):
    directory = tmp_path_factory.mktemp("load-tools")
    libwebsockets = subprocess.run(["pkg-config", "--cflags", "--libs", "libwebsockets"], capture_output=True,
                                   text=True, check=True).stdout.split()
    return {
        "load": compile_tool("Benchmarks/load/segue-load.c", directory / "segue-load", "-lm"),
        "streamer": compile_tool("Benchmarks/streamer/lws-streamer.c", directory / "lws-streamer", *libwebsockets),
    }


def load(tools, tmp_path, port, *args, duration=3.0, warmup=1.0):
    """Runs segue-load to completion and returns its JSON results."""
    output = tmp_path / f"load-{time.monotonic_ns()}.json"
    done = subprocess.run([str(tools["load"]), "--port", str(port), "--duration", str(duration),
                           "--warmup", str(warmup), "--json", str(output), *map(str, args)],
                          capture_output=True, text=True, timeout=duration + warmup + 30)
    assert done.returncode == 0, done.stderr
    assert done.stderr.startswith("segue-load "), done.stderr  # the one-line summary
    return json.loads(output.read_text())


def assert_healthy(result, sessions):
    assert result["sessions_connected"] == sessions, result
    assert result["sessions_failed"] == result["handshake_failures"] == result["sessions_dropped"] == 0, result
    assert result["protocol_errors"] == result["server_errors"] == 0, result


def assert_latency_measured(latency):
    assert latency["samples"] > 0
    values = [latency[k] for k in ("p50_us", "p90_us", "p99_us", "max_us")]
    assert all(isinstance(v, float) for v in values), latency
    assert 0 <= values[0] <= values[1] <= values[2] <= values[3] < 1e6, latency
    assert sum(count for _, count in latency["histogram"]) == latency["samples"]


@pytest.fixture
def scenes(launch):
    """Scenes starting in menu, so the tests' --scene slides must take effect to work."""
    return launch("--scene", "menu")


def test_scene_mode_keeps_every_session_animating(tools, tmp_path, scenes):
    sessions = 5
    result = load(tools, tmp_path, scenes.port, "--sessions", sessions, "--scene", "slides")
    assert_healthy(result, sessions)
    # Always animating: a frame per tick for every session, nearly all inside a transition.
    expected = FPS * result["measured_s"] * sessions
    assert 0.7 * expected <= result["frames"] <= 1.2 * expected, result
    assert result["frames_in_transition"] >= 0.8 * result["frames"], result
    # While something moves, a frame every interval: the full frame rate.
    assert result["delivered_percent"] >= 95, result
    # A slides cycle (swipe, 1.5 s present, swipe, dismiss) is about 2.5 s: each session finishes
    # at least one transition in 3 s, and every gesture starts one.
    assert result["transitions_completed"] >= sessions, result
    assert result["gestures_without_transition"] == result["stalled_transitions"] == 0, result
    # Protocol v6: the smallest frame is its fixed header and a one-byte time step; a moving slides
    # frame averages about 21 B (docs/performance.md), the keyframes 239 B.
    assert 6 <= result["frame_bytes_min"] <= result["frame_bytes_mean"] <= result["frame_bytes_max"] < 1500, result
    assert result["frame_bytes_mean"] < 60, result
    # Every pointer message is answered by a frame reflecting it.
    assert_latency_measured(result["latency"])
    assert result["latency"]["unmatched"] == 0
    assert result["client_cpu_s"] >= 0 and result["client_cpu_percent"] < 50, result


@pytest.mark.parametrize("scene", ["menu", "stack", "fade"])
def test_scene_mode_drives_every_scene(tools, tmp_path, launch, scene):
    server = launch(echo=False)
    result = load(tools, tmp_path, server.port, "--sessions", 2, "--scene", scene, duration=2, warmup=0.5)
    assert_healthy(result, 2)
    assert result["transitions_completed"] >= 2, result
    assert result["gestures_without_transition"] == result["transitions_cancelled"] == 0, result


def test_latency_mode_holds_an_interactive_transition(tools, tmp_path, scenes):
    result = load(tools, tmp_path, scenes.port, "--mode", "latency", "--scene", "slides")
    assert_healthy(result, 1)
    latency = result["latency"]
    assert_latency_measured(latency)
    # A move every 8 ms, each answered by its own frame: about 125 samples a second.
    assert latency["samples"] >= 80 * result["measured_s"], latency
    assert result["holds_lost"] == result["gestures_without_transition"] == 0, result
    assert result["frames_in_transition"] >= 0.95 * result["frames"] > 0, result


def test_sessions_without_the_subprotocol_are_served_too(tools, tmp_path, scenes):
    result = load(tools, tmp_path, scenes.port, "--sessions", 2, "--no-subprotocol", duration=1.5)
    assert_healthy(result, 2)
    assert result["frames"] > 0


@pytest.fixture
def streamer(tools, tmp_path, request):
    """lws-streamer on a free port, sending 1234-byte frames at 30 fps (or the fps a test's parameter gives)."""
    fps = getattr(request, "param", 30)
    stdout = tmp_path / "streamer.stdout"
    with open(stdout, "wb") as out:
        process = subprocess.Popen([str(tools["streamer"]), "--host", HOST, "--port", "0", "--frame-bytes", "1234",
                                    "--fps", str(fps), "--max-connections", "100"], stdout=out, stderr=subprocess.PIPE)
    deadline = time.monotonic() + 10
    port = None
    while port is None and time.monotonic() < deadline:
        assert process.poll() is None, process.stderr.read()
        match = re.search(r"is running: ws://127\.0\.0\.1:(\d+)/", stdout.read_text())
        port = int(match.group(1)) if match else time.sleep(0.05)
    assert port, "lws-streamer printed no port"
    yield port
    process.terminate()
    assert process.wait(timeout=10) == 0


def test_stream_mode_counts_the_streamers_frames(tools, tmp_path, streamer):
    sessions = 3
    result = load(tools, tmp_path, streamer, "--mode", "stream", "--fps", 30, "--sessions", sessions, duration=2)
    assert_healthy(result, sessions)
    assert result["frame_bytes_min"] == result["frame_bytes_max"] == 1234, result
    assert 26 <= result["frames_per_session_per_second"] <= 34, result
    assert result["late_percent"] < 5, result
    assert 90 <= result["delivered_percent"] <= 105, result
    assert result["latency"]["samples"] == 0 and result["latency"]["p50_us"] is None


@pytest.mark.parametrize("streamer", [45], indirect=True)
def test_a_server_behind_its_frame_rate_shows_in_the_delivered_rate(tools, tmp_path, streamer):
    # Every frame 22 ms after the last where 16.7 ms are due: none is late (that takes a gap of
    # two intervals), but only three quarters of the frame rate arrive, as from a server past its
    # capacity that slows down evenly.
    result = load(tools, tmp_path, streamer, "--mode", "stream", "--fps", 60, "--sessions", 3, duration=2)
    assert_healthy(result, 3)
    assert result["late_percent"] < 1, result
    assert 68 <= result["delivered_percent"] <= 82, result


@pytest.mark.parametrize("args", [[], ["--port", "1", "--mode", "fast"], ["--port", "1", "--sessions", "0"],
                                  ["--port", "1", "--scene", "nowhere"], ["--port", "1", "extra"]])
def test_load_client_usage_errors_exit_2(tools, args):
    done = subprocess.run([str(tools["load"]), *args], capture_output=True, text=True, timeout=10)
    assert done.returncode == 2 and "usage:" in done.stderr, done


def test_load_client_reports_a_refused_server_and_exits_1(tools, tmp_path):
    output = tmp_path / "refused.json"
    done = subprocess.run([str(tools["load"]), "--port", str(free_port()), "--sessions", "3", "--duration", "0.5",
                           "--warmup", "0", "--json", str(output)], capture_output=True, text=True, timeout=20)
    assert done.returncode == 1, done
    result = json.loads(output.read_text())
    assert result["sessions_connected"] == 0 and result["handshake_failures"] == 3, result
