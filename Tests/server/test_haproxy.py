"""deploy/haproxy.cfg in front of two `segue serve` hosts on distinct loopback addresses
(127.0.0.2 and 127.0.0.3): sessions spread across both, a killed host's clients reconnect to the
other, and a rolling restart (each host drained with SIGTERM, then started again) drops no page
load and no WebSocket handshake.

HAProxy is installed with apt-get when missing (CI runs as root, with no terminal); a failed
install fails the test rather than skipping it.
"""

from __future__ import annotations

import csv
import io
import os
import shutil
import signal
import socket
import subprocess
import threading
import time
from pathlib import Path

import pytest
import requests
from websockets.exceptions import ConnectionClosed
from websockets.sync.client import connect

import segue_harness as harness
from conftest import PACKAGE_ROOT, segue_binary

BACKEND_HOSTS = ("127.0.0.2", "127.0.0.3")
BALANCER_HOST = "127.0.0.1"
CONFIG = PACKAGE_ROOT / "deploy" / "haproxy.cfg"
DRAIN_TIMEOUT = "3"
# A reconnecting client's budget, as a page's: it retries at once after a close, then backs off.
RECONNECT_ATTEMPTS = 20
RECONNECT_DELAY = 0.25


def haproxy_binary() -> str:
    found = shutil.which("haproxy") or next(
        (path for path in ("/usr/sbin/haproxy", "/sbin/haproxy") if os.access(path, os.X_OK)), None)
    if found:
        return found
    as_root = [] if os.geteuid() == 0 else ["sudo", "-n"]
    environment = {**os.environ, "DEBIAN_FRONTEND": "noninteractive"}
    install = [*as_root, "apt-get", "install", "-y", "--no-install-recommends", "haproxy"]
    result = subprocess.run(install, env=environment, stdin=subprocess.DEVNULL,
                            capture_output=True, text=True, timeout=600)
    if result.returncode != 0:  # perhaps a stale package index
        subprocess.run([*as_root, "apt-get", "update"], env=environment, stdin=subprocess.DEVNULL,
                       capture_output=True, timeout=600)
        result = subprocess.run(install, env=environment, stdin=subprocess.DEVNULL,
                                capture_output=True, text=True, timeout=600)
    found = shutil.which("haproxy") or ("/usr/sbin/haproxy" if os.access("/usr/sbin/haproxy", os.X_OK) else None)
    if result.returncode != 0 or not found:
        pytest.fail(f"could not install haproxy:\n{result.stderr[-2000:]}", pytrace=False)
    return found


def free_port(host: str) -> int:
    with socket.socket() as probe:
        probe.bind((host, 0))
        return probe.getsockname()[1]


class Backend:
    """One `segue serve` host; `start()` again after a stop takes the same address and port."""

    def __init__(self, host: str, workdir: Path):
        self.host = host
        self.workdir = workdir
        self.port = 0
        self.process: harness.ServerProcess | None = None
        self.starts = 0

    def start(self) -> None:
        self.starts += 1
        self.process = harness.ServerProcess(
            [segue_binary(), "serve", "--host", self.host, "--port", str(self.port),
             "--public", PACKAGE_ROOT / "Public", "--drain-timeout", DRAIN_TIMEOUT,
             "--max-sessions-per-ip", "1000"],
            workdir=self.workdir, name=f"segue-{self.host}-{self.starts}")
        self.port = self.process.port

    def sessions(self) -> int:
        response = requests.get(f"http://{self.host}:{self.port}/metrics", timeout=5)
        return int(harness.parse_metrics(response.text)["segue_sessions"])

    def stop(self) -> None:
        if self.process:
            self.process.kill()


class Balancer:
    """HAProxy running deploy/haproxy.cfg, with only its lines marked "site:" replaced."""

    def __init__(self, backends: list[Backend], workdir: Path):
        self.port = free_port(BALANCER_HOST)
        self.backends = {f"segue{index + 1}": backend for index, backend in enumerate(backends)}
        self.stats_socket = workdir / "haproxy.sock"
        config = workdir / "haproxy.cfg"
        config.write_text(self._site_config())
        binary = haproxy_binary()
        check = subprocess.run([binary, "-c", "-f", config], capture_output=True, text=True)
        assert check.returncode == 0, check.stdout + check.stderr
        self.log = open(workdir / "haproxy.log", "wb")
        self.process = subprocess.Popen([binary, "-db", "-f", config], stdin=subprocess.DEVNULL,
                                        stdout=self.log, stderr=subprocess.STDOUT)
        self.wait_until(lambda: self.states() == {name: "UP" for name in self.backends}, 10,
                        "HAProxy did not see both hosts up")

    def _site_config(self) -> str:
        lines, servers_written = [], False
        for line in CONFIG.read_text().splitlines():
            indent = line[:len(line) - len(line.lstrip())]
            if line.endswith("# site: connections"):
                lines.append(f"{indent}maxconn 1000")
            elif line.endswith("# site: listen address"):
                lines.append(f"{indent}bind {BALANCER_HOST}:{self.port}")
            elif line.endswith("# site: stats socket"):
                lines.append(f"{indent}stats socket {self.stats_socket} mode 600 level admin")
            elif line.endswith("# site: server"):
                if not servers_written:
                    lines += [f"{indent}server {name} {backend.host}:{backend.port}"
                              for name, backend in self.backends.items()]
                    servers_written = True
            elif os.geteuid() != 0 and line.strip().split(" ")[0] in ("user", "group"):
                continue  # only root can change user
            else:
                lines.append(line)
        assert servers_written and any(f"bind {BALANCER_HOST}" in line for line in lines)
        return "\n".join(lines) + "\n"

    @property
    def url(self) -> str:
        return f"http://{BALANCER_HOST}:{self.port}"

    @property
    def ws_url(self) -> str:
        return f"ws://{BALANCER_HOST}:{self.port}/"

    def states(self) -> dict[str, str]:
        """Each server's state as HAProxy's health checks see it (UP, DOWN, ...); none until
        HAProxy has made its stats socket."""
        with socket.socket(socket.AF_UNIX) as connection:
            connection.settimeout(5)
            try:
                connection.connect(str(self.stats_socket))
            except (FileNotFoundError, ConnectionRefusedError):
                assert self.process.poll() is None, "HAProxy exited; see haproxy.log"
                return {}
            connection.sendall(b"show stat\n")
            text = b""
            while chunk := connection.recv(65536):
                text += chunk
        rows = csv.DictReader(io.StringIO(text.decode().lstrip("# ")))
        return {row["svname"]: row["status"].split(" ")[0] for row in rows
                if row["pxname"] == "segue" and row["svname"] not in ("BACKEND", "FRONTEND")}

    @staticmethod
    def wait_until(condition, timeout: float, message: str) -> None:
        deadline = time.monotonic() + timeout
        while not condition():
            assert time.monotonic() < deadline, message
            time.sleep(0.05)

    def stop(self) -> None:
        if self.process.poll() is None:
            self.process.terminate()
            try:
                self.process.wait(timeout=5)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait(timeout=5)
        self.log.close()


@pytest.fixture
def cluster(tmp_path):
    backends = [Backend(host, tmp_path) for host in BACKEND_HOSTS]
    balancer = None
    try:
        for backend in backends:
            backend.start()
        balancer = Balancer(backends, tmp_path)
        yield balancer, backends
    finally:
        if balancer:
            balancer.stop()
        for backend in backends:
            backend.stop()


def open_session(url: str):
    """A page's WebSocket through the balancer, once it has drawn its first frame."""
    ws = connect(url, open_timeout=5, close_timeout=2, proxy=None).__enter__()
    assert isinstance(ws.recv(timeout=5), bytes)
    return ws


def reconnect(url: str):
    """What the page does after its socket closes: try again, with a short wait, until it is in."""
    failures = []
    for _ in range(RECONNECT_ATTEMPTS):
        try:
            return open_session(url)
        except (OSError, ConnectionClosed, TimeoutError) as error:
            failures.append(repr(error))
            time.sleep(RECONNECT_DELAY)
    raise AssertionError(f"no reconnection in {RECONNECT_ATTEMPTS} attempts: {failures[-3:]}")


def closed_code(ws, quiet: float = 0.5) -> int | None:
    """Reads what the session has sent until it falls quiet for `quiet` seconds (an idle scene
    sends nothing) or closes. The close code it got, or None while it is open (-1: no code)."""
    try:
        while True:
            ws.recv(timeout=quiet)
    except TimeoutError:
        return None
    except ConnectionClosed as closed:
        return closed.rcvd.code if closed.rcvd else -1


def test_sessions_spread_over_both_hosts_and_a_killed_hosts_clients_reconnect_to_the_other(cluster):
    balancer, (first, second) = cluster
    assert requests.get(f"{balancer.url}/healthz", timeout=5).text == "ok"
    sessions = [open_session(balancer.ws_url) for _ in range(8)]
    # leastconn: each new session goes to the host holding fewer.
    assert sorted([first.sessions(), second.sessions()]) == [4, 4]

    first.process.process.kill()
    codes = [closed_code(ws) for ws in sessions]
    survivors = [ws for ws, code in zip(sessions, codes) if code is None]
    orphans = [ws for ws, code in zip(sessions, codes) if code is not None]
    assert len(orphans) == 4
    replacements = [reconnect(balancer.ws_url) for _ in orphans]
    assert second.sessions() == 8
    Balancer.wait_until(lambda: balancer.states()["segue1"] == "DOWN", 5,
                        "HAProxy did not mark the killed host down")
    for ws in survivors + replacements:
        ws.close()


class Traffic:
    """Page loads and WebSocket handshakes through the balancer, one after another, until stopped
    (at most `limit` rounds or `seconds`); records every failure."""

    def __init__(self, balancer: Balancer, limit: int = 5000, seconds: float = 90):
        self.balancer, self.limit, self.seconds = balancer, limit, seconds
        self.rounds = 0
        self.failures: list[str] = []
        self.stopping = threading.Event()
        self.thread = threading.Thread(target=self._run, daemon=True)
        self.thread.start()

    def _run(self) -> None:
        page = requests.Session()
        deadline = time.monotonic() + self.seconds
        while not self.stopping.is_set() and self.rounds < self.limit and time.monotonic() < deadline:
            self.rounds += 1
            try:
                index = page.get(f"{self.balancer.url}/", timeout=5)
                script = page.get(f"{self.balancer.url}/js/connection.js", timeout=5)
                if index.status_code != 200 or "<canvas" not in index.text:
                    self.failures.append(f"page load: {index.status_code}")
                if script.status_code != 200 or "class Connection" not in script.text:
                    self.failures.append(f"script: {script.status_code}")
                open_session(self.balancer.ws_url).close()
            except Exception as error:  # every kind of failure counts, with its description
                self.failures.append(repr(error))
            time.sleep(0.01)

    def stop(self) -> None:
        self.stopping.set()
        self.thread.join(timeout=30)


def test_a_rolling_restart_drops_no_page_load_and_moves_every_session(cluster):
    balancer, backends = cluster
    pages = [open_session(balancer.ws_url) for _ in range(4)]
    # Which host holds how many pages; a drained host's pages move to the other, which is up.
    held = [backend.sessions() for backend in backends]
    assert held == [2, 2]
    traffic = Traffic(balancer)
    try:
        for index, backend in enumerate(backends):
            name = f"segue{index + 1}"
            started = time.monotonic()
            # Drains: its pages get 1001, reconnect through the balancer and land on the other host.
            assert backend.process.stop(signal.SIGTERM) == 0
            assert time.monotonic() - started < float(DRAIN_TIMEOUT)
            codes = [closed_code(ws) for ws in pages]
            assert codes.count(1001) == held[index] and set(codes) <= {None, 1001}, codes
            held[1 - index] += held[index]
            pages = [ws if code is None else reconnect(balancer.ws_url)
                     for ws, code in zip(pages, codes)]
            Balancer.wait_until(lambda: balancer.states()[name] == "DOWN", 5,
                                f"HAProxy did not mark {name} down")
            backend.start()
            Balancer.wait_until(lambda: balancer.states()[name] == "UP", 10,
                                f"HAProxy did not bring {name} back up")
        rounds_during_restart = traffic.rounds
    finally:
        traffic.stop()
    assert traffic.failures == []
    assert rounds_during_restart >= 20, rounds_during_restart
    Balancer.wait_until(lambda: sum(backend.sessions() for backend in backends) == len(pages), 5,
                        "the hosts do not hold exactly the pages' sessions")
    for ws in pages:
        ws.close()
