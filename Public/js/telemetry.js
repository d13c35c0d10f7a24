// The live overlay: client frame interval and fps, server build time, bytes per frame, round
// trip, pointer-to-frame latency, and the transition's operation, phase and progress.
// O(1) per frame; the text refreshes at most ten times a second so it stays readable.

import { createGraph } from './graph.js';

const TEXT_REFRESH_MS = 100;
/** A gap between drawn frames longer than this is the scene sitting idle (the server sends
 * frames only when something changes), not a slow frame: it starts a new run of measurements. */
const IDLE_GAP_MS = 100;
/** Weight of the newest sample in the smoothed values (an exponential moving average). */
const SMOOTHING = 0.1;
/** Pointer sends remembered for latency; older unanswered inputs are dropped from the ring. */
const LATENCY_RING = 1024;

const PHASE_COLORS = {
  animating: '#5ac8fa',
  interactive: '#ff9f0a',
  finishing: '#30d158',
  cancelling: '#ff453a',
};

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
  constructor(root) {
    this.root = root;
    this.fields = {};
    for (const element of root.querySelectorAll('[data-stat]')) this.fields[element.dataset.stat] = element;
    this.frameGraph = createGraph(root.querySelector('#telemetry-frame-graph'), {
      max: 50,
      guides: [{ value: 1000 / 60, color: '#ffd60a' }, { value: 1000 / 120, color: '#30d158' }],
    });
    this.progressGraph = createGraph(root.querySelector('#telemetry-progress-graph'), {
      max: 1,
      guides: [{ value: 0.5, color: '#2c3340' }],
    });
    this.latency = new InputLatency();
    this.lastDrawAt = 0;
    this.lastTextAt = 0;
    this.textTimer = 0;
    /** The latest numbers, for people and for browser tests (window.segue.stats). */
    this.stats = {
      frameIntervalMs: 0, fps: 0, serverBuildMs: 0, bytesPerFrame: 0, rttMs: null,
      inputLatencyMs: null, operation: null, phase: null, progress: null, isInteractive: false,
      slowAnimations: false, frameSequence: 0, droppedFrames: 0, serverFps: null, framesDrawn: 0,
    };
  }

  get visible() { return !this.root.hidden; }
  toggle() {
    this.root.hidden = !this.root.hidden;
    if (this.visible) this.refreshText();
  }

  inputSent(sequence, time) {
    this.latency.sent(sequence, time);
  }

  frameReceived(frame, now) {
    const { header } = frame;
    const stats = this.stats;
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
    this.progressGraph.dot(stats.progress, PHASE_COLORS[stats.phase] ?? '#ffffff');
  }

  frameDrawn(now) {
    const stats = this.stats;
    stats.framesDrawn += 1;
    const interval = now - this.lastDrawAt;
    if (this.lastDrawAt !== 0 && interval <= IDLE_GAP_MS) {
      stats.frameIntervalMs = interval;
      const smoothed = stats.fps > 0 ? 1000 / stats.fps : interval;
      stats.fps = 1000 / (smoothed + SMOOTHING * (interval - smoothed));
      const color = interval > 1000 / 60 + 1 ? '#ff453a' : '#5ac8fa';
      this.frameGraph.bar(interval, color);
    }
    this.lastDrawAt = now;
    this.scheduleText(now);
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
    this.set('fps', `${s.fps.toFixed(0)} fps${s.serverFps ? ` / ${s.serverFps}` : ''}`);
    this.set('frame', ms(s.frameIntervalMs));
    this.set('build', ms(s.serverBuildMs));
    this.set('bytes', `${s.bytesPerFrame} B`);
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
