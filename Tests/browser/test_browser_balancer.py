"""A real page loaded through HAProxy (deploy/haproxy.cfg) moves to the other host as soon as its
host drains: the Close 1001 makes it reconnect at once, and the balancer sends it elsewhere."""

from __future__ import annotations

import signal
import time
from dataclasses import dataclass

from .segue_browser import Page

from segue_balancer import start_cluster, stop_cluster  # Tests/support, on the path via segue_browser


@dataclass
class BalancedSite:
    """What `Page` needs of a server: the URL to open (the balancer's) and logs for diagnostics."""
    url: str

    def log_tail(self) -> str:
        return ""


def test_a_page_moves_to_the_other_host_at_once_when_its_host_drains(chromium, tmp_path):
    balancer, backends = start_cluster(tmp_path)
    try:
        page = Page(chromium, BalancedSite(f"{balancer.url}/"))
        page.open()
        assert sorted(backend.sessions() for backend in backends) == [0, 1]
        holder, other = sorted(backends, key=lambda backend: -backend.sessions())
        drawn = page.stats()["framesDrawn"]

        started = time.monotonic()
        assert holder.process.stop(signal.SIGTERM) == 0
        page.wait(lambda: other.sessions() == 1, 5, "the page did not reconnect to the other host")
        page.wait_connected(5)
        page.wait(lambda: page.stats()["framesDrawn"] > drawn, 5, "nothing drawn after moving")
        # Told 1001, the page comes back within 250 ms, and the drain ends as soon as it has
        # answered its Close: the move takes a fraction of a second (bounded loosely for busy CI).
        assert time.monotonic() - started < 3
    finally:
        try:
            chromium.get("about:blank")
        finally:
            stop_cluster(balancer, backends)
