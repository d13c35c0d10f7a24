"""A package that depends on Segue gets Swift's ordinary, thread-safe code generation unless it opts
in to the SingleThreadedEngine trait (Package.swift): its release build of Segue's modules carries
neither `-assume-single-threaded` nor `-enforce-exclusivity=unchecked`; with the trait, both."""
from __future__ import annotations

import re
import subprocess
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
UNSAFE_FLAGS = ("-assume-single-threaded", "-enforce-exclusivity=unchecked")
# The engine's lowest modules: every other engine module is built with the same settings.
ENGINE_MODULES = ("Motion", "SegueValues")


def consumer(directory: Path, traits: str) -> Path:
    """A package with one executable that imports SegueValues from this checkout, by path."""
    (directory / "Sources" / "consumer").mkdir(parents=True)
    (directory / "Package.swift").write_text(f"""// swift-tools-version:6.2
import PackageDescription

let package = Package(
    name: "Consumer",
    dependencies: [.package(name: "Segue", path: "{ROOT}"{traits})],
    targets: [.executableTarget(name: "consumer", dependencies: [.product(name: "SegueValues", package: "Segue")])]
)
""")
    (directory / "Sources" / "consumer" / "main.swift").write_text(
        "import SegueValues\nprint(\"built\")\n")
    return directory


def release_compile_lines(package: Path) -> dict[str, str]:
    """Each engine module's compiler invocation in a verbose release build, by module name."""
    done = subprocess.run(["swift", "build", "-c", "release", "-v", "--product", "consumer"], cwd=package,
                          capture_output=True, text=True, timeout=1800, stdin=subprocess.DEVNULL)
    assert done.returncode == 0, done.stderr[-3000:] + done.stdout[-3000:]
    lines = {}
    for line in done.stdout.splitlines():
        match = re.search(r"swift-frontend .*-module-name (\w+) ", line) or re.search(r"swiftc .*-module-name (\w+) ", line)
        if match and match.group(1) in ENGINE_MODULES:
            lines[match.group(1)] = lines.get(match.group(1), "") + line
    assert set(lines) == set(ENGINE_MODULES), f"no compile line for {set(ENGINE_MODULES) - set(lines)}"
    return lines


def test_a_dependent_release_build_carries_no_unsafe_flag_and_one_that_opts_in_carries_both(tmp_path):
    default = release_compile_lines(consumer(tmp_path / "default", traits=""))
    for module, line in default.items():
        for flag in UNSAFE_FLAGS:
            assert flag not in line, f"{module} compiled with {flag} for a package that did not opt in"
    opted_in = release_compile_lines(consumer(tmp_path / "opted-in", traits=', traits: ["SingleThreadedEngine"]'))
    for module, line in opted_in.items():
        for flag in UNSAFE_FLAGS:
            assert flag in line, f"{module} compiled without {flag} though the package opted in"
