// Live spring tuning: lists the spring blocks the scene has run (View.animate(…
// usingSpringWithDamping:…)), each with its curve plotted and its iOS 17 (duration, bounce) and
// physical (mass, stiffness, damping) forms, lets a value be edited (the server validates it, runs
// that animation with it from its next run on, and retimes it where it runs now when the duration
// is unchanged; the transition on screen is then replayed from its start through the scrub bar),
// and gives the Swift line to paste back.
// Messages: tune-spring and list-springs out, springs in (docs/protocol.md).

import { MessageType, VERSION } from './protocol.js';

const TUNE_MESSAGE_SIZE = 27;
const PLOT_WIDTH = 240;
const PLOT_HEIGHT = 72;
/** The plot's value range: springs overshoot, so room above 1 and a little below 0. */
const PLOT_TOP = 1.6;
const PLOT_BOTTOM = -0.2;

export function encodeListSprings() {
  return new Uint8Array([VERSION, MessageType.listSprings]).buffer;
}

export function encodeTuneSpring(index, { duration, dampingRatio, initialVelocity }) {
  const view = new DataView(new ArrayBuffer(TUNE_MESSAGE_SIZE));
  view.setUint8(0, VERSION);
  view.setUint8(1, MessageType.tuneSpring);
  view.setUint8(2, index);
  view.setFloat64(3, duration, true);
  view.setFloat64(11, dampingRatio, true);
  view.setFloat64(19, initialVelocity, true);
  return view.buffer;
}

/** Progress 0 → 1 of a mass-1 spring with ω and ζ ≤ 1 at time t: Motion's SpringTiming.value. */
export function springValue(t, omega, zeta, velocity) {
  if (zeta < 1) {
    const wd = omega * Math.sqrt(1 - zeta * zeta);
    return 1 + Math.exp(-zeta * omega * t) * (-Math.cos(wd * t) + ((velocity - zeta * omega) / wd) * Math.sin(wd * t));
  }
  return 1 + Math.exp(-omega * t) * (-1 + (velocity - omega) * t);
}

/** The exact other forms of a spring with ω and ζ (mass 1): iOS 17's perceptual duration 2π/ω
 * and bounce 1 − ζ; stiffness ω², damping 2ζω. */
export function springForms(omega, zeta) {
  return {
    perceptualDuration: 2 * Math.PI / omega, bounce: 1 - zeta, mass: 1, stiffness: omega * omega,
    damping: 2 * zeta * omega,
  };
}

export function swiftCall({ duration, dampingRatio, initialVelocity }) {
  return `View.animate(withDuration: ${duration}, delay: 0, usingSpringWithDamping: ${dampingRatio}, `
    + `initialSpringVelocity: ${initialVelocity}, options: [], animations: { … })`;
}

const FIELDS = [
  ['duration', 'duration s', 0.05],
  ['dampingRatio', 'damping ζ', 0.05],
  ['initialVelocity', 'velocity', 0.1],
];

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
    this.panel.setAttribute('aria-label', 'Spring tuning');
    root.append(this.panel);
    this.entries = [];
    this.render();
  }

  get visible() { return !this.panel.hidden; }

  /** Shows or hides the panel; showing asks the server for the list. Returns the new state. */
  toggle() {
    this.panel.hidden = !this.panel.hidden;
    if (this.visible) this.send(encodeListSprings());
    return this.visible;
  }

  /** A transition ended: the scene may have run new springs. */
  transitionEnded() {
    if (this.visible) this.send(encodeListSprings());
  }

  springsReceived(message) {
    this.entries = message.entries;
    this.render();
  }

  render() {
    const heading = document.createElement('h2');
    heading.textContent = 'Springs';
    const note = document.createElement('p');
    note.className = 'tuning-note';
    note.textContent = this.entries.length === 0
      ? 'No spring animation has run in this scene yet: run a transition.'
      : 'An edit replays the transition on screen with it; otherwise it applies from the next run.';
    this.panel.replaceChildren(heading, note, ...this.entries.map((entry, index) => this.row(entry, index)));
  }

  row(entry, index) {
    const { current, original, angularFrequency: omega } = entry;
    const row = document.createElement('div');
    row.className = 'spring';
    row.dataset.index = String(index);
    const title = document.createElement('p');
    title.className = 'spring-title';
    const tuned = ['duration', 'dampingRatio', 'initialVelocity'].some((key) => current[key] !== original[key]);
    title.textContent = `#${index} spring ${tuned ? `(was ${original.duration} s, ζ ${original.dampingRatio}, v ${original.initialVelocity})` : ''}`;
    const inputs = document.createElement('div');
    inputs.className = 'spring-inputs';
    for (const [key, label, step] of FIELDS) {
      const field = document.createElement('label');
      const input = document.createElement('input');
      input.type = 'number';
      input.step = String(step);
      input.value = String(current[key]);
      input.dataset.field = key;
      input.addEventListener('change', () => {
        const timing = { ...current, [key]: Number(input.value) };
        this.send(encodeTuneSpring(index, timing));
        this.replay();
      });
      field.append(label, input);
      inputs.append(field);
    }
    const forms = springForms(omega, current.dampingRatio);
    const derived = document.createElement('p');
    derived.className = 'spring-forms';
    derived.textContent = `iOS 17: duration ${forms.perceptualDuration.toFixed(3)} s, bounce ${forms.bounce.toFixed(3)} · `
      + `mass 1, stiffness ${forms.stiffness.toFixed(1)}, damping ${forms.damping.toFixed(2)}`;
    const code = document.createElement('code');
    code.textContent = swiftCall(current);
    const copy = document.createElement('button');
    copy.type = 'button';
    copy.textContent = 'Copy as Swift';
    copy.addEventListener('click', () => {
      navigator.clipboard?.writeText(code.textContent).catch(() => {});
      copy.textContent = 'Copied';
    });
    row.append(title, inputs, this.plot(current, omega), derived, code, copy);
    return row;
  }

  /** The spring's progress over its duration, with 0 and 1 marked. */
  plot(timing, omega) {
    const canvas = document.createElement('canvas');
    const ratio = Math.max(1, Math.round(window.devicePixelRatio || 1));
    canvas.width = PLOT_WIDTH * ratio;
    canvas.height = PLOT_HEIGHT * ratio;
    canvas.style.width = `${PLOT_WIDTH}px`;
    canvas.style.height = `${PLOT_HEIGHT}px`;
    canvas.setAttribute('aria-label', 'Spring progress over its duration');
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
    for (let px = 0; px <= PLOT_WIDTH; px++) {
      const t = (px / PLOT_WIDTH) * timing.duration;
      const value = springValue(t, omega, timing.dampingRatio, timing.initialVelocity);
      if (px === 0) ctx.moveTo(px, y(value)); else ctx.lineTo(px, y(value));
    }
    ctx.stroke();
    return canvas;
  }
}
