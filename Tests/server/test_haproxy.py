"""deploy/haproxy.cfg in front of two `segue serve` hosts on distinct loopback addresses
(127.0.0.2 and 127.0.0.3): sessions spread across both, a killed host's clients reconnect to the
other, and a rolling restart (each host drained with SIGTERM, then started again) drops no page
load and no WebSocket handshake.

The balancer and the hosts are Tests/support/segue_balancer.py, shared with the browser test of a
page moving between hosts.
"""

from __future__ import annotations

import signal
import threading
import time

import pytest
import requests
from websockets.exceptions import ConnectionClosed
from websockets.sync.client import connect

import conftest  # noqa: F401  (puts Tests/support on the path)
from segue_balancer import DRAIN_TIMEOUT, Balancer, start_cluster, stop_cluster

# A reconnecting client's budget, as a page's: it retries at once after a close, then backs off.
RECONNECT_ATTEMPTS = 20
RECONNECT_DELAY = 0.25


@pytest.fixture
def cluster(tmp_path):
    balancer, backends = start_cluster(tmp_path)
    yield balancer, backends
    stop_cluster(balancer, backends)


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
        self.moved = 0  # sessions told 1001 before their first frame, then opened again
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
                try:
                    open_session(self.balancer.ws_url).close()
                except ConnectionClosed as closed:
                    # Opened on a host that began draining before its first frame: told 1001, a
                    # page comes straight back, and so does this client; only that may fail.
                    if not (closed.rcvd and closed.rcvd.code == 1001):
                        raise
                    self.moved += 1
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
