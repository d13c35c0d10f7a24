// The live overlay: the page's own work per frame (decode + draw) against the 16.7 / 8.3 ms
// budgets, fps, server build time, bytes per frame, round trip, pointer-to-frame latency, and the
// transition's operation, phase and progress, and the last release reading (what decided a lifted
// finger's finish or cancel). Both graphs advance with time, one column every SAMPLE_MS, so a pause
// in the stream shows as "idle" (or, while a transition is held still, "held") columns rather than
// as a slow frame.
// O(1) per frame; the text refreshes at most ten times a second so it stays readable.

import { createGraph } from './graph.js';

const TEXT_REFRESH_MS = 100;
/** One graph column per this many ms: 190 columns hold 9.5 s. */
const SAMPLE_MS = 50;
/** The work graph's top, ms: twice the 60 Hz budget. */
const WORK_GRAPH_MAX_MS = 33.3;
const BUDGET_60_MS = 1000 / 60;
const BUDGET_120_MS = 1000 / 120;
const IDLE_COLOR = '#3a4150';
/** A column with no frame while the transition is held still (phase interactive): a finger that
 * does not move, or the scrub bar's pause. */
const HELD_COLOR = '#7a5316';
/** A gap between drawn frames longer than this is the scene sitting idle (the server sends
 * frames only when something changes), not a slow frame: it starts a new run of measurements. */
const IDLE_GAP_MS = 100;
/** Weight of the newest sample in the smoothed values (an exponential moving average). */
const SMOOTHING = 0.1;
/** Pointer sends remembered for latency; older unanswered inputs are dropped from the ring. */
const LATENCY_RING = 1024;
/** How long a release reading stays highlighted, ms; then it is dimmed and kept until the next. */
const RELEASE_FRESH_MS = 4000;

const PHASE_COLORS = {
  animating: '#5ac8fa',
  interactive: '#ff9f0a',
  finishing: '#30d158',
  cancelling: '#ff453a',
};
/** A release's decision in the colour of the phase it starts. */
const DECISION_COLORS = { finish: PHASE_COLORS.finishing, cancel: PHASE_COLORS.cancelling };

/**
 * A release reading as the overlay's row shows it: "finish · 0.42 → 0.81 vs 0.5 · 1240 pt/s" (the
 * progress at the lift → where the momentum would carry it, against the threshold the interaction
 * decides by, and the velocity along the drag's axis). A threshold the interaction does not make
 * known reads "scene's own"; an unknown projection or velocity (a finger lifted without moving) is
 * left out.
 * @param {{decision: 'finish'|'cancel', progress: number, velocity: number|null,
 *          projectedProgress: number|null, threshold: number|null}} reading
 */
export function formatRelease({ decision, progress, velocity, projectedProgress, threshold }) {
  const projected = projectedProgress === null ? '' : ` → ${projectedProgress.toFixed(2)}`;
  // A threshold is a constant the scene chose: written as it is (0.5, 0.35), not padded.
  const against = threshold === null ? 'scene\'s own' : String(Number(threshold.toFixed(2)));
  // A row too long for the panel wraps at a " · ", never inside a part (no-break spaces there).
  const parts = [decision, `${progress.toFixed(2)}${projected} vs ${against}`];
  if (velocity !== null) parts.push(`${Math.round(velocity)} pt/s`);
  return parts.map((part) => part.replaceAll(' ', '\u00a0')).join(' · ');
}

/** Matches input sequence numbers to the first frame that reflects them. */
class InputLatency {
  // Sequence numbers start at 1, so 0 means "nothing pending".
  constructor() {
    this.sentAt = new Float64Array(LATENCY_RING);
    this.oldestPending = 0;
    this.newest = 0;
  }

  sent(sequence, time) {
    this.sentAt[sequence % LATENCY_RING] = time;
    if (this.oldestPending === 0) {
      this.oldestPending = sequence;
    } else if (sequence - this.oldestPending >= LATENCY_RING) {
      this.oldestPending = sequence - LATENCY_RING + 1;
    }
    this.newest = sequence;
  }

  /** Latency of the oldest input this frame is the first to reflect, or null if none. */
  reflected(inputSequence, now) {
    if (this.oldestPending === 0 || inputSequence < this.oldestPending) return null;
    const latency = now - this.sentAt[this.oldestPending % LATENCY_RING];
    this.oldestPending = inputSequence >= this.newest ? 0 : inputSequence + 1;
    return latency;
  }
}

export class Telemetry {
  /** @param {{visible: boolean}} options whether the overlay shows at first */
  constructor(root, { visible }) {
    this.root = root;
    this.root.hidden = !visible;
    this.fields = {};
    for (const element of root.querySelectorAll('[data-stat]')) this.fields[element.dataset.stat] = element;
    const frameCanvas = root.querySelector('#telemetry-frame-graph');
    this.frameGraph = createGraph(frameCanvas, {
      max: WORK_GRAPH_MAX_MS,
      guides: [{ value: BUDGET_60_MS, color: '#ffd60a' }, { value: BUDGET_120_MS, color: '#30d158' }],
    });
    frameCanvas.setAttribute('aria-label', 'Page work per frame (decode + draw), ms, over the last 9.5 s');
    frameCanvas.after(legend([
      ['axis', `0–${WORK_GRAPH_MAX_MS.toFixed(0)} ms, 9.5 s`], ['#5ac8fa', 'decode+draw'],
      ['#ffd60a', '16.7'], ['#30d158', '8.3'], [IDLE_COLOR, 'idle'], [HELD_COLOR, 'held'],
    ]));
    const progressCanvas = root.querySelector('#telemetry-progress-graph');
    this.progressGraph = createGraph(progressCanvas, {
      max: 1,
      guides: [{ value: 0.5, color: '#2c3340' }],
    });
    progressCanvas.after(legend([
      ['axis', 'progress 0–1'], ...Object.entries(PHASE_COLORS).map(([phase, color]) => [color, phase]),
    ]));
    this.latency = new InputLatency();
    /** When the last release reading arrived (performance.now()), for its highlight. */
    this.releaseAt = 0;
    this.lastDrawAt = 0;
    this.lastTextAt = 0;
    this.textTimer = 0;
    /** Decode time of the frame waiting to be drawn, and the most work any frame drawn since the
     * last graph column took (null: none drawn). */
    this.pendingDecodeMs = 0;
    this.columnWorkMs = null;
    /** The latest numbers, for people and for browser tests (window.segue.stats). No frame has
     * been drawn for IDLE_GAP_MS, because nothing changed (the server sends nothing then): `holding`
     * while the last frame's transition is held still (phase interactive: a finger that does not
     * move, the scrub bar's pause), else `idle`. `release`: the last release reading, or null. */
    this.stats = {
      frameIntervalMs: null, fps: null, decodeMs: null, drawMs: null, workMs: null, idle: true, holding: false,
      serverBuildMs: null, bytesPerFrame: null, rttMs: null,
      inputLatencyMs: null, operation: null, phase: null, progress: null, isInteractive: false,
      slowAnimations: false, frameSequence: 0, droppedFrames: 0, serverFps: null, framesDrawn: 0,
      release: null,
    };
    setInterval(() => this.sample(performance.now()), SAMPLE_MS);
  }

  get visible() { return !this.root.hidden; }
  toggle() {
    this.root.hidden = !this.root.hidden;
    if (this.visible) this.refreshText();
  }

  inputSent(sequence, time) {
    this.latency.sent(sequence, time);
  }

  /** A frame arrived and took `decodeMs` to decode. */
  frameReceived(frame, now, decodeMs) {
    const { header } = frame;
    const stats = this.stats;
    this.pendingDecodeMs += decodeMs;
    if (stats.frameSequence !== 0 && header.sequence > stats.frameSequence + 1) {
      stats.droppedFrames += header.sequence - stats.frameSequence - 1;
    }
    stats.frameSequence = header.sequence;
    stats.serverBuildMs = header.buildDuration * 1000;
    stats.bytesPerFrame = frame.byteCount;
    stats.operation = header.operation;
    stats.phase = header.phase;
    stats.progress = header.operation ? header.progress : null;
    stats.isInteractive = header.isInteractive;
    stats.slowAnimations = header.slowAnimations;
    const latency = this.latency.reflected(header.inputSequence, now);
    if (latency !== null) stats.inputLatencyMs = latency;
  }

  /** A frame was drawn, taking `drawMs`; with the decode time of the frames it shows, that is
   * the page's work for it. */
  frameDrawn(now, drawMs) {
    const stats = this.stats;
    stats.framesDrawn += 1;
    stats.decodeMs = this.pendingDecodeMs;
    stats.drawMs = drawMs;
    stats.workMs = this.pendingDecodeMs + drawMs;
    this.pendingDecodeMs = 0;
    this.columnWorkMs = Math.max(this.columnWorkMs ?? 0, stats.workMs);
    const interval = now - this.lastDrawAt;
    if (this.lastDrawAt !== 0 && interval <= IDLE_GAP_MS) {
      stats.frameIntervalMs = interval;
      const smoothed = stats.fps ? 1000 / stats.fps : interval;
      stats.fps = 1000 / (smoothed + SMOOTHING * (interval - smoothed));
    }
    stats.idle = false;
    stats.holding = false;
    this.lastDrawAt = now;
    this.scheduleText(now);
  }

  /** One graph column: the most work a frame drawn in it took, or an idle (held) mark when none
   * was drawn; the transition's progress at this moment. */
  sample(now) {
    const stats = this.stats;
    const held = stats.phase === 'interactive';
    if (this.columnWorkMs === null) {
      this.frameGraph.bar(0.6, held ? HELD_COLOR : IDLE_COLOR);
    } else {
      const work = this.columnWorkMs;
      const color = work > BUDGET_60_MS ? '#ff453a' : work > BUDGET_120_MS ? '#ffd60a' : '#5ac8fa';
      this.frameGraph.bar(Math.max(work, 0.6), color);
    }
    this.columnWorkMs = null;
    this.progressGraph.dot(stats.progress, PHASE_COLORS[stats.phase] ?? '#ffffff');
    const quiet = this.lastDrawAt === 0 || now - this.lastDrawAt > IDLE_GAP_MS;
    const idle = quiet && !held, holding = quiet && held;
    if (idle !== stats.idle || holding !== stats.holding) {
      stats.idle = idle;
      stats.holding = holding;
      this.scheduleText(now);
    }
    this.showRelease(now);
  }

  /** A release reading arrived: the finger lifted and the interaction decided to finish or cancel. */
  releaseReceived(reading, now) {
    this.stats.release = reading;
    this.releaseAt = now;
    this.progressGraph.mark(reading.progress, DECISION_COLORS[reading.decision]);
    this.set('release', formatRelease(reading));
    this.showRelease(now);
  }

  /** The release row in its decision's colour for RELEASE_FRESH_MS after it came, then dimmed. */
  showRelease(now) {
    const reading = this.stats.release;
    if (reading === null) return;
    const shown = now - this.releaseAt < RELEASE_FRESH_MS ? reading.decision : 'dimmed';
    if (this.root.dataset.release !== shown) this.root.dataset.release = shown;
  }

  pong(rttMs) {
    this.stats.rttMs = rttMs;
    this.scheduleText(performance.now());
  }

  /** Refreshes the text at most every TEXT_REFRESH_MS, and always once after the last change:
   * the final frame of a transition must not be left unshown. */
  scheduleText(now) {
    if (now - this.lastTextAt >= TEXT_REFRESH_MS) {
      clearTimeout(this.textTimer);
      this.textTimer = 0;
      this.lastTextAt = now;
      this.refreshText();
    } else if (this.textTimer === 0) {
      this.textTimer = setTimeout(() => {
        this.textTimer = 0;
        this.lastTextAt = performance.now();
        this.refreshText();
      }, TEXT_REFRESH_MS - (now - this.lastTextAt));
    }
  }

  hello(message) {
    this.stats.serverFps = message.framesPerSecond;
  }

  refreshText() {
    if (!this.visible) return;
    const s = this.stats;
    const ms = (value) => (value === null ? '–' : `${value.toFixed(1)} ms`);
    // Per-frame figures while frames flow; once none has come for IDLE_GAP_MS (nothing changed),
    // "holding" while the transition is held still, else "idle": never a zero or the last busy
    // value left standing.
    const live = (text) => (s.framesDrawn === 0 || s.workMs === null ? '–'
      : s.holding ? 'holding' : s.idle ? 'idle' : text());
    // The rate needs two frames less than IDLE_GAP_MS apart: until then it is unknown, not zero.
    this.set('fps', live(() => (s.fps === null ? '–' : `${s.fps.toFixed(0)} fps${s.serverFps ? ` / ${s.serverFps}` : ''}`)));
    this.set('frame', live(() => `${ms(s.workMs)} (${s.decodeMs.toFixed(1)}+${s.drawMs.toFixed(1)})`));
    this.set('build', live(() => ms(s.serverBuildMs)));
    this.set('bytes', live(() => `${s.bytesPerFrame} B`));
    this.set('rtt', ms(s.rttMs));
    this.set('latency', ms(s.inputLatencyMs));
    this.set('transition', s.operation ? `${s.operation} · ${s.phase}` : 'none');
    this.set('progress', s.progress === null ? '–' : s.progress.toFixed(3));
    this.set('slow', s.slowAnimations ? 'slow ×10' : 'normal');
  }

  set(name, text) {
    const element = this.fields[name];
    if (element && element.textContent !== text) element.textContent = text;
  }
}

/** A one-line legend under a graph: [color, label] pairs; 'axis' labels the axes in text. */
function legend(entries) {
  const line = document.createElement('p');
  line.className = 'graph-legend';
  for (const [color, label] of entries) {
    const item = document.createElement('span');
    if (color !== 'axis') {
      const swatch = document.createElement('i');
      swatch.style.background = color;
      item.append(swatch);
    }
    item.append(label);
    line.append(item);
  }
  return line;
}
