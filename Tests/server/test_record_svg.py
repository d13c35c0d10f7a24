"""`segue record --svg`: the recording drawn as a filmstrip with a plot, beside the JSON Lines."""

import json
import subprocess
import xml.etree.ElementTree as ElementTree

from conftest import segue_binary

SVG = "{http://www.w3.org/2000/svg}"
# A right-edge swipe on the slides scene, 200 pt in 0.3 s: presents `second`.
SWIPE = {"events": [{"t": 0.5, "type": "down", "x": 389, "y": 420}]
         + [{"t": 0.5 + i / 60, "type": "move", "x": 389 - i * 10, "y": 420} for i in range(1, 21)]
         + [{"t": 0.5 + 21 / 60, "type": "up", "x": 189, "y": 420}]}


def record(tmp_path, *flags):
    script = tmp_path / "swipe.json"
    script.write_text(json.dumps(SWIPE))
    return subprocess.run([segue_binary(), "record", "--scene", "slides", "--input", script, *flags],
                          capture_output=True, text=True, timeout=60)


def test_svg_holds_a_frame_per_time_and_a_plot_per_quantity(tmp_path):
    out = tmp_path / "strip.svg"
    result = record(tmp_path, "--svg", out, "--svg-times", "0.4,0.8,1.2,2.5", "--svg-view", "second")
    assert result.returncode == 0, result.stderr
    frames = result.stdout.splitlines()
    assert json.loads(frames[-1])["top"] == "second"
    root = ElementTree.parse(out).getroot()
    assert len(root.findall(f"{SVG}svg")) == 4
    texts = [t.text for t in root.iter(f"{SVG}text")]
    assert ["t = 0.40 s", "t = 0.80 s", "t = 1.20 s", "t = 2.50 s"] == [t for t in texts if t and t.startswith("t = ")]
    assert "second: x (solid), y (dashed), points" in texts
    assert "second: scale (solid), alpha (dashed)" in texts
    colours = {p.get("stroke") for p in root.iter(f"{SVG}polyline")}
    assert {"#ff7f0e", "#2ca02c"} <= colours  # interactive, then finishing


def test_svg_is_byte_identical_from_run_to_run(tmp_path):
    first, second = tmp_path / "a.svg", tmp_path / "b.svg"
    assert record(tmp_path, "--svg", first).returncode == 0
    assert record(tmp_path, "--svg", second).returncode == 0
    assert first.read_bytes() == second.read_bytes()


def test_bad_svg_times_exit_with_status_two(tmp_path):
    result = record(tmp_path, "--svg", tmp_path / "x.svg", "--svg-times", "0.5,zero")
    assert result.returncode == 2
    assert '"zero" is not a time in seconds' in result.stderr
    assert not (tmp_path / "x.svg").exists()
