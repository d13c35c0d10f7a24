// On-screen controls for a thumb or a mouse: a dock that toggles the stats overlay, slow
// animations, the scrub bar, the spring tuning panel, the share panel, the touch indicator and
// large text; and the scrub bar, which holds the transition on screen, drags its progress, steps it a frame at a
// time and finishes or cancels it (the scrub message, docs/protocol.md). The server does the work; this only sends
// commands and mirrors the progress frames report.
//
// On a phone the scene is the whole screen and the server draws an iPhone's chrome on it, so the
// dock is a ☰ pill where the Dynamic Island sits (the status bar's free centre; overlays.js
// topChrome) and opens a menu below the navigation bar that also holds the scene picker; on a wider
// window the dock is a row under the toolbar, outside the device, and the picker stays there.

import { MessageType, VERSION } from './protocol.js';

const SCRUB_MESSAGE_SIZE = 11;
/** The scrub message's command byte. */
export const ScrubCommand = Object.freeze({ pause: 1, seek: 2, step: 3, finish: 4, cancel: 5 });
/** A window this narrow is a phone: the scene is the whole screen (controls.css and style.css
 * use the same query). */
/** A phone in either orientation: the scene fills the screen (device.js uses the same query). */
export const PHONE_MEDIA = '(max-width: 600px), (max-height: 500px)';

/**
 * @param {number} command one of ScrubCommand
 * @param {number} value the progress of a seek (0…1), the frames of a step (±1…60), else 0
 */
export function encodeScrub(command, value = 0) {
  const view = new DataView(new ArrayBuffer(SCRUB_MESSAGE_SIZE));
  view.setUint8(0, VERSION);
  view.setUint8(1, MessageType.scrub);
  view.setUint8(2, command);
  view.setFloat64(3, value, true);
  return view.buffer;
}

function element(tag, attributes = {}, children = []) {
  const node = document.createElement(tag);
  for (const [name, value] of Object.entries(attributes)) node.setAttribute(name, value);
  node.append(...children);
  return node;
}

function button(id, label, title) {
  return element('button', { id, type: 'button', title, 'aria-label': title }, [label]);
}

export class Controls {
  /**
   * @param {HTMLElement} root where the dock and the bar go (the body)
   * @param {{send: (buffer: ArrayBuffer) => void, toggleStats: () => boolean,
   *          toggleSlow: () => boolean, toggleTiming: () => boolean,
   *          downloadFilmstrip: () => boolean, toggleShare: () => boolean,
   *          toggleTouches: () => boolean, toggleLargeText: () => boolean}} actions each toggle
   *          returns its new state
   * @param {{toolbar: HTMLElement, picker: HTMLSelectElement, label: HTMLLabelElement}} scenePicker
   *          the scene picker and its label, moved into the dock's menu on a phone and back into
   *          the toolbar (first) on a wider window
   */
  constructor(root, {
    send, toggleStats, toggleSlow, toggleTiming, downloadFilmstrip, toggleShare, toggleTouches, toggleLargeText,
  }, scenePicker) {
    this.send = send;
    this.scenePicker = scenePicker;
    this.phone = window.matchMedia(PHONE_MEDIA);
    this.dragging = false;
    /** Whether this page holds the transition still (a pause, seek or step since it began). */
    this.holding = false;
    this.running = false;

    this.toggle = button('controls-toggle', '☰', 'Show or hide the controls');
    this.statsButton = button('control-stats', 'Stats', 'Show or hide the stats overlay (H)');
    this.slowButton = button('control-slow', 'Slow', 'Slow animations ten times (S)');
    this.scrubButton = button('control-scrub', 'Scrub', 'Show or hide the scrub bar');
    this.timingButton = button('control-timing', 'Timing', 'Show or hide the timing panel: every animation the scene has run, editable');
    this.filmstripButton = button('control-filmstrip', 'Filmstrip', 'Download the last transition as an SVG filmstrip');
    this.filmstripButton.disabled = true;
    this.shareButton = button('control-share', 'Share', 'Share this session: a link others can watch live');
    this.touchesButton = button('control-touches', 'Touches',
      'Show touches: a circle where the finger is, with a short trail (on for watchers)');
    this.largeTextButton = button('control-large-text', 'Large text',
      'Large text for a projector: the stats overlay, the hint and notices at 18 px or more (?large=1)');
    this.menu = element('div', { id: 'controls-buttons' }, [
      this.statsButton, this.slowButton, this.scrubButton, this.timingButton, this.filmstripButton,
      this.shareButton, this.touchesButton, this.largeTextButton,
    ]);
    this.dock = element('nav', { id: 'controls', 'aria-label': 'Controls' }, [this.toggle, this.menu]);
    this.dock.classList.toggle('collapsed', this.phone.matches);
    this.placePicker();
    this.phone.addEventListener('change', () => this.placePicker());

    this.pauseButton = button('scrub-pause', '❚❚', 'Pause the transition');
    this.backButton = button('scrub-back', '◀︎', 'One frame back');
    this.forwardButton = button('scrub-forward', '▶︎', 'One frame forward');
    this.finishButton = button('scrub-finish', 'Finish', 'Finish from here');
    this.cancelButton = button('scrub-cancel', 'Cancel', 'Cancel from here');
    this.slider = element('input', {
      id: 'scrub-progress', type: 'range', min: '0', max: '1', step: '0.001', value: '0',
      'aria-label': 'Transition progress',
    });
    this.readout = element('output', { id: 'scrub-readout', for: 'scrub-progress' }, ['–']);
    this.bar = element('div', { id: 'scrub-bar', role: 'toolbar', 'aria-label': 'Scrub bar', hidden: '' }, [
      this.pauseButton, this.backButton, this.slider, this.forwardButton, this.readout,
      this.finishButton, this.cancelButton,
    ]);
    root.append(this.dock, this.bar);

    this.toggle.addEventListener('click', () => this.dock.classList.toggle('collapsed'));
    // On a phone the dock is a menu: a choice (a button, or a scene picked) closes it, giving the
    // screen back to the scene. A tap on the picker itself only opens the picker.
    this.menu.addEventListener('click', (event) => {
      if (event.target.closest('button')) this.closeMenuOnPhone();
    });
    this.menu.addEventListener('change', () => this.closeMenuOnPhone());
    this.statsButton.addEventListener('click', () => this.statsButton.setAttribute('aria-pressed', toggleStats()));
    this.slowButton.addEventListener('click', () => this.showSlow(toggleSlow()));
    this.scrubButton.addEventListener('click', () => this.showBar(this.bar.hidden));
    this.timingButton.addEventListener('click', () => this.timingButton.setAttribute('aria-pressed', toggleTiming()));
    this.filmstripButton.addEventListener('click', () => downloadFilmstrip());
    this.shareButton.addEventListener('click', () => this.shareButton.setAttribute('aria-pressed', toggleShare()));
    this.touchesButton.addEventListener('click', () => this.showTouches(toggleTouches()));
    this.largeTextButton.addEventListener('click', () => this.showLargeText(toggleLargeText()));
    this.pauseButton.addEventListener('click', () => this.command(ScrubCommand.pause));
    this.backButton.addEventListener('click', () => this.command(ScrubCommand.step, -1));
    this.forwardButton.addEventListener('click', () => this.command(ScrubCommand.step, 1));
    this.finishButton.addEventListener('click', () => this.command(ScrubCommand.finish));
    this.cancelButton.addEventListener('click', () => this.command(ScrubCommand.cancel));
    this.slider.addEventListener('pointerdown', () => { this.dragging = true; });
    for (const type of ['pointerup', 'pointercancel', 'change']) {
      this.slider.addEventListener(type, () => { this.dragging = false; });
    }
    this.slider.addEventListener('input', () => this.command(ScrubCommand.seek, Number(this.slider.value)));
    this.update(null);
  }

  /** The scene picker goes first in the phone's menu, or first in the toolbar otherwise. */
  placePicker() {
    const { toolbar, picker, label } = this.scenePicker;
    if (this.phone.matches) this.menu.prepend(label, picker);
    else toolbar.prepend(label, picker);
  }

  closeMenuOnPhone() {
    if (this.phone.matches) this.dock.classList.add('collapsed');
  }

  /** Enables the filmstrip button once a transition has ended. */
  filmstripAvailable(available) {
    if (this.filmstripButton.disabled === available) this.filmstripButton.disabled = !available;
  }

  /** A watcher cannot change the world: the buttons that would are disabled (the server would
   * refuse their messages with error 103), and the scrub bar closes. */
  setWatching(on) {
    for (const control of [this.slowButton, this.scrubButton, this.timingButton]) control.disabled = on;
    if (on) this.showBar(false);
  }

  showSlow(on) {
    this.slowButton.setAttribute('aria-pressed', String(on));
  }

  showStats(on) {
    this.statsButton.setAttribute('aria-pressed', String(on));
  }

  showTouches(on) {
    this.touchesButton.setAttribute('aria-pressed', String(on));
  }

  showLargeText(on) {
    this.largeTextButton.setAttribute('aria-pressed', String(on));
  }

  showBar(visible) {
    this.bar.hidden = !visible;
    this.scrubButton.setAttribute('aria-pressed', String(visible));
    document.body.classList.toggle('scrubbing', visible);
  }

  command(command, value = 0) {
    if (!this.running) return;
    this.send(encodeScrub(command, value));
    this.holding = command !== ScrubCommand.finish && command !== ScrubCommand.cancel;
    this.update(null);
  }

  /** Plays the transition on screen again from its start (seek 0, then finish); false when none
   * runs. */
  replay() {
    if (!this.running) return false;
    this.command(ScrubCommand.seek, 0);
    this.command(ScrubCommand.finish);
    return true;
  }

  /** Mirrors a frame's transition: the slider follows its progress unless a finger holds it. */
  frameReceived(header) {
    const running = header.operation !== null;
    if (!running) this.holding = false;
    this.running = running;
    this.update(header);
  }

  update(header) {
    const disabled = !this.running;
    for (const control of [this.pauseButton, this.backButton, this.forwardButton, this.finishButton,
      this.cancelButton, this.slider]) control.disabled = disabled;
    this.pauseButton.setAttribute('aria-pressed', String(this.holding));
    this.bar.classList.toggle('holding', this.holding);
    if (header === null) return;
    if (this.running && !this.dragging) this.slider.value = String(header.progress);
    this.readout.textContent = this.running
      ? `${header.operation} ${header.progress.toFixed(3)}` : 'no transition';
  }
}
