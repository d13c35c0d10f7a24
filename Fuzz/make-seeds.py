#!/usr/bin/env python3
"""Writes the hand-made seed inputs the corpora started from, for reference and for rebuilding a corpus.

    Fuzz/make-seeds.py DIR      # DIR/ClientMessage/*.bin and DIR/InputScript/*.json

Every page → server message of docs/protocol.md (each pointer phase and type, limits at both ends,
every scene), and pointer scripts in the shapes README.md and Tests/ScenesTests use (tap, edge
swipe, cancelled drag, two pointers, every field spelled out or defaulted). The committed corpus is
these seeds plus what fuzzing found, minimized with `scripts/fuzz --merge`.
"""

import json
import struct
import sys
from pathlib import Path

VERSION = 7
POINTER, VIEWPORT, SCENE, PING, SLOW = 16, 17, 18, 19, 20
TUNE_ANIMATION, LIST_ANIMATIONS = 22, 23
REQUEST_SHARE, WATCH, HAND_OVER, RESET_ANIMATION = 24, 25, 26, 27
PHASES = {"down": 1, "move": 2, "up": 3, "cancel": 4}
KINDS = {"mouse": 1, "touch": 2, "pen": 3}


def pointer(phase, kind, sequence, pointer_id, x, y, milliseconds):
    return struct.pack("<BBBBIIffd", VERSION, POINTER, PHASES[phase], KINDS[kind], sequence, pointer_id,
                       x, y, milliseconds)


def client_messages():
    seeds = {}
    for i, (phase, kind) in enumerate((p, k) for p in PHASES for k in KINDS):
        seeds[f"pointer-{phase}-{kind}"] = pointer(phase, kind, i + 1, i % 3, 389.5 - 20 * i, 420.25, 12_500.0 + 16 * i)
    seeds["pointer-limits-high"] = pointer("move", "touch", 0xFFFFFFFF, 2**31 - 1, 100_000, 100_000, 1e12)
    seeds["pointer-limits-low"] = pointer("up", "pen", 0, 0, -100_000, -100_000, 0)
    seeds["viewport-phone"] = struct.pack("<BBfff", VERSION, VIEWPORT, 390, 844, 3)
    seeds["viewport-limits-low"] = struct.pack("<BBfff", VERSION, VIEWPORT, 1, 1, 0.5)
    seeds["viewport-limits-high"] = struct.pack("<BBfff", VERSION, VIEWPORT, 8192, 8192, 8)
    for name in ["slides", "menu", "stack", "fade", "Écran partagé 📱", "x" * 64]:
        utf8 = name.encode()
        seeds[f"scene-{len(utf8)}-{utf8[:6].hex()}"] = bytes([VERSION, SCENE, len(utf8)]) + utf8
    seeds["ping"] = struct.pack("<BBd", VERSION, PING, 1234.5)
    seeds["ping-limit"] = struct.pack("<BBd", VERSION, PING, 1e12)
    seeds["slow-on"] = bytes([VERSION, SLOW, 1])
    seeds["slow-off"] = bytes([VERSION, SLOW, 0])
    # Tune animation: index, curve code, duration, damping ratio, velocity (docs/protocol.md).
    tune = lambda index, curve, *values: struct.pack("<BBBB3d", VERSION, TUNE_ANIMATION, index, curve, *values)
    seeds["tune-spring"] = tune(1, 0, 0.6, 0.2, 2.5)
    seeds["tune-spring-limits"] = tune(255, 0, 10, 0.001, -100)
    seeds["tune-curve-linear"] = tune(0, 3, 1, 0, 0)
    seeds["tune-curve-custom"] = tune(2, 4, 0.01, 0, 0)
    seeds["tune-keyframes"] = tune(3, 0, 1.5, 0, 0)
    seeds["tune-curve-unknown"] = tune(0, 5, 0.35, 0, 0)
    seeds["list-animations"] = bytes([VERSION, LIST_ANIMATIONS])
    seeds["request-share"] = bytes([VERSION, REQUEST_SHARE])
    seeds["watch"] = bytes([VERSION, WATCH]) + b"0123456789abcdef0123456789abcdef"
    seeds["watch-not-hex"] = bytes([VERSION, WATCH]) + b"0123456789ABCDEF0123456789abcdef"
    seeds["hand-over"] = bytes([VERSION, HAND_OVER])
    seeds["reset-animation"] = bytes([VERSION, RESET_ANIMATION, 0])
    seeds["reset-every-animation"] = bytes([VERSION, RESET_ANIMATION, 255])
    return seeds


def event(t, phase, x, y, **extra):
    return {"t": round(t, 4), "type": phase, "x": round(x, 2), "y": round(y, 2), **extra}


def drag(start, end, steps, t=0.25, release="up", **extra):
    events = [event(t, "down", *start, **extra)]
    for i in range(1, steps + 1):
        f = i / steps
        events.append(event(t + i / 60, "move", start[0] + (end[0] - start[0]) * f,
                            start[1] + (end[1] - start[1]) * f, **extra))
    events.append(event(t + (steps + 1) / 60, release, *end, **extra))
    return events


def input_scripts():
    readme = {"events": [{"t": 0.5, "type": "down", "x": 389, "y": 420, "id": 1, "pointer": "touch"},
                         {"t": 0.6, "type": "move", "x": 300, "y": 420, "id": 1},
                         {"t": 0.7, "type": "up", "x": 200, "y": 420, "id": 1}]}
    two_pointers = drag((389, 300), (100, 300), 4, id=1) + drag((10, 600), (200, 600), 4, id=2)
    two_pointers.sort(key=lambda e: e["t"])
    seeds = {
        "readme": json.dumps(readme, indent=1),
        "empty": '{"events":[]}',
        "tap": json.dumps({"events": [event(0.25, "down", 195, 700), event(0.33, "up", 195, 700)]}),
        "edge-swipe": json.dumps({"events": drag((389, 420), (40, 420), 12)}),
        "back-swipe-mouse": json.dumps({"events": drag((1, 420), (300, 420), 8, pointer="mouse", id=7)}),
        "cancelled-drag-pen": json.dumps({"events": drag((195, 200), (195, 700), 6, release="cancel",
                                                         pointer="pen", id=2147483647)}),
        "two-pointers": json.dumps({"events": two_pointers}),
        "limits": json.dumps({"events": [event(0, "down", -100000, 100000, id=0),
                                          event(3600, "up", 100000, -100000, id=-2147483647)]}),
        "exponents": '{"events":[{"t":1e-3,"type":"move","x":-0.0,"y":1.5E2,"id":3.0,"pointer":"touch"}]}',
        "rotation-mid-swipe": json.dumps({"events": drag((389, 420), (200, 420), 6)[:4]
                                          + [{"t": 0.33, "type": "resize", "width": 844, "height": 390}]
                                          + drag((200, 200), (40, 200), 3, t=0.4)}),
        "resize-limits": json.dumps({"events": [{"t": 0, "type": "resize", "width": 1, "height": 8192},
                                                 {"t": 1, "type": "resize", "width": 8192.0, "height": 1e0}]}),
        "unicode-escapes": '{"\\u0065vents":[{"t":0,"type":"d\\u006fwn","x":1,"y":2}],"extra":[null,true,{}]}',
    }
    return {name: text.encode() for name, text in seeds.items()}


def main():
    if len(sys.argv) != 2:
        sys.exit(__doc__)
    root = Path(sys.argv[1])
    for target, seeds, suffix in [("ClientMessage", client_messages(), ".bin"),
                                  ("InputScript", input_scripts(), ".json")]:
        directory = root / target
        directory.mkdir(parents=True, exist_ok=True)
        for name, data in seeds.items():
            (directory / (name + suffix)).write_bytes(data)
        print(f"{directory}: {len(seeds)} seeds")


if __name__ == "__main__":
    main()
