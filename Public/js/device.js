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

/** Logical sizes (pt = CSS px) and display corner radii of the devices offered; which have a
 * Dynamic Island over the top of the screen, and which a home button in a chin below it (with a
 * forehead as deep above: the outline's bezel is that much deeper at both ends). */
export const DEVICES = Object.freeze([
  { id: 'iphone-se', name: 'iPhone SE', width: 375, height: 667, radius: 0, homeButton: true },
  { id: 'iphone-15', name: 'iPhone 15', width: 393, height: 852, radius: 55, island: true },
  { id: 'iphone-15-pro-max', name: 'iPhone 15 Pro Max', width: 430, height: 932, radius: 55, island: true },
  { id: 'ipad', name: 'iPad', width: 820, height: 1180, radius: 18 },
]);
export const DEFAULT_DEVICE = 'iphone-15';

/** The outline's bezel, CSS px before scaling, and the room kept around it. */
const BEZEL = 14;
/** A home-button phone's forehead and chin beyond the bezel, CSS px before scaling: the SE's
 * 64-pt-deep ends, the home button centred in the chin. */
const CHIN = 50;
const MARGIN = 56;
/** Edge swipes start this close to the screen's left or right edge, pt: where the glow shows. */
export const EDGE_ZONE = 24;

/** Room kept between the outline and the page's controls beside it, CSS px. */
const GAP = 12;

/**
 * Where the outline of a screen of `size` goes in `region` ({left, top, right, bottom}, window CSS
 * px): centred, scaled to fit with its bezel, never above 1, so a large window shows the device at
 * its real logical size. Returns its centre, scale and the rectangle it covers.
 */
export function fitOutline(size, region, bezel = { x: BEZEL, y: BEZEL }) {
  const outer = { width: size.width + 2 * bezel.x, height: size.height + 2 * bezel.y };
  const scale = Math.min(1, (region.right - region.left) / outer.width, (region.bottom - region.top) / outer.height);
  const x = (region.left + region.right) / 2, y = (region.top + region.bottom) / 2;
  const half = { width: outer.width * scale / 2, height: outer.height * scale / 2 };
  return { x, y, scale, rect: { left: x - half.width, top: y - half.height, right: x + half.width, bottom: y + half.height } };
}

function intersects(a, b) {
  return a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom;
}

/**
 * The outline's place: centred in the window (less `MARGIN`) when that covers none of the page's
 * controls; else below the controls along the top (the toolbar, the dock, the scrub bar); else also
 * left of the panel at the right (the stats overlay). `controls` gives {top: the rects along the
 * top, side: the rects at the right}, each a DOMRect of a shown element.
 */
export function placeOutline(size, windowWidth, windowHeight, controls, bezel) {
  const obstacles = [...controls.top, ...controls.side];
  const whole = { left: MARGIN, top: MARGIN, right: windowWidth - MARGIN, bottom: windowHeight - MARGIN };
  const below = { ...whole, top: Math.max(MARGIN, ...controls.top.map((r) => r.bottom + GAP)) };
  const beside = { ...below, right: Math.min(whole.right, ...controls.side.map((r) => r.left - GAP)) };
  const places = [whole, below, beside].map((region) => fitOutline(size, region, bezel));
  return places.find((place) => !obstacles.some((rect) => intersects(place.rect, rect))) ?? places[places.length - 1];
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
  /**
   * @param {() => {top: DOMRect[], side: DOMRect[]}} controls the page's controls shown along the
   *   top and at the right, which the outline keeps clear of (placeOutline)
   */
  constructor({ deviceId = null, landscape = false, frame, canvas, picker, rotate, glow, controls, changed }) {
    this.frame = frame;
    this.canvas = canvas;
    this.picker = picker;
    this.rotateButton = rotate;
    this.glow = glow;
    this.controls = controls;
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
    // A watcher's outline is the controller's screen, of no device this page knows: a plain one.
    const device = active && !this.watching ? this.device : null;
    const landscape = size.width > size.height;
    const chin = device?.homeButton ? CHIN : 0;
    const bezel = active ? { x: BEZEL + (landscape ? chin : 0), y: BEZEL + (landscape ? 0 : chin) } : { x: 0, y: 0 };
    const place = active ? placeOutline(size, window.innerWidth, window.innerHeight, this.controls(), bezel)
      : { x: window.innerWidth / 2, y: window.innerHeight / 2,
          scale: Math.min(window.innerWidth / size.width, window.innerHeight / size.height) };
    this.scale = place.scale;
    const radius = active ? (device?.radius ?? 0) : 0;
    this.frame.style.cssText = `--screen-radius: ${radius}px; --bezel-x: ${bezel.x}px; --bezel-y: ${bezel.y}px;`
      + `--outer-radius: ${chin ? 3 * BEZEL : radius + BEZEL}px;`
      + `left: ${place.x}px; top: ${place.y}px; transform: translate(-50%, -50%) scale(${this.scale});`;
    this.frame.dataset.island = String(Boolean(device?.island));
    this.frame.dataset.homeButton = String(Boolean(device?.homeButton));
    this.canvas.style.cssText = `width: ${size.width}px; height: ${size.height}px;`;
    this.frame.dataset.orientation = landscape ? 'landscape' : 'portrait';
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
