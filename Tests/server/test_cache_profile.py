"""scripts/cache-profile: a scene's cache misses in service, counted under cachegrind, repeatable
where timings are not (it installs valgrind when missing, as CI's clean machine needs). It runs the
release build, which valgrind runs in seconds where a debug build takes minutes."""
import json
import subprocess

import pytest

from conftest import PACKAGE_ROOT, harness, segue_binary

SCRIPT = PACKAGE_ROOT / "scripts" / "cache-profile"
# Two runs of one build count the same to a few in a million: only their printing of the times they
# measured differs. Timings on this machine differ by 5-10% from run to run.
REPEAT_TOLERANCE = 1e-4


@pytest.fixture(scope="module")
def release_segue():
    """`segue serve`'s build: SEGUE_BIN when it is one (scripts/test runs the tests against it),
    else a release build with the SingleThreadedEngine trait made here."""
    given = segue_binary()
    if harness.load_bench().counts_references_without_atomics(given):
        return given
    done = subprocess.run(["swift", "build", "-c", "release", "--traits", "SingleThreadedEngine",
                           "--product", "segue"], cwd=PACKAGE_ROOT,
                          capture_output=True, text=True, timeout=1800, stdin=subprocess.DEVNULL)
    assert done.returncode == 0, done.stderr[-3000:]
    return PACKAGE_ROOT / ".build" / "release" / "segue"


def profile(tmp_path, builds, *args):
    output = tmp_path / "profile.json"
    done = subprocess.run([str(SCRIPT), *[f"--binary={name}={path}" for name, path in builds],
                           "--scene", "menu", "--sessions", "200", "--intervals", "60", "--json", str(output),
                           *args], capture_output=True, text=True, timeout=900, stdin=subprocess.DEVNULL)
    assert done.returncode == 0, done.stderr[-3000:]
    return json.loads(output.read_text()), done.stdout


def test_a_build_counts_the_same_on_every_run_and_a_smaller_cache_misses_more(tmp_path, release_segue):
    figures, printed = profile(tmp_path, [("first", release_segue), ("second", release_segue)])
    first, second = figures["first"], figures["second"]
    for event in ("Ir", "D1mr", "D1mw"):
        assert first["serviceTotals"][event] > 0
        assert abs(first["serviceTotals"][event] - second["serviceTotals"][event]) \
            <= REPEAT_TOLERANCE * first["serviceTotals"][event], event
    assert first["sessionTurns"] == 200 * 60 * 2 and first["framesSent"] > 0
    # A menu turn (input, tick, frame) runs thousands of instructions.
    assert first["perTurn"]["Ir"] > 1000
    assert printed.startswith("menu: 200 sessions x 120 intervals (half warm-up), 8 MiB last-level cache")
    # Two hundred worlds fit in 8 MiB but not in 1 MiB; the first-level cache is the same in both.
    small, _ = profile(tmp_path, [("small", release_segue)], "--llc-mib", "1")
    assert small["small"]["serviceTotals"]["DLmr"] > 10 * max(first["serviceTotals"]["DLmr"], 1)
    # Where the worlds miss, the display-list builder is among the functions that miss most.
    assert any("DisplayListBuilder" in row["function"] for row in small["small"]["topFunctions"])
    assert abs(small["small"]["serviceTotals"]["D1mr"] - first["serviceTotals"]["D1mr"]) \
        <= REPEAT_TOLERANCE * first["serviceTotals"]["D1mr"]


def test_the_serve_build_counts_references_without_atomics_and_a_debug_build_with_them(release_segue):
    """The SingleThreadedEngine trait (Package.swift), in release builds only: scripts/bench checks the
    same of the binaries it measures, and the reverse of the multi-threaded Hummingbird peer."""
    bench = harness.load_bench()
    assert bench.counts_references_without_atomics(release_segue)
    debug_builds = [PACKAGE_ROOT / ".build-asan" / "debug" / "segue", PACKAGE_ROOT / ".build" / "debug" / "segue"]
    debug = next((path for path in debug_builds if path.is_file()), None)
    assert debug is not None, "no debug build of segue to compare with: run swift build"
    assert not bench.counts_references_without_atomics(debug)


def test_bad_arguments_are_refused_before_anything_runs(tmp_path):
    done = subprocess.run([str(SCRIPT), "--binary", str(tmp_path / "missing")], capture_output=True, text=True,
                          timeout=60, stdin=subprocess.DEVNULL)
    assert done.returncode == 2
    assert "not an executable" in done.stderr
    done = subprocess.run([str(SCRIPT), "--sessions", "0"], capture_output=True, text=True, timeout=60,
                          stdin=subprocess.DEVNULL)
    assert done.returncode == 2
    assert "must be positive" in done.stderr
