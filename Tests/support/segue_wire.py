"""A small Python client for Segue's wire protocol (docs/protocol.md, version 1).

Used by the server tests and the load tools: it encodes page messages and decodes server messages,
keeping the per-node state the change-only frame encoding needs.
"""
import struct

VERSION = 4
SUBPROTOCOL = "segue.v4"

HELLO, FRAME, PONG, ERROR = 1, 2, 3, 4
POINTER, VIEWPORT, SCENE, PING, SLOW = 16, 17, 18, 19, 20
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

    def string(self):
        n = self.varint()
        text = self.data[self.at:self.at + n].decode()
        self.at += n
        return text


class Decoder:
    """Decodes server messages; frames rebuild the full display list from change-only records."""

    def __init__(self):
        self.known = {}
        self.hint = ""

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
        raise ValueError(f"message type {kind}")

    def _frame(self, r, size):
        flags, operation, phase = r.take("BBB")
        sequence, input_sequence = r.take("II")
        server_time = r.take("d")
        build, progress, width, height = r.take("ffff")
        count = r.take("I")
        if flags & 1:
            self.known = {}
            self.hint = ""
        if flags & 16:
            self.hint = r.string()
        nodes, now = [], {}
        for _ in range(count):
            node_id, depth, descendants = r.varint(), r.varint(), r.varint()
            mask = r.take("B")
            depth_mask = r.take("B") if mask & 0x80 else 0
            mask &= 0x7F
            node = dict(self.known.get(node_id, {}))
            if not node:
                node.update(shadow=None, border=None, glyph=None)
            if len(node) == 3 and mask != 0x7F:
                raise ValueError(f"unknown node {node_id} with mask {mask:#x}")
            node.update(id=node_id, depth=depth, descendants=descendants)
            if mask & 1:
                a, b, c, d, tx, ty, w, h = r.take("ffffffff")
                node.update(m=[a, b, c, d, tx, ty], w=w, h=h)
            if mask & 2:
                node["alpha"] = r.take("f")
            if mask & 4:
                node["name"] = r.string()
            if mask & 8:
                node["color"] = r.take("BBBB")
            if mask & 16:
                node["radius"], node["clips"] = r.take("fB")
            if mask & 32:
                n = r.varint()
                node["text"] = None if n == 0 else r.data[r.at:r.at + n - 1].decode()
                r.at += max(n - 1, 0)
            if mask & 64:
                node["font_size"] = r.take("f")
                node["text_color"] = r.take("BBBB")
            if depth_mask & 1:
                color = r.take("BBBB")
                opacity, radius, dx, dy = r.take("ffff")
                node["shadow"] = None if opacity == 0 else {"color": color, "opacity": opacity, "radius": radius,
                                                            "offset": (dx, dy)}
            if depth_mask & 2:
                width = r.take("f")
                color = r.take("BBBB")
                node["border"] = None if width == 0 else {"width": width, "color": color}
            if depth_mask & 4:
                name = r.string()
                node["glyph"] = name or None
            nodes.append(node)
            now[node_id] = node
        self.known = now
        transition = None
        if flags & 2:
            transition = {"operation": OPERATIONS[operation], "phase": TRANSITION_PHASES[phase],
                          "progress": progress, "interactive": bool(flags & 4)}
        return {"type": "frame", "keyframe": bool(flags & 1), "sequence": sequence,
                "input_sequence": input_sequence, "server_time": server_time, "build": build,
                "viewport": (width, height), "transition": transition, "nodes": nodes, "bytes": size,
                "slow": bool(flags & 8), "hint": self.hint}


def node(frame, name):
    return next((n for n in frame["nodes"] if n.get("name") == name), None)
