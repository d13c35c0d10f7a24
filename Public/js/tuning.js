// Live timing tuning: lists every animation call the scene has run — curve blocks
// (UIView.animate(withDuration:delay:options:animations:)), keyframe blocks, spring blocks and
// property animators, the stock push and pop's spring among them — each named by the views and
// properties its last run animated, with its curve plotted (a spring also in its iOS 17
// (duration, bounce) and physical (mass, stiffness, damping) forms); lets a value be edited or
// reset (the server validates it, runs that animation with it from its next run on and retimes
// it where it runs now; the transition on screen is then replayed from its start through the
// scrub bar), and copies the UIKit call the server gives, which runs that motion exactly.
// Messages: tune-animation, reset-animation and list-animations out, animations in (docs/protocol.md).

import { MessageType, TIMING_CURVES, VERSION } from './protocol.js';

const TUNE_MESSAGE_SIZE = 28;
const PLOT_WIDTH = 240;
const PLOT_HEIGHT = 72;
/** The plot's value range: springs overshoot, so room above 1 and a little below 0. */
const PLOT_TOP = 1.6;
const PLOT_BOTTOM = -0.2;
/** The curves a curve entry may be switched to (a custom cubic keeps its own points). */
const NAMED_CURVES = ['easeInOut', 'easeIn', 'easeOut', 'linear'];
/** UIKit's (Core Animation's) control points of the named curves. */
export const CURVE_POINTS = Object.freeze({
  easeInOut: [0.42, 0, 0.58, 1], easeIn: [0.42, 0, 1, 1], easeOut: [0, 0, 0.58, 1], linear: [0, 0, 1, 1],
});
const KIND_TITLES = {
  curveBlock: 'curve', keyframeBlock: 'keyframes', springBlock: 'spring', curveAnimator: 'animator curve',
  springAnimator: 'animator spring', physicalSpringAnimator: 'animator spring (mass, stiffness, damping)',
};
/** Reset animation's index for every entry at once (docs/protocol.md). */
export const EVERY_ANIMATION = 255;
const isSpring = (kind) => kind === 'springBlock' || kind === 'springAnimator' || kind === 'physicalSpringAnimator';
const isCurve = (kind) => kind === 'curveBlock' || kind === 'curveAnimator';
/** Whether the entry runs other values than the scene's (the server's calls differ exactly then). */
const isTuned = (entry) => entry.currentCall !== entry.originalCall;

export function encodeListAnimations() {
  return new Uint8Array([VERSION, MessageType.listAnimations]).buffer;
}

/** Reset-animation (27): the entry at `index`, or every entry (EVERY_ANIMATION). */
export function encodeResetAnimation(index) {
  return new Uint8Array([VERSION, MessageType.resetAnimation, index]).buffer;
}

/** Tune-animation (22): index, curve code, duration, damping ratio, velocity (0 where the kind has none). */
export function encodeTuneAnimation(index, { duration, curve = 'easeInOut', dampingRatio = 0, initialVelocity = 0 }) {
  const view = new DataView(new ArrayBuffer(TUNE_MESSAGE_SIZE));
  view.setUint8(0, VERSION);
  view.setUint8(1, MessageType.tuneAnimation);
  view.setUint8(2, index);
  view.setUint8(3, TIMING_CURVES.indexOf(curve));
  view.setFloat64(4, duration, true);
  view.setFloat64(12, dampingRatio, true);
  view.setFloat64(20, initialVelocity, true);
  return view.buffer;
}

/** The edit a kind takes from a timing: springs' damping (and the block's velocity), curves' curve. */
function editOf(kind, timing) {
  if (isSpring(kind)) {
    return { duration: timing.duration, dampingRatio: timing.dampingRatio,
      initialVelocity: kind === 'springBlock' ? timing.initialVelocity : 0 };
  }
  if (isCurve(kind)) return { duration: timing.duration, curve: timing.curve };
  return { duration: timing.duration };
}

/** Progress 0 → 1 of a mass-1 spring with ω and ζ ≤ 1 at time t: Motion's SpringTiming.value. */
export function springValue(t, omega, zeta, velocity) {
  if (zeta < 1) {
    const wd = omega * Math.sqrt(1 - zeta * zeta);
    return 1 + Math.exp(-zeta * omega * t) * (-Math.cos(wd * t) + ((velocity - zeta * omega) / wd) * Math.sin(wd * t));
  }
  return 1 + Math.exp(-omega * t) * (-1 + (velocity - omega) * t);
}

/** A cubic Bézier from (0,0) to (1,1) at parameter s: B(s) = 3(1−s)²s·P1 + 3(1−s)s²·P2 + s³. */
export function bezierPoint(s, [x1, y1, x2, y2]) {
  const a = 3 * (1 - s) * (1 - s) * s;
  const b = 3 * (1 - s) * s * s;
  const c = s * s * s;
  return { x: a * x1 + b * x2 + c, y: a * y1 + b * y2 + c };
}

/** The exact other forms of a spring with ω and ζ at `mass` (1 unless the scene gave one): iOS
 * 17's perceptual duration 2π/ω and bounce 1 − ζ; stiffness mω², damping 2ζωm. */
export function springForms(omega, zeta, mass = 1) {
  return {
    perceptualDuration: 2 * Math.PI / omega, bounce: 1 - zeta, mass, stiffness: mass * omega * omega,
    damping: 2 * zeta * omega * mass,
  };
}

/** Each kind's number fields: [key, label, step]. */
function numberFields(kind) {
  const fields = [['duration', 'duration s', 0.05]];
  if (isSpring(kind)) fields.push(['dampingRatio', 'damping ζ', 0.05]);
  if (kind === 'springBlock') fields.push(['initialVelocity', 'velocity', 0.1]);
  return fields;
}

export class TuningPanel {
  /**
   * @param {HTMLElement} root where the panel goes (the body)
   * @param {(buffer: ArrayBuffer) => void} send
   * @param {() => boolean} replay plays the transition on screen again from its start; false when
   *        there is none
   */
  constructor(root, send, replay) {
    this.send = send;
    this.replay = replay;
    this.panel = document.createElement('section');
    this.panel.id = 'tuning';
    this.panel.hidden = true;
    this.panel.setAttribute('aria-label', 'Animation timing');
    root.append(this.panel);
    this.entries = [];
    this.render();
  }

  get visible() { return !this.panel.hidden; }

  /** Shows or hides the panel; showing asks the server for the list. Returns the new state. */
  toggle() {
    this.panel.hidden = !this.panel.hidden;
    if (this.visible) this.send(encodeListAnimations());
    return this.visible;
  }

  /** A new connection is a new session, which has run no animation yet: ask again if it shows. */
  connectionOpened() {
    this.entries = [];
    this.render();
    if (this.visible) this.send(encodeListAnimations());
  }

  /** A transition ended: the scene may have run new animations. */
  transitionEnded() {
    if (this.visible) this.send(encodeListAnimations());
  }

  /** The animations message arrived: every animation call the scene has run. */
  animationsReceived(message) {
    this.entries = message.entries;
    this.render();
  }

  render() {
    const heading = document.createElement('h2');
    heading.textContent = 'Timing';
    const note = document.createElement('p');
    note.className = 'tuning-note';
    note.textContent = this.entries.length === 0
      ? 'No animation has run in this scene yet: run a transition.'
      : 'An edit replays the transition on screen with it; otherwise it applies from the next run.';
    const parts = [heading, note];
    if (this.entries.some(isTuned)) {
      const resetAll = document.createElement('button');
      resetAll.type = 'button';
      resetAll.className = 'tuning-reset-all';
      resetAll.textContent = 'Reset all';
      resetAll.addEventListener('click', () => this.reset(EVERY_ANIMATION));
      parts.push(resetAll);
    }
    this.panel.replaceChildren(...parts, ...this.entries.map((entry, index) => this.row(entry, index)));
  }

  /** Puts the entry at `index` (or every one) back to the scene's values, then replays. */
  reset(index) {
    this.send(encodeResetAnimation(index));
    this.replay();
  }

  /** Sends the entry's edit with `change` applied, then replays the transition on screen. */
  tune(index, entry, change) {
    this.send(encodeTuneAnimation(index, { ...editOf(entry.kind, entry.current), ...change }));
    this.replay();
  }

  row(entry, index) {
    const { kind, current, original } = entry;
    const row = document.createElement('div');
    // `.spring` for the spring kinds, `.curve` and `.keyframes` for the others: the CSS and tests' hooks.
    row.className = isSpring(kind) ? 'spring' : isCurve(kind) ? 'curve' : 'keyframes';
    row.dataset.index = String(index);
    row.dataset.kind = kind;
    const title = document.createElement('p');
    title.className = 'spring-title';
    title.textContent = entry.label || 'no view animated';
    const subtitle = document.createElement('p');
    subtitle.className = 'spring-forms tuning-kind';
    subtitle.textContent = `${KIND_TITLES[kind]}${isCurve(kind) ? ` ${current.curve}` : ''}`
      + `${isTuned(entry) ? ` · tuned, was ${entry.originalCall}` : ''}`;
    const inputs = document.createElement('div');
    inputs.className = 'spring-inputs';
    for (const [key, label, step] of numberFields(kind)) {
      const field = document.createElement('label');
      const input = document.createElement('input');
      input.type = 'number';
      input.step = String(step);
      input.value = String(current[key]);
      input.dataset.field = key;
      input.addEventListener('change', () => this.tune(index, entry, { [key]: Number(input.value) }));
      field.append(label, input);
      inputs.append(field);
    }
    if (isCurve(kind)) inputs.append(this.curvePicker(index, entry));
    const parts = [title, subtitle, inputs, this.plot(kind, current)];
    if (isSpring(kind)) {
      const forms = springForms(current.angularFrequency, current.dampingRatio,
        kind === 'physicalSpringAnimator' ? current.mass : 1);
      const derived = document.createElement('p');
      derived.className = 'spring-forms';
      derived.textContent = `iOS 17: duration ${forms.perceptualDuration.toFixed(3)} s, bounce ${forms.bounce.toFixed(3)} · `
        + `mass ${forms.mass}, stiffness ${forms.stiffness.toFixed(1)}, damping ${forms.damping.toFixed(2)}`;
      parts.push(derived);
    } else if (kind === 'keyframeBlock') {
      const note = document.createElement('p');
      note.className = 'spring-forms';
      note.textContent = 'Each keyframe paces itself: only the whole duration is tuned here.';
      parts.push(note);
    }
    const code = document.createElement('code');
    code.textContent = entry.currentCall;
    const copy = document.createElement('button');
    copy.type = 'button';
    copy.textContent = 'Copy as Swift';
    copy.addEventListener('click', () => {
      navigator.clipboard?.writeText(code.textContent).catch(() => {});
      copy.textContent = 'Copied';
    });
    row.append(...parts, code, copy);
    if (isTuned(entry)) {
      const reset = document.createElement('button');
      reset.type = 'button';
      reset.className = 'tuning-reset';
      reset.textContent = 'Reset';
      reset.addEventListener('click', () => this.reset(index));
      row.append(reset);
    }
    return row;
  }

  /** The named curves (a custom cubic is listed too, as itself, when the scene asked for one). */
  curvePicker(index, entry) {
    const field = document.createElement('label');
    const select = document.createElement('select');
    select.dataset.field = 'curve';
    const names = entry.original.curve === 'custom' ? [...NAMED_CURVES, 'custom'] : NAMED_CURVES;
    for (const name of names) {
      const option = document.createElement('option');
      option.value = name;
      option.textContent = name;
      option.selected = name === entry.current.curve;
      select.append(option);
    }
    select.addEventListener('change', () => this.tune(index, entry, { curve: select.value }));
    field.append('curve', select);
    return field;
  }

  /** Progress over the duration, with 0 and 1 marked: the spring's motion, or the cubic's
   * (control points as the server sent them), or a straight line for keyframes' overall time. */
  plot(kind, timing) {
    const canvas = document.createElement('canvas');
    const ratio = Math.max(1, Math.round(window.devicePixelRatio || 1));
    canvas.width = PLOT_WIDTH * ratio;
    canvas.height = PLOT_HEIGHT * ratio;
    canvas.style.width = `${PLOT_WIDTH}px`;
    canvas.style.height = `${PLOT_HEIGHT}px`;
    canvas.setAttribute('aria-label', 'Progress over the duration');
    const ctx = canvas.getContext('2d');
    ctx.scale(ratio, ratio);
    const y = (value) => PLOT_HEIGHT - ((value - PLOT_BOTTOM) / (PLOT_TOP - PLOT_BOTTOM)) * PLOT_HEIGHT;
    ctx.fillStyle = '#10131a';
    ctx.fillRect(0, 0, PLOT_WIDTH, PLOT_HEIGHT);
    ctx.fillStyle = '#2c3340';
    ctx.fillRect(0, Math.round(y(0)), PLOT_WIDTH, 1);
    ctx.fillRect(0, Math.round(y(1)), PLOT_WIDTH, 1);
    ctx.strokeStyle = '#ff9f0a';
    ctx.lineWidth = 1.5;
    ctx.beginPath();
    const points = isCurve(kind) ? timing.controlPoints : CURVE_POINTS.linear;
    for (let px = 0; px <= PLOT_WIDTH; px++) {
      const s = px / PLOT_WIDTH;
      let point;
      if (isSpring(kind)) {
        const t = s * timing.duration;
        point = { x: s, y: springValue(t, timing.angularFrequency, timing.dampingRatio, timing.initialVelocity) };
      } else {
        point = bezierPoint(s, points);
      }
      if (px === 0) ctx.moveTo(point.x * PLOT_WIDTH, y(point.y)); else ctx.lineTo(point.x * PLOT_WIDTH, y(point.y));
    }
    ctx.stroke();
    return canvas;
  }
}
