// The Segue wire protocol, version 3 (docs/protocol.md): client-message encoders and a decoder
// for server messages that mirrors Swift's FrameDecoder. No DOM, no I/O.

export const VERSION = 4;
export const SUBPROTOCOL = 'segue.v4';

export const MessageType = Object.freeze({
  hello: 1, frame: 2, pong: 3, error: 4, springs: 5,
  pointer: 16, viewport: 17, scene: 18, ping: 19, slowAnimations: 20, scrub: 21, tuneSpring: 22,
  listSprings: 23,
});

/** Index = wire code; 0 means "no transition". */
export const OPERATIONS = Object.freeze([null, 'present', 'dismiss', 'push', 'pop', 'tab']);
export const PHASES = Object.freeze([null, 'animating', 'interactive', 'finishing', 'cancelling']);

const POINTER_PHASES = Object.freeze({ down: 1, move: 2, up: 3, cancel: 4 });
const POINTER_KINDS = Object.freeze({ mouse: 1, touch: 2, pen: 3 });

export const FRAME_HEADER_SIZE = 41;
export const SCENE_NAME_MAX_BYTES = 64;

const FrameFlag = Object.freeze({ keyframe: 1, transition: 2, interactive: 4, slowAnimations: 8, hint: 16 });
const KNOWN_FRAME_FLAGS = 0x1f;

const Field = Object.freeze({
  geometry: 1, alpha: 2, name: 4, backgroundColor: 8, shape: 16, text: 32, textStyle: 64,
});
const ALL_FIELDS = 0x7f;
/** Bit 7 of the field mask: a second mask byte follows, with these (optional even for a new node). */
const MORE_FIELDS = 0x80;
// Protocol 4 adds the glyph section (bit 2): the glyph's name, empty for none.
const DepthField = Object.freeze({ shadow: 1, border: 2, glyph: 4 });
const ALL_DEPTH_FIELDS = 0x07;

/** Thrown for any server message this page cannot read; the page reconnects to resynchronise. */
export class ProtocolError extends Error {
  constructor(message) {
    super(message);
    this.name = 'ProtocolError';
  }
}

const utf8Encoder = new TextEncoder();
const utf8Decoder = new TextDecoder('utf-8', { fatal: true });

// ---- Page → server -------------------------------------------------------------------------

// One reused buffer for pointer events: WebSocket.send copies the bytes it is given.
const pointerBuffer = new ArrayBuffer(28);
const pointerView = new DataView(pointerBuffer);

/**
 * @param {'down'|'move'|'up'|'cancel'} phase
 * @param {number} pointerId non-negative
 * @param {string} kind the event's pointerType; anything unknown is sent as touch
 * @param {number} x CSS px from the canvas's left edge
 * @param {number} y CSS px from the canvas's top edge
 * @param {number} timeMs on performance.now()'s clock
 * @param {number} sequence the input sequence number, uint32
 */
export function encodePointer(phase, pointerId, kind, x, y, timeMs, sequence) {
  const view = pointerView;
  view.setUint8(0, VERSION);
  view.setUint8(1, MessageType.pointer);
  view.setUint8(2, POINTER_PHASES[phase]);
  view.setUint8(3, POINTER_KINDS[kind] ?? POINTER_KINDS.touch);
  view.setUint32(4, sequence >>> 0, true);
  view.setUint32(8, pointerId >>> 0, true);
  view.setFloat32(12, x, true);
  view.setFloat32(16, y, true);
  view.setFloat64(20, timeMs, true);
  return pointerBuffer;
}

export function encodeViewport(width, height, devicePixelRatio) {
  const view = new DataView(new ArrayBuffer(14));
  view.setUint8(0, VERSION);
  view.setUint8(1, MessageType.viewport);
  view.setFloat32(2, width, true);
  view.setFloat32(6, height, true);
  view.setFloat32(10, devicePixelRatio, true);
  return view.buffer;
}

/** Returns null when the name cannot be valid (empty or longer than 64 UTF-8 bytes). */
export function encodeScene(name) {
  const utf8 = utf8Encoder.encode(name);
  if (utf8.length === 0 || utf8.length > SCENE_NAME_MAX_BYTES) return null;
  const bytes = new Uint8Array(3 + utf8.length);
  bytes[0] = VERSION;
  bytes[1] = MessageType.scene;
  bytes[2] = utf8.length;
  bytes.set(utf8, 3);
  return bytes.buffer;
}

export function encodePing(timeMs) {
  const view = new DataView(new ArrayBuffer(10));
  view.setUint8(0, VERSION);
  view.setUint8(1, MessageType.ping);
  view.setFloat64(2, timeMs, true);
  return view.buffer;
}

export function encodeSlowAnimations(on) {
  return new Uint8Array([VERSION, MessageType.slowAnimations, on ? 1 : 0]).buffer;
}

// ---- Server → page -------------------------------------------------------------------------

/** A bounds-checked little-endian cursor; every read throws ProtocolError past the end. */
class Reader {
  constructor(buffer) {
    this.view = new DataView(buffer);
    this.bytes = new Uint8Array(buffer);
    this.offset = 0;
  }

  get remaining() { return this.bytes.length - this.offset; }

  need(count, what) {
    if (this.remaining < count) throw new ProtocolError(`truncated ${what}`);
  }

  u8(what) { this.need(1, what); return this.bytes[this.offset++]; }
  u16(what) { this.need(2, what); const v = this.view.getUint16(this.offset, true); this.offset += 2; return v; }
  u32(what) { this.need(4, what); const v = this.view.getUint32(this.offset, true); this.offset += 4; return v; }
  f32(what) { this.need(4, what); const v = this.view.getFloat32(this.offset, true); this.offset += 4; return v; }
  f64(what) { this.need(8, what); const v = this.view.getFloat64(this.offset, true); this.offset += 8; return v; }

  /** Unsigned LEB128, at most 32 bits. */
  varint(what) {
    let value = 0;
    for (let index = 0; index < 5; index++) {
      const byte = this.u8(what);
      if (index === 4 && byte > 0x0f) throw new ProtocolError(`overlong varint in ${what}`);
      value += (byte & 0x7f) * 2 ** (7 * index);
      if ((byte & 0x80) === 0) return value;
    }
    throw new ProtocolError(`overlong varint in ${what}`);
  }

  utf8(length, what) {
    this.need(length, what);
    const slice = this.bytes.subarray(this.offset, this.offset + length);
    this.offset += length;
    try {
      return utf8Decoder.decode(slice);
    } catch {
      throw new ProtocolError(`invalid UTF-8 in ${what}`);
    }
  }

  string(what) { return this.utf8(this.varint(what), what); }

  end(what) {
    if (this.remaining !== 0) throw new ProtocolError(`${this.remaining} trailing bytes after ${what}`);
  }
}

/**
 * iOS's font, San Francisco, where the platform has it; elsewhere Inter, which the page ships
 * (Public/fonts, from Debian's fonts-inter, SIL OFL 1.1) and whose metrics are close to SF's.
 */
export const FONT_STACK = '-apple-system, "SF Pro Text", Inter, system-ui, sans-serif';

/** "rgba(r, g, b, a)" from four wire bytes; built only when a color changes. */
function cssColor(r, g, b, a) {
  return `rgba(${r}, ${g}, ${b}, ${+(a / 255).toFixed(4)})`;
}

function blankNode(id) {
  return {
    id, depth: 0, descendantCount: 0,
    a: 1, b: 0, c: 0, d: 1, tx: 0, ty: 0, width: 0, height: 0,
    alpha: 1, name: '',
    background: 'rgba(0, 0, 0, 0)', backgroundAlpha: 0,
    cornerRadius: 0, clipsToBounds: false,
    text: null, fontSize: 17, textColor: 'rgba(0, 0, 0, 1)', font: `17px ${FONT_STACK}`,
    shadowColor: null, shadowOpacity: 0, shadowRadius: 0, shadowX: 0, shadowY: 0,
    borderWidth: 0, borderColor: null,
    glyph: null,
    frame: 0,
  };
}

/**
 * Reads server messages and rebuilds each frame's node list, remembering every node of the
 * previous frame by id (nodes missing from a frame are gone). Mirrors Swift's FrameDecoder.
 * Node objects are reused from frame to frame: copy one if you need it to stay still.
 */
export class FrameDecoder {
  constructor() {
    this.known = new Map();
    this.frameNumber = 0;
    this.nodes = [];
    /** The screen's hint as last sent; a keyframe clears it. */
    this.hint = '';
  }

  /** Forget every node: after a reconnect, until the server's first keyframe. */
  reset() {
    this.known.clear();
    this.nodes.length = 0;
    this.hint = '';
  }

  /** @param {ArrayBuffer} buffer one complete binary WebSocket message */
  decode(buffer) {
    const reader = new Reader(buffer);
    if (reader.remaining < 2) throw new ProtocolError('message shorter than 2 bytes');
    const version = reader.u8('version');
    if (version !== VERSION) throw new ProtocolError(`protocol version ${version}, expected ${VERSION}`);
    const type = reader.u8('type');
    let message;
    switch (type) {
      case MessageType.hello: message = this.hello(reader); break;
      case MessageType.frame: message = this.frame(reader, buffer.byteLength); break;
      case MessageType.pong:
        message = { type: 'pong', clientTimeMs: reader.f64('pong'), serverTime: reader.f64('pong') };
        break;
      case MessageType.error:
        message = { type: 'error', code: reader.u16('error'), message: reader.string('error') };
        break;
      case MessageType.springs: {
        const count = reader.u8('springs');
        const timing = () => ({
          duration: reader.f64('springs'), dampingRatio: reader.f64('springs'), initialVelocity: reader.f64('springs'),
        });
        const entries = [];
        for (let index = 0; index < count; index++) {
          entries.push({ original: timing(), current: timing(), angularFrequency: reader.f64('springs') });
        }
        message = { type: 'springs', entries };
        break;
      }
      default: throw new ProtocolError(`unknown message type ${type}`);
    }
    reader.end(message.type);
    return message;
  }

  hello(reader) {
    const framesPerSecond = reader.u16('hello');
    const currentScene = reader.string('hello');
    const count = reader.varint('hello');
    if (count > reader.remaining) throw new ProtocolError('truncated hello');
    const sceneNames = [];
    for (let index = 0; index < count; index++) sceneNames.push(reader.string('hello'));
    return { type: 'hello', framesPerSecond, currentScene, sceneNames };
  }

  frame(reader, byteCount) {
    const flags = reader.u8('frame');
    if ((flags & ~KNOWN_FRAME_FLAGS) !== 0) throw new ProtocolError(`unknown frame flags ${flags}`);
    const operationCode = reader.u8('frame');
    const phaseCode = reader.u8('frame');
    const header = {
      sequence: reader.u32('frame'),
      inputSequence: reader.u32('frame'),
      serverTime: reader.f64('frame'),
      buildDuration: reader.f32('frame'),
      progress: reader.f32('frame'),
      viewportWidth: reader.f32('frame'),
      viewportHeight: reader.f32('frame'),
      operation: null,
      phase: null,
      isInteractive: (flags & FrameFlag.interactive) !== 0,
      slowAnimations: (flags & FrameFlag.slowAnimations) !== 0,
      isKeyframe: (flags & FrameFlag.keyframe) !== 0,
    };
    if (flags & FrameFlag.transition) {
      header.operation = OPERATIONS[operationCode] ?? null;
      header.phase = PHASES[phaseCode] ?? null;
      if (!header.operation || !header.phase) throw new ProtocolError('unknown transition code');
    }
    const count = reader.u32('frame');
    if (header.isKeyframe) this.hint = '';
    if (flags & FrameFlag.hint) this.hint = reader.string('frame');
    header.hint = this.hint;
    if (count > reader.remaining / 4) throw new ProtocolError('node count exceeds the message');
    if (header.isKeyframe) this.known.clear();
    this.frameNumber += 1;
    const nodes = this.nodes;
    nodes.length = 0;
    for (let index = 0; index < count; index++) nodes.push(this.node(reader));
    if (this.known.size > 2 * count + 64) {
      for (const [id, node] of this.known) if (node.frame !== this.frameNumber) this.known.delete(id);
    }
    return { type: 'frame', header, nodes, byteCount };
  }

  node(reader) {
    const id = reader.varint('node');
    const depth = reader.varint('node');
    const descendantCount = reader.varint('node');
    let fields = reader.u8('node');
    let depthFields = 0;
    if (fields & MORE_FIELDS) {
      depthFields = reader.u8('node');
      if (depthFields === 0 || (depthFields & ~ALL_DEPTH_FIELDS) !== 0) {
        throw new ProtocolError(`unknown node depth fields ${depthFields}`);
      }
      fields &= ~MORE_FIELDS;
    }
    let node = this.known.get(id);
    const isKnown = node !== undefined && node.frame === this.frameNumber - 1;
    if (!isKnown) {
      if (fields !== ALL_FIELDS) throw new ProtocolError(`no state for node ${id}`);
      node = blankNode(id);
      this.known.set(id, node);
    }
    node.frame = this.frameNumber;
    node.depth = depth;
    node.descendantCount = descendantCount;
    if (fields & Field.geometry) {
      node.a = reader.f32('node'); node.b = reader.f32('node');
      node.c = reader.f32('node'); node.d = reader.f32('node');
      node.tx = reader.f32('node'); node.ty = reader.f32('node');
      node.width = reader.f32('node'); node.height = reader.f32('node');
    }
    if (fields & Field.alpha) node.alpha = reader.f32('node');
    if (fields & Field.name) node.name = reader.string('node');
    if (fields & Field.backgroundColor) {
      const r = reader.u8('node'), g = reader.u8('node'), b = reader.u8('node'), a = reader.u8('node');
      node.background = cssColor(r, g, b, a);
      node.backgroundAlpha = a;
    }
    if (fields & Field.shape) {
      node.cornerRadius = reader.f32('node');
      const clip = reader.u8('node');
      if (clip > 1) throw new ProtocolError(`clip flag ${clip}`);
      node.clipsToBounds = clip === 1;
    }
    if (fields & Field.text) {
      const lengthPlusOne = reader.varint('node');
      node.text = lengthPlusOne === 0 ? null : reader.utf8(lengthPlusOne - 1, 'node');
    }
    if (fields & Field.textStyle) {
      node.fontSize = reader.f32('node');
      const r = reader.u8('node'), g = reader.u8('node'), b = reader.u8('node'), a = reader.u8('node');
      node.textColor = cssColor(r, g, b, a);
      node.font = `${node.fontSize}px ${FONT_STACK}`;
    }
    if (depthFields & DepthField.shadow) {
      const r = reader.u8('node'), g = reader.u8('node'), b = reader.u8('node'), a = reader.u8('node');
      node.shadowOpacity = reader.f32('node');
      node.shadowRadius = reader.f32('node');
      node.shadowX = reader.f32('node');
      node.shadowY = reader.f32('node');
      node.shadowColor = node.shadowOpacity > 0 && a > 0 ? cssColor(r, g, b, a * node.shadowOpacity) : null;
    }
    if (depthFields & DepthField.border) {
      node.borderWidth = reader.f32('node');
      const r = reader.u8('node'), g = reader.u8('node'), b = reader.u8('node'), a = reader.u8('node');
      node.borderColor = node.borderWidth > 0 && a > 0 ? cssColor(r, g, b, a) : null;
    }
    if (depthFields & DepthField.glyph) {
      const name = reader.string('node');
      node.glyph = name === '' ? null : name;
    }
    return node;
  }
}
