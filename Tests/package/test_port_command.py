"""`segue port` runs Port/'s rewriter on the files given: it prints each rewrite and each construct
it cannot port with file:line:column, exits 1 while something cannot be ported, rewrites in place,
and a second run changes nothing. Against the release `segue` ($SEGUE_BIN); Port/ is built by
scripts/test's Port phase before this runs (a first run builds it)."""
from __future__ import annotations

import os
import subprocess
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
SEGUE = str(Path(os.environ.get("SEGUE_BIN", ROOT / ".build" / "debug" / "segue")).resolve())

IOS_SOURCE = """import UIKit

class MenuViewController: UIViewController {
    override func viewDidLoad() {
        super.viewDidLoad()
        let pan = UIPanGestureRecognizer(target: self, action: #selector(handlePan(_:)))
        view.addGestureRecognizer(pan)
    }

    @objc func handlePan(_ gesture: UIPanGestureRecognizer) {}
}
"""

PORTED_SOURCE = """import UIKit

class MenuViewController: UIViewController {
    override func viewDidLoad() {
        super.viewDidLoad()
        let pan = UIPanGestureRecognizer(target: self, action: Selector(MenuViewController.handlePan(_:)))
        view.addGestureRecognizer(pan)
    }

    func handlePan(_ gesture: UIPanGestureRecognizer) {}
}
"""


def port(*arguments: str, cwd: Path) -> subprocess.CompletedProcess[str]:
    return subprocess.run([SEGUE, "port", *arguments], cwd=cwd, capture_output=True, text=True,
                          timeout=1800, stdin=subprocess.DEVNULL)


def test_port_rewrites_selectors_and_objc_in_place_once(tmp_path: Path) -> None:
    source = tmp_path / "Menu.swift"
    source.write_text(IOS_SOURCE)
    checked = port("--check", "Menu.swift", cwd=tmp_path)
    assert checked.returncode == 1, checked.stderr
    assert source.read_text() == IOS_SOURCE, "--check writes nothing"
    done = port("Menu.swift", cwd=tmp_path)
    assert done.returncode == 0, done.stderr
    assert done.stdout.splitlines() == [
        "Menu.swift:6:64: #selector(handlePan(_:)) → Selector(MenuViewController.handlePan(_:))",
        "Menu.swift:10:5: removed @objc",
    ]
    assert source.read_text() == PORTED_SOURCE
    again = port("Menu.swift", cwd=tmp_path)
    assert (again.returncode, again.stdout) == (0, "")
    assert source.read_text() == PORTED_SOURCE


def test_port_reports_what_it_cannot_port_and_exits_1(tmp_path: Path) -> None:
    source = tmp_path / "Segues.swift"
    text = "import UIKit\n\nclass A: UIViewController {\n    func go() { performSegue(withIdentifier: \"next\", sender: nil) }\n}\n"
    source.write_text(text)
    done = port("Segues.swift", cwd=tmp_path)
    assert done.returncode == 1
    assert done.stdout.splitlines() == [
        "Segues.swift:4:17: cannot port: performSegue(withIdentifier:sender:) — Segue loads no storyboards or nibs",
    ]
    assert source.read_text() == text
