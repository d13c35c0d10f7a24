"""A small Python client for Segue's wire protocol (docs/protocol.md, version 7).

Used by the server tests and the load tools: it encodes page messages and decodes server messages,
keeping the per-node state the change-only frame encoding needs.
"""
import struct

VERSION = 7
SUBPROTOCOL = "segue.v7"

HELLO, FRAME, PONG, ERROR = 1, 2, 3, 4
ANIMATIONS, SHARE, RELEASE = 5, 6, 7
POINTER, VIEWPORT, SCENE, PING, SLOW = 16, 17, 18, 19, 20
REQUEST_SHARE, WATCH, HAND_OVER = 24, 25, 26
RELEASE_DECISIONS = {1: "finish", 2: "cancel"}
SHARE_ROLES = {1: "controlling", 2: "watching"}
PHASES = {"down": 1, "move": 2, "up": 3, "cancel": 4}
KINDS = {"mouse": 1, "touch": 2, "pen": 3}
OPERATIONS = [None, "present", "dismiss", "push", "pop", "tab"]
TRANSITION_PHASES = [None, "animating", "interactive", "finishing", "cancelling"]


def pointer(phase, x, y, sequence, pointer_id=1, kind="touch", time_ms=0.0):
    return struct.pack("<BBBBIIffd", VERSION, POINTER, PHASES[phase], KINDS[kind], sequence, pointer_id,
                       x, y, time_ms)


def viewport(width, height, ratio=1.0):
    return struct.pack("<BBfff", VERSION, VIEWPORT, width, height, ratio)


def scene(name):
    raw = name.encode()
    return struct.pack("<BBB", VERSION, SCENE, len(raw)) + raw


def ping(time_ms):
    return struct.pack("<BBd", VERSION, PING, time_ms)


def slow(on):
    return struct.pack("<BBB", VERSION, SLOW, 1 if on else 0)


def request_share():
    return struct.pack("<BB", VERSION, REQUEST_SHARE)


def watch(token):
    """`token`: the share link's 32 hex digits (str), or raw bytes for hostile tests."""
    raw = token.encode() if isinstance(token, str) else token
    return struct.pack("<BB", VERSION, WATCH) + raw


def hand_over():
    return struct.pack("<BB", VERSION, HAND_OVER)


class Reader:
    def __init__(self, data):
        self.data, self.at = data, 0

    def take(self, fmt):
        values = struct.unpack_from("<" + fmt, self.data, self.at)
        self.at += struct.calcsize("<" + fmt)
        return values if len(values) > 1 else values[0]

    def varint(self):
        value, shift = 0, 0
        while True:
            byte = self.data[self.at]
            self.at += 1
            value |= (byte & 0x7F) << shift
            if byte < 0x80:
                return value
            shift += 7

    def svarint(self):
        value = self.varint()
        return value >> 1 if value % 2 == 0 else -((value + 1) >> 1)

    def string(self):
        n = self.varint()
        text = self.data[self.at:self.at + n].decode()
        self.at += n
        return text


LENGTH_STEPS, MATRIX_STEPS, ALPHA_STEPS, PROGRESS_STEPS = 64, 1024, 255, 65535
# The touches part (frame flag bit 7): at most this many, each a distinct pointer id up to 2³¹−1.
MAXIMUM_TOUCHES, MAXIMUM_POINTER_ID = 10, 2**31 - 1
ALIGNMENTS = ("left", "center", "right")


def _blank(node_id, depth):
    """A new id's values: the wire's defaults, own values in their integer steps."""
    return {"id": node_id, "depth": depth, "descendants": 0, "pos": [0, 0], "size": [0, 0],
            "lin": [MATRIX_STEPS, 0, 0, MATRIX_STEPS], "own_alpha": ALPHA_STEPS, "name": "", "color": (0, 0, 0, 0),
            "radius": 0.0, "clips": 0, "text": None, "font_size": 17.0, "text_color": (0, 0, 0, 255),
            "shadow": None, "border": None, "glyph": None, "font_weight": 400,
            "align": "center", "lines": 1, "corners": 15}


class Decoder:
    """Decodes server messages; frames rebuild the full display list from change-only records,
    composing parent-relative matrices and alphas into absolute `m` and `alpha`."""

    def __init__(self):
        self.nodes = []
        self.head = None
        self.hint = ""
        self.touches = []

    def decode(self, data):
        r = Reader(data)
        version, kind = r.take("BB")
        if version != VERSION:
            raise ValueError(f"version {version}")
        if kind == HELLO:
            fps = r.take("H")
            current = r.string()
            names = [r.string() for _ in range(r.varint())]
            return {"type": "hello", "fps": fps, "scene": current, "scenes": names}
        if kind == PONG:
            client, server = r.take("dd")
            return {"type": "pong", "client_ms": client, "server_time": server}
        if kind == ERROR:
            code = r.take("H")
            return {"type": "error", "code": code, "message": r.string()}
        if kind == FRAME:
            return self._frame(r, len(data))
        if kind == SHARE:
            role, watchers, limit = r.take("BHH")
            token = r.data[r.at:r.at + 32].decode()
            r.at += 32
            return {"type": "share", "role": SHARE_ROLES[role], "watchers": watchers, "limit": limit, "token": token}
        if kind == RELEASE:
            operation, decision, flags = r.take("BBB")
            progress, velocity, projected, threshold = r.take("dddd")
            return {"type": "release", "operation": OPERATIONS[operation], "decision": RELEASE_DECISIONS[decision],
                    "progress": progress, "velocity": velocity if flags & 1 else None,
                    "projected": projected if flags & 1 else None, "threshold": threshold if flags & 2 else None}
        raise ValueError(f"message type {kind}")

    def _frame(self, r, size):
        flags, build_us = r.take("BH")
        if flags & 1:
            sequence = r.varint()
            server_time = r.take("d")
            width, height = r.varint() / LENGTH_STEPS, r.varint() / LENGTH_STEPS
            self.head = {"sequence": sequence, "time": server_time, "us": round(server_time * 1e6),
                         "viewport": (width, height), "state": 0, "progress": 0, "input": 0}
            self.hint = ""
            self.touches = []
            self.nodes = []
        else:
            if self.head is None:
                raise ValueError("frame before the first keyframe")
            self.head["us"] += r.svarint()
            self.head["time"] = self.head["us"] / 1e6
            self.head["sequence"] = r.varint() if flags & 64 else (self.head["sequence"] + 1) & 0xFFFFFFFF
        h = self.head
        if flags & 2:
            h["state"] = r.take("B")
        if flags & 4:
            h["progress"] = r.take("H")
        if flags & 8:
            h["input"] = (h["input"] + r.svarint()) & 0xFFFFFFFF
        if flags & 16:
            self.hint = r.string()
        if flags & 128:
            self.touches = self._touches(r)
        if flags & 32:
            previous = {n["id"]: n for n in self.nodes}
            node_id, nodes = 0, []
            for _ in range(r.varint()):
                node_id = (node_id + r.svarint()) & 0xFFFFFFFF
                depth = r.varint()
                node = previous.pop(node_id, None) or _blank(node_id, depth)
                node["depth"] = depth
                nodes.append(node)
            self.nodes = nodes
        index = -1
        while r.at < len(r.data):
            index += 1 + r.varint()
            self._record(r, self.nodes[index])
        self._compose()
        state = h["state"]
        transition = None
        if state & 7:
            transition = {"operation": OPERATIONS[state & 7], "phase": TRANSITION_PHASES[(state >> 3) & 7],
                          "progress": h["progress"] / PROGRESS_STEPS, "interactive": bool(state & 0x40)}
        return {"type": "frame", "keyframe": bool(flags & 1), "sequence": h["sequence"],
                "input_sequence": h["input"], "server_time": h["time"], "build": build_us / 1e6,
                "viewport": h["viewport"], "transition": transition, "nodes": [dict(n) for n in self.nodes],
                "bytes": size, "slow": bool(state & 0x80), "hint": self.hint,
                "touches": [dict(t) for t in self.touches]}

    @staticmethod
    def _touches(r):
        """The controller's pointers that are down: [{"id", "x", "y"}], x and y in points."""
        count = r.varint()
        if count > MAXIMUM_TOUCHES:
            raise ValueError(f"{count} touches")
        touches = []
        for _ in range(count):
            pointer_id, x, y = r.varint(), r.svarint(), r.svarint()
            if pointer_id > MAXIMUM_POINTER_ID or any(t["id"] == pointer_id for t in touches):
                raise ValueError(f"touch pointer id {pointer_id}")
            touches.append({"id": pointer_id, "x": x / LENGTH_STEPS, "y": y / LENGTH_STEPS})
        return touches

    @staticmethod
    def _record(r, node):
        mask = r.varint()
        if mask & 1:
            node["pos"] = [node["pos"][0] + r.svarint(), node["pos"][1] + r.svarint()]
        if mask & 2:
            node["size"] = [node["size"][0] + r.svarint(), node["size"][1] + r.svarint()]
        if mask & 4:
            node["lin"] = [value + r.svarint() for value in node["lin"]]
        if mask & 8:
            node["own_alpha"] = r.take("B")
        if mask & 16:
            node["color"] = r.take("BBBB")
        if mask & 32:
            node["text_color"] = r.take("BBBB")
        if mask & 64:
            node["radius"] = r.varint() / LENGTH_STEPS
            node["clips"] = r.take("B")
        if mask & 128:
            node["name"] = r.string()
        if mask & 256:
            n = r.varint()
            node["text"] = None if n == 0 else r.data[r.at:r.at + n - 1].decode()
            r.at += max(n - 1, 0)
        if mask & 512:
            node["font_size"] = r.take("f")
        if mask & 1024:
            color = r.take("BBBB")
            opacity, radius, dx, dy = r.take("ffff")
            node["shadow"] = None if opacity == 0 else {"color": color, "opacity": opacity, "radius": radius,
                                                        "offset": (dx, dy)}
        if mask & 2048:
            width = r.take("f")
            color = r.take("BBBB")
            node["border"] = None if width == 0 else {"width": width, "color": color}
        if mask & 4096:
            node["glyph"] = r.string() or None
        if mask & 8192:
            node["font_weight"] = r.take("B") * 100
        if mask & 16384:
            alignment, node["lines"] = r.take("BB")
            node["align"] = ALIGNMENTS[alignment]
        if mask & 32768:
            node["corners"] = r.take("B")

    def _compose(self):
        parents = []
        for index, node in enumerate(self.nodes):
            while len(parents) > node["depth"]:
                parent_index = parents.pop()
                self.nodes[parent_index]["descendants"] = index - parent_index - 1
            a, b, c, d = (value / MATRIX_STEPS for value in node["lin"])
            tx, ty = (value / LENGTH_STEPS for value in node["pos"])
            alpha = node["own_alpha"] / ALPHA_STEPS
            if parents:
                p = self.nodes[parents[-1]]
                pa, pb, pc, pd, ptx, pty = p["m"]
                a, b, c, d, tx, ty = (a * pa + b * pc, a * pb + b * pd, c * pa + d * pc, c * pb + d * pd,
                                      tx * pa + ty * pc + ptx, tx * pb + ty * pd + pty)
                alpha *= p["alpha"]
            node["m"] = [a, b, c, d, tx, ty]
            node["alpha"] = alpha
            node["w"], node["h"] = node["size"][0] / LENGTH_STEPS, node["size"][1] / LENGTH_STEPS
            parents.append(index)
        for parent_index in parents:
            self.nodes[parent_index]["descendants"] = len(self.nodes) - parent_index - 1


def node(frame, name):
    return next((n for n in frame["nodes"] if n.get("name") == name), None)
