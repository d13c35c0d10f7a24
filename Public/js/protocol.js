// The Segue wire protocol, version 7 (docs/protocol.md): client-message encoders and a decoder
// for server messages that mirrors Swift's FrameDecoder. No DOM, no I/O.

export const VERSION = 7;
export const SUBPROTOCOL = 'segue.v7';

export const MessageType = Object.freeze({
  hello: 1, frame: 2, pong: 3, error: 4, animations: 5, share: 6, release: 7,
  pointer: 16, viewport: 17, scene: 18, ping: 19, slowAnimations: 20, scrub: 21, tuneAnimation: 22,
  listAnimations: 23, requestShare: 24, watch: 25, handOver: 26, resetAnimation: 27,
});

/** The share message's role byte. */
const SHARE_ROLES = Object.freeze([null, 'controlling', 'watching']);
/** Animations message (5): kind and curve codes, indexed by their wire values (docs/protocol.md). */
export const ANIMATION_KINDS = Object.freeze([
  null, 'curveBlock', 'keyframeBlock', 'springBlock', 'curveAnimator', 'springAnimator', 'physicalSpringAnimator',
]);
export const TIMING_CURVES = Object.freeze(['easeInOut', 'easeIn', 'easeOut', 'linear', 'custom']);
const SHARE_TOKEN_LENGTH = 32;
/** Release message (7): the decision byte, and the flags saying which readings are sent. */
const RELEASE_DECISIONS = Object.freeze([null, 'finish', 'cancel']);
const RELEASE_HAS_VELOCITY = 1, RELEASE_HAS_THRESHOLD = 2;

/** Index = wire code; 0 means "no transition". */
export const OPERATIONS = Object.freeze([null, 'present', 'dismiss', 'push', 'pop', 'tab']);
export const PHASES = Object.freeze([null, 'animating', 'interactive', 'finishing', 'cancelling']);

const POINTER_PHASES = Object.freeze({ down: 1, move: 2, up: 3, cancel: 4 });
const POINTER_KINDS = Object.freeze({ mouse: 1, touch: 2, pen: 3 });

export const SCENE_NAME_MAX_BYTES = 64;

const FrameFlag = Object.freeze({
  keyframe: 1, state: 2, progress: 4, inputSequence: 8, hint: 16, structure: 32, sequence: 64, touches: 128,
});
/** The most touches a frame carries, and the largest pointer id (docs/protocol.md, "touches"). */
export const MAXIMUM_TOUCHES = 10;
const MAXIMUM_POINTER_ID = 2 ** 31 - 1;

/** Bits of a node record's mask (a varint): which sections follow, in bit order. */
const Field = Object.freeze({
  position: 1, size: 2, linear: 4, alpha: 8, backgroundColor: 16, textColor: 32, shape: 64,
  name: 128, text: 256, fontSize: 512, shadow: 1024, border: 2048, glyph: 4096, fontWeight: 8192,
  textLayout: 16384, corners: 32768,
});
const ALL_FIELDS = 0xffff;
/** The text layout section's alignment byte, as the canvas's `textAlign`. */
const TEXT_ALIGNMENTS = Object.freeze(['left', 'center', 'right']);
/** The corners byte: CACornerMask's four bits. */
export const ALL_CORNERS = 15;

/** Quantisation steps (docs/protocol.md): lengths in 1/64 pt, matrix entries in 1/1024, alpha in 1/255. */
const LENGTH_STEPS = 64;
const MATRIX_STEPS = 1024;
const ALPHA_STEPS = 255;
const PROGRESS_STEPS = 65535;

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

/** What the server refuses in a scene name (docs/protocol.md, scene): control, format, line and
 * paragraph separator, private-use, surrogate and unassigned characters. */
const UNPRINTABLE = /[\p{Cc}\p{Cf}\p{Zl}\p{Zp}\p{Co}\p{Cs}\p{Cn}]/u;

/** Whether the server would take `name` as a scene message's name: 1 to 64 UTF-8 bytes, printable. */
export function isSceneName(name) {
  const length = utf8Encoder.encode(name).length;
  return length > 0 && length <= SCENE_NAME_MAX_BYTES && !UNPRINTABLE.test(name);
}

/** Returns null when the name cannot be valid (isSceneName). */
export function encodeScene(name) {
  if (!isSceneName(name)) return null;
  const utf8 = utf8Encoder.encode(name);
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

  /** Zigzag varint: 0, 1, 2, 3 … → 0, −1, 1, −2 … */
  svarint(what) {
    const value = this.varint(what);
    return value % 2 === 0 ? value / 2 : -(value + 1) / 2;
  }

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

/** A node as a new id starts on both ends: the wire's defaults (docs/protocol.md). */
function blankNode(id, depth) {
  return {
    id, depth, descendantCount: 0,
    // Own values, as the wire carries them (integers in their steps).
    px: 0, py: 0, w64: 0, h64: 0, la: MATRIX_STEPS, lb: 0, lc: 0, ld: MATRIX_STEPS, ownAlpha: ALPHA_STEPS,
    // Composed down the tree for the renderer: maps local (x, y) to the viewport.
    a: 1, b: 0, c: 0, d: 1, tx: 0, ty: 0, width: 0, height: 0,
    // Its own opacity (0…1; below 1 it fades its subtree as one group) and the composed one.
    opacity: 1, alpha: 1, name: '',
    background: 'rgba(0, 0, 0, 0)', backgroundAlpha: 0,
    cornerRadius: 0, clipsToBounds: false, corners: ALL_CORNERS,
    text: null, fontSize: 17, fontWeight: 400, textColor: 'rgba(0, 0, 0, 1)', font: `400 17px ${FONT_STACK}`,
    textAlign: 'center', numberOfLines: 1,
    shadowColor: null, shadowOpacity: 0, shadowRadius: 0, shadowX: 0, shadowY: 0,
    borderWidth: 0, borderColor: null,
    glyph: null,
  };
}

/** The transition fields of the state byte; null when it names none. */
function readState(byte) {
  const operation = byte & 7, phase = (byte >> 3) & 7;
  if (operation === 0) {
    if (phase !== 0 || (byte & 0x40) !== 0) throw new ProtocolError(`frame state ${byte}`);
    return;
  }
  if (!OPERATIONS[operation] || !PHASES[phase]) throw new ProtocolError('unknown transition code');
}

/** The touches part: a count, then per touch a distinct pointer id and x, y in 1/64 pt. */
function readTouches(reader) {
  const count = reader.varint('touches');
  if (count > MAXIMUM_TOUCHES) throw new ProtocolError(`${count} touches; at most ${MAXIMUM_TOUCHES}`);
  const touches = [];
  for (let index = 0; index < count; index++) {
    const id = reader.varint('touches');
    if (id > MAXIMUM_POINTER_ID) throw new ProtocolError(`touch pointer id ${id}`);
    if (touches.some((touch) => touch.id === id)) throw new ProtocolError(`touch pointer id ${id} twice`);
    touches.push({ id, x: reader.svarint('touches') / LENGTH_STEPS, y: reader.svarint('touches') / LENGTH_STEPS });
  }
  return touches;
}

/**
 * Reads server messages and rebuilds each frame's node list from the changed records and the
 * previous frame's nodes, composing each node's parent-relative matrix and alpha down the tree.
 * Mirrors Swift's FrameDecoder. Node objects are reused from frame to frame: copy one if you
 * need it to stay still.
 */
export class FrameDecoder {
  constructor() {
    this.nodes = [];
    this.reset();
  }

  /** Forget every node and header value: after a reconnect, until the server's first keyframe. */
  reset() {
    this.nodes.length = 0;
    /** The screen's hint as last sent; a keyframe clears it. */
    this.hint = '';
    /** The controller's touches as last sent ([{id, x, y}], viewport pt); a keyframe clears them. */
    this.touches = [];
    this.hasKeyframe = false;
    this.sequence = 0;
    this.serverTime = 0;
    this.serverMicros = 0;
    this.viewportWidth = 0;
    this.viewportHeight = 0;
    this.state = 0;
    this.progress = 0;
    this.inputSequence = 0;
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
      case MessageType.animations: {
        const count = reader.u8('animations');
        const timing = () => {
          const curve = TIMING_CURVES[reader.u8('animations')];
          if (!curve) throw new ProtocolError('unknown animation curve');
          const f = () => reader.f64('animations');
          return {
            curve, duration: f(), controlPoints: [f(), f(), f(), f()], dampingRatio: f(), initialVelocity: f(),
            angularFrequency: f(), mass: f(), stiffness: f(), damping: f(),
          };
        };
        const entries = [];
        for (let index = 0; index < count; index++) {
          const kind = ANIMATION_KINDS[reader.u8('animations')];
          if (!kind) throw new ProtocolError('unknown animation kind');
          const original = timing(), current = timing();
          const label = reader.string('animations');
          const originalCall = reader.string('animations'), currentCall = reader.string('animations');
          entries.push({ kind, original, current, label, originalCall, currentCall });
        }
        message = { type: 'animations', entries };
        break;
      }
      case MessageType.share: {
        const role = SHARE_ROLES[reader.u8('share')];
        if (!role) throw new ProtocolError('unknown share role');
        const watcherCount = reader.u16('share');
        const watcherLimit = reader.u16('share');
        const token = reader.utf8(SHARE_TOKEN_LENGTH, 'share');
        message = { type: 'share', role, watcherCount, watcherLimit, token };
        break;
      }
      case MessageType.release: {
        const operation = OPERATIONS[reader.u8('release')];
        const decision = RELEASE_DECISIONS[reader.u8('release')];
        const flags = reader.u8('release');
        if (!operation || !decision) throw new ProtocolError('unknown release code');
        if (flags & ~(RELEASE_HAS_VELOCITY | RELEASE_HAS_THRESHOLD)) throw new ProtocolError('unknown release flags');
        const progress = reader.f64('release'), velocity = reader.f64('release');
        const projectedProgress = reader.f64('release'), threshold = reader.f64('release');
        const moved = (flags & RELEASE_HAS_VELOCITY) !== 0;
        message = {
          type: 'release', operation, decision, progress,
          velocity: moved ? velocity : null, projectedProgress: moved ? projectedProgress : null,
          threshold: flags & RELEASE_HAS_THRESHOLD ? threshold : null,
        };
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
    // Every bit has a meaning in version 7; a keyframe's are checked below.
    const buildMicros = reader.u16('frame');
    const isKeyframe = (flags & FrameFlag.keyframe) !== 0;
    if (isKeyframe) {
      if (!(flags & FrameFlag.structure) || (flags & FrameFlag.sequence)) {
        throw new ProtocolError(`keyframe flags ${flags}`);
      }
      this.reset();
      this.hasKeyframe = true;
      this.sequence = reader.varint('frame');
      this.serverTime = reader.f64('frame');
      this.serverMicros = Math.round(this.serverTime * 1e6);
      this.viewportWidth = reader.varint('frame') / LENGTH_STEPS;
      this.viewportHeight = reader.varint('frame') / LENGTH_STEPS;
    } else {
      if (!this.hasKeyframe) throw new ProtocolError('a frame before the first keyframe');
      this.serverMicros += reader.svarint('frame');
      this.serverTime = this.serverMicros / 1e6;
      this.sequence = (flags & FrameFlag.sequence) ? reader.varint('frame') : (this.sequence + 1) >>> 0;
    }
    if (flags & FrameFlag.state) {
      const byte = reader.u8('frame');
      readState(byte);
      this.state = byte;
    }
    if (flags & FrameFlag.progress) this.progress = reader.u16('frame');
    if (flags & FrameFlag.inputSequence) this.inputSequence = (this.inputSequence + reader.svarint('frame')) >>> 0;
    if (flags & FrameFlag.hint) this.hint = reader.string('frame');
    if (flags & FrameFlag.touches) this.touches = readTouches(reader);
    if (flags & FrameFlag.structure) this.structure(reader);
    const nodes = this.nodes;
    let last = -1;
    while (reader.remaining > 0) {
      const index = last + 1 + reader.varint('node');
      if (index >= nodes.length) throw new ProtocolError(`record for node ${index} of ${nodes.length}`);
      this.node(reader, nodes[index]);
      last = index;
    }
    this.compose();
    const state = this.state;
    const operation = OPERATIONS[state & 7] ?? null;
    const header = {
      sequence: this.sequence,
      inputSequence: this.inputSequence,
      serverTime: this.serverTime,
      buildDuration: buildMicros / 1e6,
      progress: operation ? this.progress / PROGRESS_STEPS : 0,
      viewportWidth: this.viewportWidth,
      viewportHeight: this.viewportHeight,
      operation,
      phase: operation ? PHASES[(state >> 3) & 7] : null,
      isInteractive: (state & 0x40) !== 0,
      slowAnimations: (state & 0x80) !== 0,
      isKeyframe,
      hint: this.hint,
      touches: this.touches,
    };
    return { type: 'frame', header, nodes, byteCount };
  }

  /** The new paint order: ids seen in the previous order keep their node, new ids start blank. */
  structure(reader) {
    const count = reader.varint('structure');
    if (count > reader.remaining / 2) throw new ProtocolError('node count exceeds the message');
    const previous = new Map();
    for (const node of this.nodes) previous.set(node.id, node);
    const nodes = this.nodes;
    nodes.length = 0;
    let id = 0, previousDepth = -1;
    for (let index = 0; index < count; index++) {
      id = (id + reader.svarint('structure')) >>> 0;
      const depth = reader.varint('structure');
      if (depth > previousDepth + 1 || depth > 65535) throw new ProtocolError(`node depth ${depth}`);
      previousDepth = depth;
      let node = previous.get(id);
      if (node === undefined) {
        node = blankNode(id, depth);
      } else {
        previous.delete(id);
        node.depth = depth;
      }
      nodes.push(node);
    }
  }

  /** Composes matrices and alphas down the tree; descendants follow from the depths. */
  compose() {
    const nodes = this.nodes;
    const parents = [];
    for (let index = 0; index < nodes.length; index++) {
      const node = nodes[index];
      while (parents.length > node.depth) {
        const parent = parents.pop();
        parent.node.descendantCount = index - parent.index - 1;
      }
      const la = node.la / MATRIX_STEPS, lb = node.lb / MATRIX_STEPS;
      const lc = node.lc / MATRIX_STEPS, ld = node.ld / MATRIX_STEPS;
      const ltx = node.px / LENGTH_STEPS, lty = node.py / LENGTH_STEPS;
      const alpha = node.ownAlpha / ALPHA_STEPS;
      node.opacity = alpha;
      const parent = parents.length > 0 ? parents[parents.length - 1].node : null;
      if (parent) {
        // local then parent: (x, y) → local matrix → parent's matrix (CGAffineTransformConcat).
        node.a = la * parent.a + lb * parent.c;
        node.b = la * parent.b + lb * parent.d;
        node.c = lc * parent.a + ld * parent.c;
        node.d = lc * parent.b + ld * parent.d;
        node.tx = ltx * parent.a + lty * parent.c + parent.tx;
        node.ty = ltx * parent.b + lty * parent.d + parent.ty;
        node.alpha = alpha * parent.alpha;
      } else {
        node.a = la; node.b = lb; node.c = lc; node.d = ld; node.tx = ltx; node.ty = lty;
        node.alpha = alpha;
      }
      node.width = node.w64 / LENGTH_STEPS;
      node.height = node.h64 / LENGTH_STEPS;
      parents.push({ node, index });
    }
    for (const parent of parents) parent.node.descendantCount = nodes.length - parent.index - 1;
  }

  node(reader, node) {
    const fields = reader.varint('node');
    if (fields === 0 || (fields & ~ALL_FIELDS) !== 0) throw new ProtocolError(`unknown node fields ${fields}`);
    if (fields & Field.position) { node.px += reader.svarint('node'); node.py += reader.svarint('node'); }
    if (fields & Field.size) { node.w64 += reader.svarint('node'); node.h64 += reader.svarint('node'); }
    if (fields & Field.linear) {
      node.la += reader.svarint('node'); node.lb += reader.svarint('node');
      node.lc += reader.svarint('node'); node.ld += reader.svarint('node');
    }
    if (fields & Field.alpha) node.ownAlpha = reader.u8('node');
    if (fields & Field.backgroundColor) {
      const r = reader.u8('node'), g = reader.u8('node'), b = reader.u8('node'), a = reader.u8('node');
      node.background = cssColor(r, g, b, a);
      node.backgroundAlpha = a;
    }
    if (fields & Field.textColor) {
      const r = reader.u8('node'), g = reader.u8('node'), b = reader.u8('node'), a = reader.u8('node');
      node.textColor = cssColor(r, g, b, a);
    }
    if (fields & Field.shape) {
      node.cornerRadius = reader.varint('node') / LENGTH_STEPS;
      const clip = reader.u8('node');
      if (clip > 1) throw new ProtocolError(`clip flag ${clip}`);
      node.clipsToBounds = clip === 1;
    }
    if (fields & Field.name) node.name = reader.string('node');
    if (fields & Field.text) {
      const lengthPlusOne = reader.varint('node');
      node.text = lengthPlusOne === 0 ? null : reader.utf8(lengthPlusOne - 1, 'node');
    }
    if (fields & Field.fontSize) node.fontSize = reader.f32('node');
    if (fields & Field.shadow) {
      const r = reader.u8('node'), g = reader.u8('node'), b = reader.u8('node'), a = reader.u8('node');
      node.shadowOpacity = reader.f32('node');
      node.shadowRadius = reader.f32('node');
      node.shadowX = reader.f32('node');
      node.shadowY = reader.f32('node');
      node.shadowColor = node.shadowOpacity > 0 && a > 0 ? cssColor(r, g, b, a * node.shadowOpacity) : null;
    }
    if (fields & Field.border) {
      node.borderWidth = reader.f32('node');
      const r = reader.u8('node'), g = reader.u8('node'), b = reader.u8('node'), a = reader.u8('node');
      node.borderColor = node.borderWidth > 0 && a > 0 ? cssColor(r, g, b, a) : null;
    }
    if (fields & Field.glyph) node.glyph = reader.string('node') || null;
    if (fields & Field.fontWeight) {
      const weight = reader.u8('node');
      if (weight < 1 || weight > 9) throw new ProtocolError(`font weight ${weight} is not 1…9`);
      node.fontWeight = weight * 100;
    }
    if (fields & (Field.fontSize | Field.fontWeight)) node.font = `${node.fontWeight} ${node.fontSize}px ${FONT_STACK}`;
    if (fields & Field.textLayout) {
      const alignment = reader.u8('node');
      if (alignment >= TEXT_ALIGNMENTS.length) throw new ProtocolError(`text alignment ${alignment}`);
      node.textAlign = TEXT_ALIGNMENTS[alignment];
      node.numberOfLines = reader.u8('node');
    }
    if (fields & Field.corners) {
      const corners = reader.u8('node');
      if (corners > ALL_CORNERS) throw new ProtocolError(`corners ${corners}`);
      node.corners = corners;
    }
  }
}
