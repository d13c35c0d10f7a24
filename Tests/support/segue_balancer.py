"""deploy/haproxy.cfg run for real, in front of `segue serve` hosts on distinct loopback addresses
(127.0.0.2, 127.0.0.3), for the server and browser tests. Standard library only.

HAProxy is installed with apt-get when missing (CI runs as root, with no terminal); a failed
install raises, so a test using it fails rather than skips.
"""

from __future__ import annotations

import csv
import io
import os
import shutil
import socket
import subprocess
import time
import urllib.request
from pathlib import Path

import segue_harness as harness
from segue_harness import PACKAGE_ROOT


class BalancerSetupFailed(AssertionError):
    """HAProxy could not be installed or would not take the configuration."""


BACKEND_HOSTS = ("127.0.0.2", "127.0.0.3")
BALANCER_HOST = "127.0.0.1"
CONFIG = PACKAGE_ROOT / "deploy" / "haproxy.cfg"
DRAIN_TIMEOUT = "3"


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
        raise BalancerSetupFailed(f"could not install haproxy:\n{result.stderr[-2000:]}")
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
            [harness.segue_binary(), "serve", "--host", self.host, "--port", str(self.port),
             "--public", PACKAGE_ROOT / "Public", "--drain-timeout", DRAIN_TIMEOUT,
             "--max-sessions-per-ip", "1000"],
            workdir=self.workdir, name=f"segue-{self.host}-{self.starts}")
        self.port = self.process.port

    def sessions(self) -> int:
        """Open sessions, from the host's own /metrics (not through the balancer)."""
        url = f"http://{self.host}:{self.port}/metrics"
        with urllib.request.urlopen(url, timeout=5) as response:
            return int(harness.parse_metrics(response.read().decode())["segue_sessions"])

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
        if check.returncode != 0:
            raise BalancerSetupFailed(f"haproxy rejects the configuration:\n{check.stdout}{check.stderr}")
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

    def server_name(self, backend: Backend) -> str:
        return next(name for name, known in self.backends.items() if known is backend)

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



def start_cluster(workdir: Path) -> tuple[Balancer, list[Backend]]:
    """Two hosts and HAProxy in front, once HAProxy sees both up. Stop with `stop_cluster`."""
    backends = [Backend(host, workdir) for host in BACKEND_HOSTS]
    try:
        for backend in backends:
            backend.start()
        return Balancer(backends, workdir), backends
    except BaseException:
        for backend in backends:
            backend.stop()
        raise


def stop_cluster(balancer: Balancer, backends: list[Backend]) -> None:
    balancer.stop()
    for backend in backends:
        backend.stop()
