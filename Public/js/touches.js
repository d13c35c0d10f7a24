// Show Touches, as iOS's developer setting and the Simulator draw it: a translucent circle where a
// finger (or a pressed mouse button) is, with a short trail that fades, so people watching a
// shared screen or a projector see what the person in control does. It is drawn on a canvas of
// its own laid exactly over the scene's (style.css #touches), so it never costs the scene a redraw
// and it animates while no frame comes (a still scene sends none).
//
// The page in control draws its own pointers (input.js reports each one it sends); a watcher draws
// the controller's, which every frame it is sent carries (docs/protocol.md, frame "touches"). Both
// are in the scene's points, the canvas's CSS px, so the circle is 44 pt on the phone's screen
// whatever the device outline's scale.

/** The circle's diameter, pt: a fingertip, the size iOS makes every touch target. */
export const TOUCH_DIAMETER = 44;
/** How far back the trail reaches, ms. */
export const TRAIL_MS = 150;
/** A lifted touch fades out over this long, ms, so a tap (down and up within a frame or two) shows. */
export const LIFT_FADE_MS = 200;
/** The trail's width at the finger, as a fraction of the circle's diameter; it narrows to nothing. */
const TRAIL_WIDTH = 0.5;
/** Opacities at full strength: the circle's fill and rim, and the trail at its newest. */
const FILL = 'rgba(255, 255, 255, 0.45)';
const RIM = 'rgba(0, 0, 0, 0.3)';
const RIM_WIDTH = 1.5;
const TRAIL_ALPHA = 0.35;

export class TouchIndicator {
  /**
   * @param {HTMLCanvasElement} canvas the overlay, laid out over the scene's canvas at its CSS size
   */
  constructor(canvas) {
    this.canvas = canvas;
    this.context = canvas.getContext('2d');
    this.enabled = false;
    /** By pointer id: {samples: [{x, y, t}], liftedAt: ms or null}, samples oldest first. */
    this.touches = new Map();
    /** The watched frames' last touches array (the decoder keeps one until they change). */
    this.lastRemote = null;
    this.frameScheduled = false;
    this.tick = (now) => this.draw(now);
  }

  /** Shows or hides the indicator; hidden, it forgets every touch. */
  setEnabled(on) {
    this.enabled = on;
    this.canvas.hidden = !on;
    if (!on) this.clear();
  }

  /** Forgets every touch (a new connection, control changing hands) and clears the canvas. */
  clear() {
    this.touches.clear();
    this.lastRemote = null;
    this.schedule();
  }

  /**
   * This page's own pointer, as sent to the server.
   * @param {'down'|'move'|'up'|'cancel'} phase
   * @param {number} id the pointer id
   * @param {{x: number, y: number}} point in the scene's points
   */
  local(phase, id, point, now = performance.now()) {
    if (!this.enabled) return;
    let touch = this.touches.get(id);
    if (phase === 'down') {
      touch = { samples: [], liftedAt: null };
      this.touches.set(id, touch);
    } else if (touch === undefined || touch.liftedAt !== null) {
      return;
    }
    touch.samples.push({ x: point.x, y: point.y, t: now });
    if (phase === 'up' || phase === 'cancel') touch.liftedAt = now;
    this.schedule();
  }

  /**
   * The controller's touches, from a watched frame's header ([{id, x, y}]): a touch whose id the
   * frame no longer lists has lifted.
   */
  remote(touches, now = performance.now()) {
    if (!this.enabled || touches === this.lastRemote) return;
    this.lastRemote = touches;
    for (const { id, x, y } of touches) {
      let touch = this.touches.get(id);
      if (touch === undefined || touch.liftedAt !== null) {
        touch = { samples: [], liftedAt: null };
        this.touches.set(id, touch);
      }
      const last = touch.samples[touch.samples.length - 1];
      if (!last || last.x !== x || last.y !== y) touch.samples.push({ x, y, t: now });
    }
    for (const [id, touch] of this.touches) {
      if (touch.liftedAt === null && !touches.some((listed) => listed.id === id)) touch.liftedAt = now;
    }
    this.schedule();
  }

  /** What is shown now, for tests: per touch its id, where the circle is and its opacity (0…1). */
  shown(now = performance.now()) {
    const shown = [];
    for (const [id, touch] of this.touches) {
      const strength = this.strength(touch, now);
      if (strength <= 0) continue;
      const { x, y } = touch.samples[touch.samples.length - 1];
      shown.push({ id, x, y, alpha: strength, trail: touch.samples.filter((s) => now - s.t < TRAIL_MS).length });
    }
    return shown;
  }

  /** 1 while down, falling to 0 over LIFT_FADE_MS once lifted. */
  strength(touch, now) {
    return touch.liftedAt === null ? 1 : 1 - (now - touch.liftedAt) / LIFT_FADE_MS;
  }

  schedule() {
    if (this.frameScheduled) return;
    this.frameScheduled = true;
    requestAnimationFrame(this.tick);
  }

  /** Matches the backing store to the canvas's CSS size × dpr; returns the ratio. */
  resize() {
    const ratio = window.devicePixelRatio || 1;
    const width = Math.max(1, Math.round(this.canvas.clientWidth * ratio));
    const height = Math.max(1, Math.round(this.canvas.clientHeight * ratio));
    if (this.canvas.width !== width) this.canvas.width = width;
    if (this.canvas.height !== height) this.canvas.height = height;
    return ratio;
  }

  /** Draws every touch; asks for another frame while a trail or a fade is still moving. */
  draw(now) {
    this.frameScheduled = false;
    const ctx = this.context;
    const ratio = this.resize();
    ctx.setTransform(1, 0, 0, 1, 0, 0);
    ctx.clearRect(0, 0, this.canvas.width, this.canvas.height);
    ctx.setTransform(ratio, 0, 0, ratio, 0, 0);
    let moving = false;
    for (const [id, touch] of this.touches) {
      const strength = this.strength(touch, now);
      if (strength <= 0) {
        this.touches.delete(id);
        continue;
      }
      // Keep the trail's samples and the newest, which is where the circle is.
      const samples = touch.samples;
      let first = 0;
      while (first < samples.length - 1 && now - samples[first].t >= TRAIL_MS) first += 1;
      if (first > 0) samples.splice(0, first);
      if (samples.length > 1 || touch.liftedAt !== null) moving = true;
      this.drawTrail(samples, strength, now);
      this.drawCircle(samples[samples.length - 1], strength);
    }
    if (moving) this.schedule();
  }

  /** Segments between successive samples, narrower and fainter the older they are. */
  drawTrail(samples, strength, now) {
    const ctx = this.context;
    ctx.lineCap = 'round';
    for (let index = 1; index < samples.length; index++) {
      const from = samples[index - 1], to = samples[index];
      const freshness = 1 - Math.min(1, (now - to.t) / TRAIL_MS);
      if (freshness <= 0) continue;
      ctx.strokeStyle = `rgba(255, 255, 255, ${(TRAIL_ALPHA * freshness * strength).toFixed(3)})`;
      ctx.lineWidth = TOUCH_DIAMETER * TRAIL_WIDTH * freshness;
      ctx.beginPath();
      ctx.moveTo(from.x, from.y);
      ctx.lineTo(to.x, to.y);
      ctx.stroke();
    }
  }

  drawCircle({ x, y }, strength) {
    const ctx = this.context;
    ctx.globalAlpha = strength;
    ctx.beginPath();
    ctx.arc(x, y, TOUCH_DIAMETER / 2, 0, 2 * Math.PI);
    ctx.fillStyle = FILL;
    ctx.fill();
    ctx.lineWidth = RIM_WIDTH;
    ctx.strokeStyle = RIM;
    ctx.stroke();
    ctx.globalAlpha = 1;
  }
}
