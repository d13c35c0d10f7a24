"""A package's own scenes, served (issue 13, item 1): Examples/MatchedGeometry's executable is
`SegueCommandLine.main(scenes: [AlbumScene.scene] + Scene.all)`, so `matched-geometry serve` is
`segue serve` over its `album` scene and the built-in ones.

scripts/test builds the example before pytest, in the build folder the examples share
(.build-examples); run alone, this builds it there (about a minute)."""
import subprocess
import urllib.request
from pathlib import Path

from websockets.sync.client import connect

import segue_wire as wire
from segue_harness import ServerProcess

ROOT = Path(__file__).resolve().parents[2]
EXAMPLE = ROOT / "Examples" / "MatchedGeometry"
BUILD = ROOT / ".build-examples"
BINARY = BUILD / "debug" / "matched-geometry"


def example_binary() -> Path:
    if not BINARY.exists():
        subprocess.run(["swift", "build", "--product", "matched-geometry", "--scratch-path", BUILD],
                       cwd=EXAMPLE, check=True, capture_output=True, timeout=900)
    return BINARY


def test_a_package_serves_its_own_scene_with_the_segue_command_line(tmp_path):
    server = ServerProcess([example_binary(), "serve", "--port", "0", "--public", ROOT / "Public",
                            "--scene", "album"], tmp_path, name="matched-geometry")
    try:
        page = urllib.request.urlopen(server.base_url, timeout=5).read().decode()
        assert "<canvas" in page, "the viewer page is served from Public/"
        decoder = wire.Decoder()
        with connect(server.ws_url, subprotocols=[wire.SUBPROTOCOL], open_timeout=5, max_size=None) as socket:
            socket.send(wire.viewport(390, 844, 2.0))
            hello = frame = None
            while hello is None or frame is None:
                message = decoder.decode(socket.recv(timeout=5))
                if message["type"] == "hello":
                    hello = message
                elif message["type"] == "frame":
                    frame = message
            assert hello["scene"] == "album"
            assert hello["scenes"][0] == "album" and "slides" in hello["scenes"], hello["scenes"]
            names = {node["name"] for node in frame["nodes"]}
            assert {"album", "card-0", "album-heading"} <= names, names
            # Any of its scenes can be chosen, as in segue.
            socket.send(wire.scene("photos"))
            while True:
                message = decoder.decode(socket.recv(timeout=5))
                if message["type"] == "hello":
                    assert message["scene"] == "photos"
                    break
    finally:
        server.stop()
