"""What the server tests, the browser tests, scripts/bench and scripts/soak do to a running server,
written once: find the binaries, start a server on port 0 and read its port from the banner it
prints (no race for a free port), read its processes' CPU and memory from /proc, read /metrics;
and scripts/bench loaded as a module, for the scripts and tests that use its functions.

Standard library only, so scripts/bench runs without the test virtualenv. The wire client (page
messages, the frame decoder) is its neighbour, segue_wire.py.
"""
from __future__ import annotations

import importlib.machinery
import importlib.util
import os
import re
import signal
import socket
import subprocess
import sys
import time
import urllib.request
from pathlib import Path

PACKAGE_ROOT = Path(__file__).resolve().parents[2]
HOST = "127.0.0.1"
CLOCK_TICKS = os.sysconf("SC_CLK_TCK")
STARTUP_TIMEOUT = 10.0
EXIT_TIMEOUT = 10.0
# `segue serve`, `segue-echo`, `segue-hummingbird` and lws-streamer each print one line naming
# their URL once listening; the port is the number after the last colon.
BANNER = re.compile(r"(?:is running: open|listening on|is running:) (?:http|ws)://[^ ]*:(\d+)/")


def load_bench():
    """scripts/bench as a module (its file has no .py suffix): load-point, cache-profile and the tests
    call its functions."""
    loader = importlib.machinery.SourceFileLoader("segue_bench", str(PACKAGE_ROOT / "scripts" / "bench"))
    bench = importlib.util.module_from_spec(importlib.util.spec_from_loader("segue_bench", loader))
    sys.modules["segue_bench"] = bench  # dataclasses look their module up by name
    loader.exec_module(bench)
    return bench


class ServerStartFailed(AssertionError):
    """The server exited or printed no banner in time; carries its standard error."""


def segue_binary() -> Path:
    """SEGUE_BIN, or .build/debug/segue; relative paths are taken from the package root."""
    path = Path(os.environ.get("SEGUE_BIN", ".build/debug/segue"))
    return path if path.is_absolute() else PACKAGE_ROOT / path


def echo_binary() -> Path:
    """`segue-echo`, the test-only echo server, built beside `segue`."""
    return segue_binary().with_name("segue-echo")


def free_port() -> int:
    """A port free at the moment of asking. Only for a port nothing must answer on: servers take
    port 0 and report the one they got."""
    with socket.socket() as probe:
        probe.bind((HOST, 0))
        return probe.getsockname()[1]


# ---- /proc ------------------------------------------------------------------------------------

def _processes():
    """(pid, parent pid, state letter) of every process, from /proc/PID/stat."""
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit():
            continue
        try:
            fields = (entry / "stat").read_text().rsplit(")", 1)[1].split()
        except (OSError, IndexError):
            continue
        yield int(entry.name), int(fields[1]), fields[0]


def process_tree(root: int) -> list[int]:
    """`root` and every process descending from it (a server's workers are its children)."""
    children: dict[int, list[int]] = {}
    for pid, parent, _ in _processes():
        children.setdefault(parent, []).append(pid)
    tree, pending = [], [root]
    while pending:
        pid = pending.pop()
        tree.append(pid)
        pending.extend(children.get(pid, []))
    return tree


def live_children(pid: int) -> list[int]:
    """`pid`'s child processes that are still running (zombies left out)."""
    return [child for child, parent, state in _processes() if parent == pid and state != "Z"]


def cpu_seconds(pids: list[int]) -> float:
    """User + system CPU of these processes so far (utime and stime, fields 14 and 15 of proc(5))."""
    total = 0
    for pid in pids:
        try:
            fields = Path(f"/proc/{pid}/stat").read_text()
        except OSError:
            continue
        after_name = fields[fields.rindex(")") + 2:].split()
        total += int(after_name[11]) + int(after_name[12])
    return total / CLOCK_TICKS


def rss_kib(pids: list[int]) -> int:
    """Resident memory of these processes, summed (VmRSS)."""
    total = 0
    for pid in pids:
        try:
            status = Path(f"/proc/{pid}/status").read_text()
        except OSError:
            continue
        match = re.search(r"^VmRSS:\s+(\d+) kB", status, re.M)
        total += int(match.group(1)) if match else 0
    return total


# ---- /metrics ---------------------------------------------------------------------------------

def parse_metrics(text: str) -> dict[str, float]:
    """Every sample of a Prometheus text exposition, keyed by name plus labels as written."""
    samples = {}
    for line in text.splitlines():
        if line and not line.startswith("#"):
            name, value = line.rsplit(" ", 1)
            samples[name] = float(value)
    return samples


def fetch_metrics(port: int, timeout: float = 5.0) -> dict[str, float]:
    with urllib.request.urlopen(f"http://{HOST}:{port}/metrics", timeout=timeout) as response:
        return parse_metrics(response.read().decode())


# ---- A server process -------------------------------------------------------------------------

class ServerProcess:
    """A server started with its output in `workdir/NAME.stdout` and `.stderr`, and ready once it
    printed its banner. Give it `--port 0` (or a port it should take again, for a restart)."""

    def __init__(self, argv: list, workdir: Path, name: str = "server", cwd: Path | None = None,
                 startup_timeout: float = STARTUP_TIMEOUT):
        self.name = name
        workdir.mkdir(parents=True, exist_ok=True)
        self.stdout_path = workdir / f"{name}.stdout"
        self.stderr_path = workdir / f"{name}.stderr"
        with open(self.stdout_path, "wb") as stdout, open(self.stderr_path, "wb") as stderr:
            self.process = subprocess.Popen([str(a) for a in argv], cwd=cwd or workdir, stdout=stdout,
                                            stderr=stderr, stdin=subprocess.DEVNULL)
        self.port = self._wait_for_banner(startup_timeout)

    def _wait_for_banner(self, timeout: float) -> int:
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            match = BANNER.search(self.stdout())
            if match:
                return int(match.group(1))
            if self.process.poll() is not None:
                raise ServerStartFailed(f"{self.name} exited with {self.process.returncode}:\n"
                                        + self.stderr_tail())
            time.sleep(0.02)
        self.kill()
        raise ServerStartFailed(f"{self.name} printed no banner within {timeout} s:\n" + self.stderr_tail())

    @property
    def pid(self) -> int:
        return self.process.pid

    @property
    def base_url(self) -> str:
        return f"http://{HOST}:{self.port}"

    @property
    def ws_url(self) -> str:
        return f"ws://{HOST}:{self.port}/"

    def stdout(self) -> str:
        return self.stdout_path.read_text(errors="replace")

    def stderr(self) -> str:
        return self.stderr_path.read_text(errors="replace")

    def stderr_tail(self, lines: int = 20) -> str:
        return "\n".join(self.stderr().strip().splitlines()[-lines:]) or "(no output)"

    def alive(self) -> bool:
        return self.process.poll() is None

    def pids(self) -> list[int]:
        """The server and its workers."""
        return process_tree(self.process.pid) if self.alive() else []

    def rss_kib(self) -> int:
        return rss_kib(self.pids())

    def cpu_seconds(self) -> float:
        return cpu_seconds(self.pids())

    def metrics(self) -> dict[str, float]:
        return fetch_metrics(self.port)

    def stop(self, signum: int = signal.SIGTERM, timeout: float = EXIT_TIMEOUT) -> int | None:
        """Sends `signum` and waits; returns the exit status, or None if the whole tree had to be
        killed."""
        if not self.alive():
            return self.process.returncode
        tree = self.pids()
        self.process.send_signal(signum)
        try:
            return self.process.wait(timeout=timeout)
        except subprocess.TimeoutExpired:
            for pid in tree:
                try:
                    os.kill(pid, signal.SIGKILL)
                except ProcessLookupError:
                    pass
            self.process.wait(timeout=timeout)
            return None

    def kill(self) -> None:
        if self.alive():
            self.process.kill()
            self.process.wait(timeout=EXIT_TIMEOUT)
