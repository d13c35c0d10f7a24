"""Helpers for driving the real viewer page in headless Chromium against a real `segue serve`.

Used by Tests/browser/conftest.py and by scripts/screenshot.py. Nothing here builds anything: the
server binary comes from SEGUE_BIN, Chromium and its driver from /usr/bin (or CHROMIUM_BIN /
CHROMEDRIVER_BIN). Everything listens and connects on 127.0.0.1 only.

Tests/browser is a package (it has an __init__.py), so pytest imports this as
browser.segue_browser and the conftest as browser.conftest: nothing here can shadow Tests/server's
top-level `conftest` module when both folders are collected in one run. It only imports the
standard library, selenium and Tests/support/segue_harness.py (the server process, shared with
the server tests and the scripts), so scripts/screenshot.py can import it directly.
"""

from __future__ import annotations

import os
import struct
import sys
import time
import zlib
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Callable

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "support"))
import segue_harness as harness  # noqa: E402

PACKAGE_ROOT = Path(__file__).resolve().parents[2]
PUBLIC_DIR = PACKAGE_ROOT / "Public"
HOST = "127.0.0.1"
STARTUP_TIMEOUT = 10.0

CHROMIUM = os.environ.get("CHROMIUM_BIN", "/usr/bin/chromium")
CHROMEDRIVER = os.environ.get("CHROMEDRIVER_BIN", "/usr/bin/chromedriver")

# The viewports the tests use (CSS px). Mobile: an iPhone 12–15-sized portrait screen at 2×,
# touch enabled, so Input.dispatchTouchEvent makes Pointer Events of type "touch". Desktop: a
# laptop-sized window at 1×, no touch, for the mouse test.
MOBILE = {"width": 390, "height": 844, "deviceScaleFactor": 2, "mobile": True}
DESKTOP = {"width": 1280, "height": 800, "deviceScaleFactor": 1, "mobile": False}

# docs/scenes.md: slides' three controllers.
FIRST_BLUE = (0x2E, 0x86, 0xDE)
SECOND_ORANGE = (0xE6, 0x7E, 0x22)
FRAME_GRAPH_BACKGROUND = (0x10, 0x13, 0x1A)


class SetupError(AssertionError):
    """A tool the browser tests need is missing or broken (fails the test; never a skip)."""


def segue_binary() -> Path:
    path = harness.segue_binary()
    if not path.is_file() or not os.access(path, os.X_OK):
        raise SetupError(f"segue binary not found (or not executable) at {path}; build it "
                         "(swift build --product segue) or set SEGUE_BIN")
    return path


# ---- The server ---------------------------------------------------------------------------------

@dataclass
class Server:
    """One real `segue serve` (scenes, not the echo handler) serving the repository's Public/.
    The first start takes port 0 and keeps the port it got; a restart asks for that port again."""
    workdir: Path
    port: int = 0
    process: harness.ServerProcess | None = None
    starts: int = 0
    extra_args: tuple[str, ...] = field(default_factory=tuple)

    @property
    def url(self) -> str:
        return f"http://{HOST}:{self.port}/"

    @property
    def stderr_path(self) -> Path:
        return self.workdir / f"segue-{self.starts}.stderr"

    def log_tail(self, lines: int = 30) -> str:
        chunks = []
        for index in range(1, self.starts + 1):
            path = self.workdir / f"segue-{index}.stderr"
            if path.exists():
                text = path.read_text(errors="replace").splitlines()[-lines:]
                chunks.append(f"--- segue stderr (start {index}) ---\n" + "\n".join(text))
        return "\n".join(chunks)

    def start(self, timeout: float = STARTUP_TIMEOUT) -> "Server":
        """Starts the server and waits for its banner. A restart on the port of the first start
        retries a failed bind for a while: after a kill, the port may take a moment to be free."""
        if not (PUBLIC_DIR / "index.html").is_file():
            raise SetupError(f"the viewer page is missing: {PUBLIC_DIR / 'index.html'}")
        binary = segue_binary()
        deadline = time.monotonic() + timeout
        while True:
            self.starts += 1
            try:
                self.process = harness.ServerProcess(
                    [binary, "serve", "--host", HOST, "--port", self.port, "--public", PUBLIC_DIR,
                     *self.extra_args],
                    workdir=self.workdir, name=f"segue-{self.starts}",
                    startup_timeout=max(0.5, deadline - time.monotonic()))
                self.port = self.process.port
                return self
            except harness.ServerStartFailed:
                if time.monotonic() >= deadline:
                    raise AssertionError(f"segue did not start (port {self.port}):\n{self.log_tail()}")
                time.sleep(0.2)  # exited early (port still taken?): try again until the deadline

    def kill(self) -> None:
        if self.process is not None:
            self.process.kill()


# ---- The browser --------------------------------------------------------------------------------

def start_chromium():
    """Headless Chromium through chromedriver; fails loudly when either is missing."""
    try:
        from selenium import webdriver
        from selenium.webdriver.chrome.service import Service
    except ImportError as error:
        raise SetupError(f"selenium 4 is not installed for this Python ({error}); "
                         "run scripts/install-deps --tests") from error
    for path, package in ((CHROMIUM, "chromium"), (CHROMEDRIVER, "chromium-driver")):
        if not (Path(path).is_file() and os.access(path, os.X_OK)):
            raise SetupError(f"{path} is missing; install Debian's {package} "
                             "(scripts/install-deps --tests)")
    options = webdriver.ChromeOptions()
    options.binary_location = CHROMIUM
    for argument in ("--headless=new", "--no-sandbox", "--disable-gpu",
                     "--disable-dev-shm-usage", "--no-first-run", "--disable-extensions",
                     "--window-size=1280,900",
                     # Keep timers and rAF running in a headless page nobody looks at.
                     "--disable-background-timer-throttling", "--disable-renderer-backgrounding",
                     "--disable-backgrounding-occluded-windows"):
        options.add_argument(argument)
    options.set_capability("goog:loggingPrefs", {"browser": "ALL"})
    driver = webdriver.Chrome(service=Service(CHROMEDRIVER), options=options)
    driver.set_page_load_timeout(15)
    driver.set_script_timeout(10)
    return driver


def wait_until(predicate: Callable[[], Any], timeout: float, message: str | Callable[[], str],
               interval: float = 0.05) -> Any:
    """Polls until predicate() is truthy and returns it; raises AssertionError after timeout."""
    deadline = time.monotonic() + timeout
    last = None
    while True:
        last = predicate()
        if last:
            return last
        if time.monotonic() >= deadline:
            text = message() if callable(message) else message
            raise AssertionError(f"{text} (waited {timeout} s; last value {last!r})")
        time.sleep(interval)


# Samples the stage's backing store (drawn at devicePixelRatio) at CSS-pixel points.
_SAMPLE_JS = """
const [points] = arguments;
const canvas = document.getElementById('stage');
const ratio = canvas.width / Math.max(1, canvas.clientWidth);
const ctx = canvas.getContext('2d');
return points.map(([x, y]) => {
  const px = Math.min(canvas.width - 1, Math.max(0, Math.round(x * ratio)));
  const py = Math.min(canvas.height - 1, Math.max(0, Math.round(y * ratio)));
  const d = ctx.getImageData(px, py, 1, 1).data;
  return [d[0], d[1], d[2]];
});
"""

_GRAPH_JS = """
const canvas = document.getElementById(arguments[0]);
const data = canvas.getContext('2d').getImageData(0, 0, canvas.width, canvas.height).data;
const [r0, g0, b0] = arguments[1];
let other = 0;
for (let i = 0; i < data.length; i += 4) {
  if (data[i] !== r0 || data[i + 1] !== g0 || data[i + 2] !== b0) other += 1;
}
return [other, data.length / 4];
"""


def decode_png(data: bytes) -> tuple[int, int, bytes]:
    """Width, height and packed RGB rows of a non-interlaced 8-bit RGB/RGBA PNG (Chromium's)."""
    assert data[:8] == b"\x89PNG\r\n\x1a\n", "not a PNG"
    at, chunks, header = 8, [], None
    while at < len(data):
        length, kind = struct.unpack(">I4s", data[at:at + 8])
        body = data[at + 8:at + 8 + length]
        if kind == b"IHDR":
            header = struct.unpack(">IIBBBBB", body)
        elif kind == b"IDAT":
            chunks.append(body)
        at += 12 + length
    width, height, depth, color_type, _, _, interlace = header
    assert depth == 8 and color_type in (2, 6) and interlace == 0, header
    channels = 3 if color_type == 2 else 4
    raw = zlib.decompress(b"".join(chunks))
    stride = width * channels
    rows, previous = bytearray(), bytearray(stride)
    for y in range(height):
        line = raw[y * (stride + 1):(y + 1) * (stride + 1)]
        kind, row = line[0], bytearray(line[1:])
        for i in range(stride):
            left = row[i - channels] if i >= channels else 0
            up = previous[i]
            corner = previous[i - channels] if i >= channels else 0
            if kind == 1:
                row[i] = (row[i] + left) & 0xFF
            elif kind == 2:
                row[i] = (row[i] + up) & 0xFF
            elif kind == 3:
                row[i] = (row[i] + (left + up) // 2) & 0xFF
            elif kind == 4:
                p = left + up - corner
                pa, pb, pc = abs(p - left), abs(p - up), abs(p - corner)
                row[i] = (row[i] + (left if pa <= pb and pa <= pc else up if pb <= pc else corner)) & 0xFF
        rows += row if channels == 3 else bytes(b for i, b in enumerate(row) if i % 4 != 3)
        previous = row
    return width, height, bytes(rows)


def close(color, target, tolerance: int = 3) -> bool:
    return all(abs(a - b) <= tolerance for a, b in zip(color, target))


# Draws synthetic nodes with the page's Renderer on a canvas of its own, 1 CSS px per pixel, and
# returns each pixel's r + g + b, row by row.
_DRAW_JS = """
const done = arguments[arguments.length - 1];
Promise.all([import('/js/renderer.js'), import('/js/protocol.js')]).then(([r, p]) => {
  const canvas = document.createElement('canvas');
  canvas.width = arguments[1]; canvas.height = arguments[2];
  const renderer = new r.Renderer(canvas);
  renderer.devicePixelRatio = 1;
  const base = {
    a: 1, b: 0, c: 0, d: 1, tx: 0, ty: 0, opacity: 1, alpha: 1, width: 0, height: 0, descendantCount: 0,
    background: 'rgba(0, 0, 0, 0)', backgroundAlpha: 0, cornerRadius: 0, clipsToBounds: false, corners: 15,
    text: null, fontSize: 17, fontWeight: 400, textColor: 'rgb(255, 255, 255)', textAlign: 'center',
    numberOfLines: 1, shadowColor: null, borderColor: null, glyph: null,
  };
  const nodes = arguments[0].map((n) => Object.assign({}, base, n,
    { font: `${n.fontWeight || 400} ${n.fontSize || 17}px ${p.FONT_STACK}` }));
  renderer.draw(nodes);
  const data = canvas.getContext('2d').getImageData(0, 0, canvas.width, canvas.height).data;
  const rows = [];
  for (let y = 0; y < canvas.height; y++) {
    const row = [];
    for (let x = 0; x < canvas.width; x++) {
      const i = 4 * (y * canvas.width + x);
      row.push(data[i] + data[i + 1] + data[i + 2]);
    }
    rows.push(row);
  }
  done(rows);
}, (error) => done({error: String(error)}));
"""


def draw(page, nodes: list[dict], width: int, height: int) -> list[list[int]]:
    """Each pixel's r + g + b, row by row, of `nodes` drawn by the page's Renderer on a canvas of
    `width` × `height` px at 1 px per point (the node fields renderer.js reads; unset ones default:
    `opacity` is a node's own, `alpha` the one composed down the tree)."""
    rows = page.driver.execute_async_script(_DRAW_JS, nodes, width, height)
    assert "error" not in rows, rows
    return rows


class Page:
    """The viewer page in one Chromium tab, with helpers for input, pixels and window.segue."""

    def __init__(self, driver, server: Server):
        self.driver = driver
        self.server = server
        self.metrics = MOBILE
        # The scene's screen: its logical size (CSS px the server lays out in) and where the page
        # draws it in the window (the whole window on a phone; a scaled device outline on a desktop).
        self.screen_size = (MOBILE["width"], MOBILE["height"])
        self.screen_rect = {"left": 0.0, "top": 0.0, "width": float(MOBILE["width"]), "height": float(MOBILE["height"])}

    # -- setup --

    def emulate(self, metrics: dict) -> None:
        """Sets the CSS viewport and pixel ratio; touch emulation on for mobile."""
        self.metrics = metrics
        self.driver.execute_cdp_cmd("Emulation.setDeviceMetricsOverride", dict(metrics))
        self.driver.execute_cdp_cmd("Emulation.setTouchEmulationEnabled",
                                    {"enabled": metrics["mobile"], "maxTouchPoints": 5})

    def open(self, query: str = "", metrics: dict = MOBILE, timeout: float = 10.0) -> None:
        """Loads the page, then waits until it is connected and has drawn a frame."""
        self.emulate(metrics)
        self.driver.get(self.server.url + query)
        self.wait_connected(timeout)
        self.wait(lambda: self.js("return window.segue.stats.framesDrawn") >= 1, timeout,
                  "the page never drew a frame")
        self.read_screen()

    def read_screen(self) -> None:
        """Reads where the page draws the scene's screen and at what logical size (the device's, the
        watched controller's, or the whole window on a phone)."""
        metrics = self.metrics
        size = self.js("const c = document.getElementById('stage');"
                       "return [c.clientWidth, c.clientHeight, window.devicePixelRatio]")
        device = self.js("const d = window.segue.device; if (!d.isActive) return null;"
                         "const s = d.screen; return [s.width, s.height]")
        screen = device or [metrics["width"], metrics["height"]]
        expected = [*screen, metrics["deviceScaleFactor"]]
        assert size == expected, f"canvas CSS size and dpr {size}, expected {expected}"
        self.screen_size = tuple(screen)
        self.screen_rect = self.js("const r = document.getElementById('stage').getBoundingClientRect();"
                                   "return {left: r.left, top: r.top, width: r.width, height: r.height}")

    def to_window(self, x: float, y: float) -> tuple[float, float]:
        """A point on the scene's screen (logical px) in window CSS px, where input goes."""
        r = self.screen_rect
        return (r["left"] + x * r["width"] / self.screen_size[0], r["top"] + y * r["height"] / self.screen_size[1])

    def window_pixels(self) -> tuple[int, int, bytes]:
        """The whole window as Chromium composited it (device outline included): width, height and
        RGB rows, decoded from a screenshot PNG (8-bit RGB or RGBA, as Chromium writes it)."""
        return decode_png(self.driver.get_screenshot_as_png())

    def wait_connected(self, timeout: float = 10.0) -> None:
        self.wait(lambda: self.js("return !!(window.segue && window.segue.connected "
                                  "&& window.segue.hello && window.segue.lastFrame)"),
                  timeout, "the page did not connect, say hello and receive a frame")

    # -- reading --

    def js(self, script: str, *args):
        return self.driver.execute_script(script, *args)

    def stats(self) -> dict:
        return self.js("return Object.assign({}, window.segue.stats)")

    def node_names(self) -> list[str]:
        return self.js("const f = window.segue.lastFrame;"
                       "return f ? f.nodes.map((n) => n.name) : []")

    def sample(self, points) -> list[tuple[int, int, int]]:
        return [tuple(p) for p in self.js(_SAMPLE_JS, [list(p) for p in points])]

    def grid(self, columns: int = 9, rows: int = 15) -> list[tuple[int, int]]:
        """Points spread over the whole screen, away from its very edges."""
        w, h = self.screen_size
        return [(w * (i + 0.5) / columns, h * (j + 0.5) / rows)
                for i in range(columns) for j in range(rows)]

    def fraction_of(self, color, points=None) -> float:
        samples = self.sample(points or self.grid())
        return sum(close(s, color) for s in samples) / len(samples)

    def wait_for_screen(self, color, minimum: float = 0.6, timeout: float = 10.0,
                        absent=None) -> float:
        """Waits until at least `minimum` of the grid shows `color` (and none shows `absent`)."""
        def check():
            samples = self.sample(self.grid())
            share = sum(close(s, color) for s in samples) / len(samples)
            if absent is not None and any(close(s, absent) for s in samples):
                return False
            return share if share >= minimum else False
        return self.wait(check, timeout,
                         lambda: f"screen never became {color} (≥{minimum:.0%}, none of {absent}); "
                                 f"distinct samples {sorted(set(self.sample(self.grid())))[:8]}")

    def graph_pixels(self, element_id: str, background=FRAME_GRAPH_BACKGROUND) -> tuple[int, int]:
        other, total = self.js(_GRAPH_JS, element_id, list(background))
        return other, total

    def console(self) -> str:
        try:
            entries = self.driver.get_log("browser")
        except Exception as error:  # pragma: no cover - diagnostics only
            return f"(console unavailable: {error})"
        return "\n".join(f"{e.get('level')}: {e.get('message')}" for e in entries[-30:])

    def diagnostics(self) -> str:
        try:
            state = self.js("return JSON.stringify({connected: window.segue && window.segue.connected,"
                            " stats: window.segue && window.segue.stats,"
                            " names: window.segue && window.segue.lastFrame &&"
                            " window.segue.lastFrame.nodes.map((n) => n.name),"
                            " error: window.segue && window.segue.lastError,"
                            " veil: document.getElementById('veil').textContent})")
        except Exception as error:  # pragma: no cover - diagnostics only
            state = f"(page state unavailable: {error})"
        return (f"\npage: {state}\nconsole:\n{self.console()}\n{self.server.log_tail()}")

    def wait(self, predicate, timeout: float, message) -> Any:
        text = message
        return wait_until(predicate, timeout,
                          lambda: (text() if callable(text) else text) + self.diagnostics())

    # -- input (Chrome DevTools Protocol: trusted events, as a finger or mouse makes them) --

    def touch(self, kind: str, x: float | None = None, y: float | None = None) -> None:
        points = [] if kind in ("touchEnd", "touchCancel") else [
            {"x": x, "y": y, "id": 1, "radiusX": 1, "radiusY": 1, "force": 1}]
        self.driver.execute_cdp_cmd("Input.dispatchTouchEvent", {"type": kind, "touchPoints": points})

    def mouse(self, kind: str, x: float, y: float) -> None:
        params = {"type": kind, "x": x, "y": y, "button": "left", "buttons": 1, "clickCount": 1}
        if kind == "mouseReleased":
            params["buttons"] = 0
        self.driver.execute_cdp_cmd("Input.dispatchMouseEvent", params)

    def tap_scene(self, point, touch: bool = True) -> None:
        """A tap (a finger's, or a mouse click) at `point` on the scene's screen."""
        x, y = self.to_window(*point)
        if touch:
            self.touch("touchStart", x, y)
            self.touch("touchEnd")
        else:
            self.mouse("mousePressed", x, y)
            self.mouse("mouseReleased", x, y)

    def swipe_from_right(self, distance: float, *, device: str = "touch", steps: int = 10,
                         release: bool = True, y: float | None = None,
                         observe: Callable[[dict], None] | None = None) -> list[dict]:
        """Drags from the right edge leftwards by `distance` CSS px, reading window.segue.stats
        after every step (and handing it to `observe`). Returns the stats seen while moving."""
        width = self.screen_size[0]
        y = self.screen_size[1] / 2 if y is None else y
        x = width - 1
        down, move, up = (("touchStart", "touchMove", "touchEnd") if device == "touch"
                          else ("mousePressed", "mouseMoved", "mouseReleased"))
        raw = self.touch if device == "touch" else self.mouse

        def send(kind, px=None, py=None):
            raw(kind, *self.to_window(px, py)) if px is not None else raw(kind)
        seen = []
        send(down, x, y)
        for step in range(1, steps + 1):
            send(move, x - distance * step / steps, y)
            # Give the server a moment to answer so the stats reflect this step.
            time.sleep(0.02)
            stats = self.stats()
            seen.append(stats)
            if observe:
                observe(stats)
        if release:
            send(up, x - distance, y)
        return seen
