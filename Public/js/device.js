// On a window larger than a phone, the world is shown at a phone's logical size inside a device
// outline, centred and scaled to fit, with a device menu and a rotate button; on a phone the canvas
// stays the whole window. The server only ever sees the device's logical size, so a desktop lays
// scenes out as the phone would.
//
// What the page asks for and what it draws are apart: the page asks for the device's size (or the
// phone's window), but draws each frame at the size the frame was laid out at. UIKit turns a window
// only once the transition on screen has ended, and the server does the same, so for that moment
// the outline keeps the frames' orientation and turns with them; on a phone the old frames are drawn
// whole, scaled to fit the turned window, until the server's first frame at the new size.

// A window this small is a phone (or a phone-sized window): no outline.
import { PHONE_MEDIA } from './controls.js';

/** Logical sizes (pt = CSS px) and display corner radii of the devices offered. */
export const DEVICES = Object.freeze([
  { id: 'iphone-se', name: 'iPhone SE', width: 375, height: 667, radius: 0 },
  { id: 'iphone-15', name: 'iPhone 15', width: 393, height: 852, radius: 55 },
  { id: 'iphone-15-pro-max', name: 'iPhone 15 Pro Max', width: 430, height: 932, radius: 55 },
  { id: 'ipad', name: 'iPad', width: 820, height: 1180, radius: 18 },
]);
export const DEFAULT_DEVICE = 'iphone-15';

/** The outline's bezel, CSS px before scaling, and the room kept around it. */
const BEZEL = 14;
const MARGIN = 56;
/** Edge swipes start this close to the screen's left or right edge, pt: where the glow shows. */
export const EDGE_ZONE = 24;

/**
 * The scale that fits `size` plus its bezel into the window, leaving `MARGIN` around it; never
 * above 1, so a large window shows the device at its real logical size.
 */
export function fitScale(size, windowWidth, windowHeight) {
  const outer = { width: size.width + 2 * BEZEL, height: size.height + 2 * BEZEL };
  return Math.min(1, (windowWidth - 2 * MARGIN) / outer.width, (windowHeight - 2 * MARGIN) / outer.height);
}

/** The device's screen size in its current orientation. */
export function screenSize(device, landscape) {
  return landscape ? { width: device.height, height: device.width } : { width: device.width, height: device.height };
}

export class DeviceFrame {
  /**
   * @param {string|null} deviceId the device to show first (the URL's, checked: params.js), or null
   *   for the default
   * @param {boolean} landscape whether it starts on its side
   * @param {HTMLElement} frame the outline around the canvas
   * @param {HTMLSelectElement} picker the device menu
   * @param {HTMLButtonElement} rotate
   * @param {() => void} changed called when the screen's size changed
   */
  constructor({ deviceId = null, landscape = false, frame, canvas, picker, rotate, glow, changed }) {
    this.frame = frame;
    this.canvas = canvas;
    this.picker = picker;
    this.rotateButton = rotate;
    this.glow = glow;
    this.changed = changed;
    this.media = window.matchMedia(PHONE_MEDIA);
    this.device = DEVICES.find((d) => d.id === deviceId) ?? DEVICES.find((d) => d.id === DEFAULT_DEVICE);
    this.landscape = landscape;
    this.scale = 1;
    /** Whether this page watches a shared session: the controller's screen, in an outline. */
    this.watching = false;
    /** The logical size the frames being drawn were laid out at; null before the first. */
    this.drawn = null;
    picker.replaceChildren(...DEVICES.map((d) => new Option(d.name, d.id)));
    picker.value = this.device.id;
    picker.addEventListener('change', () => {
      this.device = DEVICES.find((d) => d.id === picker.value);
      this.syncURL();
      this.layout();
      picker.blur();
    });
    rotate.addEventListener('click', () => {
      this.landscape = !this.landscape;
      this.syncURL();
      this.layout();
    });
    this.media.addEventListener('change', () => this.layout());
    window.addEventListener('resize', () => this.layout());
    canvas.addEventListener('pointermove', (event) => this.hover(event));
    canvas.addEventListener('pointerleave', () => this.showGlow(null));
    this.layout();
  }

  /** Whether the outline is shown: the window is larger than a phone, or the page watches another's
   * screen (shown at its size, scaled to fit, on any window). */
  get isActive() { return this.watching || !this.media.matches; }

  /** The logical size this page asks the server for: the device's in its orientation, or a phone's
   * whole window. */
  get requested() {
    if (this.isActive) return screenSize(this.device, this.landscape);
    return { width: window.innerWidth, height: window.innerHeight };
  }

  /** The logical size of the screen shown: the frames', or until one comes the size asked for. */
  get screen() { return this.drawn ?? this.requested; }

  /** Whether the frames shown were laid out for another shape than the one asked for: a rotation
   * the server holds back until the transition on screen ends. */
  get isTurning() {
    const asked = this.requested;
    return this.drawn !== null && !this.watching
      && Math.abs(this.drawn.width - asked.width) + Math.abs(this.drawn.height - asked.height) >= 1;
  }

  /** A frame arrived laid out at `size`: a new size lays out again, so outline and frame turn together. */
  frameViewport(size) {
    if (this.drawn && size.width === this.drawn.width && size.height === this.drawn.height) return;
    this.drawn = { width: size.width, height: size.height };
    this.layout();
  }

  /** Watching shows the controller's screen (the frames' size) in an outline on any window. */
  watch(on) {
    if (on === this.watching) return;
    this.watching = on;
    document.body.classList.toggle('watching', on);
    this.layout();
  }

  layout() {
    const active = this.isActive;
    const size = this.screen;
    // A phone's window that turned before the frames did: the frames, whole, fitted to the window.
    const fitted = !active && this.isTurning;
    document.body.classList.toggle('device', active);
    document.body.classList.toggle('turning', fitted);
    if (!active && !fitted) {
      this.frame.style.cssText = '';
      this.canvas.style.cssText = '';
      this.scale = 1;
      this.changed();
      return;
    }
    const bezel = active ? BEZEL : 0;
    this.scale = active ? fitScale(size, window.innerWidth, window.innerHeight)
      : Math.min(window.innerWidth / size.width, window.innerHeight / size.height);
    this.frame.style.cssText = `--screen-radius: ${active ? this.device.radius : 0}px; --bezel: ${bezel}px;`
      + `transform: translate(-50%, -50%) scale(${this.scale});`;
    this.canvas.style.cssText = `width: ${size.width}px; height: ${size.height}px;`;
    this.frame.dataset.orientation = size.width > size.height ? 'landscape' : 'portrait';
    this.changed();
  }

  syncURL() {
    const url = new URL(location.href);
    url.searchParams.set('device', this.device.id);
    if (this.landscape) url.searchParams.set('orientation', 'landscape');
    else url.searchParams.delete('orientation');
    history.replaceState(null, '', url);
  }

  /** A mouse over an edge zone: the edge glows and the cursor offers to grab. */
  hover(event) {
    if (!this.isActive || event.pointerType !== 'mouse') return;
    const rect = this.canvas.getBoundingClientRect();
    const x = (event.clientX - rect.left) * this.canvas.clientWidth / rect.width;
    const edge = x <= EDGE_ZONE ? 'left' : x >= this.canvas.clientWidth - EDGE_ZONE ? 'right' : null;
    this.showGlow(edge);
  }

  showGlow(edge) {
    if (edge === (this.glow.dataset.edge || null)) return;
    if (edge) this.glow.dataset.edge = edge;
    else delete this.glow.dataset.edge;
    this.canvas.classList.toggle('grab', edge !== null);
  }
}
