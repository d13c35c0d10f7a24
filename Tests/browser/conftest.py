"""Browser tests: the real viewer page (Public/) in headless Chromium against a real `segue serve`
running scene sessions, both on 127.0.0.1.

Nothing is built here. The server binary comes from SEGUE_BIN (default .build/debug/segue,
relative to the package root); Chromium and chromedriver from /usr/bin (override with CHROMIUM_BIN
and CHROMEDRIVER_BIN). A missing tool fails the tests with a message, it never skips them.

Viewports (set with Emulation.setDeviceMetricsOverride before each page load):
- mobile (default): 390 × 844 CSS px, deviceScaleFactor 2, mobile, touch emulation on — the touch
  swipes, pixels, telemetry, scenes and reconnection tests;
- desktop: 1280 × 800 CSS px, deviceScaleFactor 1, no touch — the mouse swipe.
"""

from __future__ import annotations

import pytest

from .segue_browser import Page, Server, SetupError, start_chromium


@pytest.fixture(scope="session")
def chromium():
    try:
        driver = start_chromium()
    except SetupError as error:
        pytest.fail(str(error), pytrace=False)
    yield driver
    driver.quit()


@pytest.fixture(scope="session")
def segue_server(tmp_path_factory):
    """One server for the whole run; every page load is a new connection, so a fresh scene session."""
    server = Server(workdir=tmp_path_factory.mktemp("segue-browser"))
    try:
        server.start()
    except SetupError as error:
        pytest.fail(str(error), pytrace=False)
    yield server
    server.kill()


def _leave(driver) -> None:
    # Closing the page closes its WebSocket, so no session outlives its test.
    try:
        driver.get("about:blank")
    except Exception:
        pass


@pytest.fixture
def page(chromium, segue_server):
    """The viewer page on the shared server (not loaded yet: call page.open(...))."""
    yield Page(chromium, segue_server)
    _leave(chromium)


@pytest.fixture
def own_server(tmp_path):
    """A server only this test uses (and may kill and restart on the same port)."""
    server = Server(workdir=tmp_path)
    try:
        server.start()
    except SetupError as error:
        pytest.fail(str(error), pytrace=False)
    yield server
    server.kill()


@pytest.fixture
def own_page(chromium, own_server):
    yield Page(chromium, own_server)
    _leave(chromium)
