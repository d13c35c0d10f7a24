"""Replays the committed fuzzing corpus (Fuzz/Corpus) through both libFuzzer targets.

`scripts/fuzz --replay` builds Fuzz/ with the fuzzer and address sanitizers and runs every corpus
input once: each input that ever found new coverage, and every crash fixed since, must still pass.
It needs only the Swift toolchain (which ships libFuzzer); when that is missing, the script says so
and this test fails. Nothing here uses the segue binary or a server.
"""

import re
import subprocess
from pathlib import Path

PACKAGE_ROOT = Path(__file__).resolve().parents[2]
CORPUS = PACKAGE_ROOT / "Fuzz" / "Corpus"
TARGETS = ("ClientMessage", "InputScript")
# A cold build of the two targets takes 30 s to a minute on two busy cores; the replay, about a second.
TIMEOUT = 900
# The corpus is minimized with `scripts/fuzz --merge`; a much bigger one means it was not.
MAX_CORPUS_BYTES = 512 * 1024


def corpus_files(target: str) -> list[Path]:
    return [path for path in (CORPUS / target).iterdir() if path.is_file()]


def test_each_target_has_a_small_corpus():
    for target in TARGETS:
        files = corpus_files(target)
        assert len(files) >= 10, f"Fuzz/Corpus/{target} has {len(files)} inputs"
        size = sum(path.stat().st_size for path in files)
        assert size <= MAX_CORPUS_BYTES, f"Fuzz/Corpus/{target} is {size} bytes; minimize it with scripts/fuzz --merge"


def test_the_whole_corpus_replays_without_a_crash():
    try:
        result = subprocess.run([str(PACKAGE_ROOT / "scripts" / "fuzz"), "--replay"], cwd=PACKAGE_ROOT,
                                capture_output=True, text=True, timeout=TIMEOUT)
    except subprocess.TimeoutExpired as error:
        raise AssertionError(f"scripts/fuzz --replay took over {TIMEOUT} s\n{error.stdout}\n{error.stderr}")
    output = result.stdout + result.stderr
    assert result.returncode == 0, f"scripts/fuzz --replay exited {result.returncode}:\n{output[-6000:]}"
    # libFuzzer reports how many files it read from each corpus directory; all of them ran.
    for target in TARGETS:
        found = re.search(rf"(\d+) files found in Fuzz/Corpus/{target}\b", output)
        assert found, f"no replay of Fuzz/Corpus/{target} in the output:\n{output[-6000:]}"
        assert int(found.group(1)) == len(corpus_files(target))
