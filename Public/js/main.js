// Boots the viewer: connection, decoder, renderer, pointer input, scene picker, telemetry, sharing,
// the touch indicator, large text and the query parameters.

import {
  FrameDecoder, ProtocolError, encodePing, encodeScene, encodeSlowAnimations, encodeViewport, isSceneName,
} from './protocol.js';
import { Connection } from './connection.js';
import { Renderer } from './renderer.js';
import { attachPointerInput } from './input.js';
import { Telemetry } from './telemetry.js';
import { obstacles, placeClear, topChrome } from './overlays.js';
import { DEVICES, DeviceFrame } from './device.js';
import { Controls, PHONE_MEDIA } from './controls.js';
import { TuningPanel } from './tuning.js';
import { TransitionFilmstrip } from './filmstrip.js';
import { SharePanel, ShareError, TOKEN_PATTERN, WATCH_ATTEMPTS, encodeWatch } from './share.js';
import { TouchIndicator } from './touches.js';
import { readParameters, removeParameters, shortened } from './params.js';

/** The pointer message's phase byte (offset 2) for a press. */
const POINTER_DOWN = 1;
const NOTICE_MS = 4000;
/** A longer notice stays longer: about the time it takes to read, ms per character. */
const NOTICE_MS_PER_CHARACTER = 60;
/** The hint pill while this page watches, in place of the scene's (which tells its user to swipe). */
const WATCHING_HINT = 'Watching: the person in control moves the scene';
const WATCHING_TOUCHES_HINT = 'Watching: the circle shows where the person in control touches';
/** Said when the page turns while the server finishes the transition on screen first (device.js). */
const TURNS_AFTER_TRANSITION = 'The screen turns once the transition ends, as iOS turns it';
const VIEWPORT_SIDE = [1, 8192];
const DEVICE_PIXEL_RATIO = [0.5, 8];
/** How often overlays are re-placed while frames arrive, ms: controls move with transitions. */
const PLACE_INTERVAL_MS = 150;
/** Gap between the toolbar and a notice below it, CSS px. */
const BELOW_TOOLBAR = 8;
/** Frames kept in segue.frameLog for browser tests: a few seconds at 60 fps, then the oldest go. */
const FRAME_LOG_LENGTH = 600;

const canvas = document.getElementById('stage');
const veil = document.getElementById('veil');
const veilTitle = document.getElementById('veil-title');
const veilCountdown = document.getElementById('veil-countdown');
const veilRefused = document.getElementById('veil-refused');
const notice = document.getElementById('notice');
const picker = document.getElementById('scene-picker');
const toolbar = document.getElementById('toolbar');
const hintPill = document.getElementById('hint');
const hintText = document.getElementById('hint-text');
const telemetryPanel = document.getElementById('telemetry');
const renderer = new Renderer(canvas);
const decoder = new FrameDecoder();
// On a phone the panel would cover the scene and its bars: it starts hidden there (☰ › Stats, H).
const telemetry = new Telemetry(document.getElementById('telemetry'), { visible: !window.matchMedia(PHONE_MEDIA).matches });
const tuning = new TuningPanel(document.body, sendAction, () => controls.replay());
const filmstrip = new TransitionFilmstrip();
const share = new SharePanel(document.body, { send: sendAction, notice: showNotice });
const touches = new TouchIndicator(document.getElementById('touches'));
/** Whether the touch indicator shows, for a page in control (off) and one watching (on): ☰ › Touches
 * sets the one of the role the page has. */
const showTouches = { controlling: false, watching: true };
const currentSceneName = () => segue.hello?.currentScene ?? 'scene';
const controls = new Controls(document.body, {
  send: sendAction,
  toggleStats: () => { telemetry.toggle(); return openedAlone(telemetry); },
  toggleSlow: toggleSlowAnimations,
  toggleTiming: () => { tuning.toggle(); return openedAlone(tuning); },
  downloadFilmstrip: () => filmstrip.download(currentSceneName()),
  toggleShare: () => { share.toggle(); return openedAlone(share); },
  toggleTouches,
  toggleLargeText,
}, { toolbar, picker, label: document.querySelector('label[for="scene-picker"]') });
controls.showStats(telemetry.visible);
controls.showTouches(false);

/** On a phone the stats overlay and the Timing and Share panels open in one place, below the bars:
 * opening one closes the others (and unpresses their buttons), so none covers another. Returns
 * whether `panel` shows. */
function openedAlone(panel) {
  if (!panel.visible || !window.matchMedia(PHONE_MEDIA).matches) return panel.visible;
  const panels = [[telemetry, controls.statsButton], [tuning, controls.timingButton], [share, controls.shareButton]];
  for (const [other, button] of panels) {
    if (other === panel || !other.visible) continue;
    other.toggle();
    button.setAttribute('aria-pressed', 'false');
  }
  return true;
}

// Every parameter the page reads, checked once: what it cannot use is reported and leaves the URL.
const parameters = readParameters(new URLSearchParams(location.search), {
  isSceneName, deviceIds: DEVICES.map((device) => device.id), isToken: (token) => TOKEN_PATTERN.test(token),
});
removeParameters(parameters.problems.map((problem) => problem.name));
setLargeText(parameters.values.large === '1');
let desiredScene = parameters.values.scene;
/** The share link's token while this page watches (or is trying to); null for a page of its own. */
let watchToken = parameters.values.watch;
/** Connections that found no session under `watchToken` (another worker, or the session ended). */
let watchMisses = 0;
/** A watch was sent on this connection and not yet answered with a share message. */
let awaitingWatch = false;
let slowAnimations = false;
let pendingFrame = null;
let drawScheduled = false;
let countdownTimer = 0;
let noticeTimer = 0;
/** Until when (performance.now()) the notice on screen is kept: a later one is added below it. */
let noticeKeptUntil = 0;
let lastPlaced = -Infinity;
/** Whether a connection was ever open: the next open after a loss is announced. */
let wasConnected = false;

/** Test hooks for browser tests; read-only by convention. */
const segue = {
  connected: false,
  /** WebSocket handshakes the page has started. */
  get connectionAttempts() { return connection.attempts; },
  /** Inputs refused visibly because the page was not connected, and the veil's shakes for them. */
  refusedInputs: 0,
  veilShakes: 0,
  stats: telemetry.stats,
  lastFrame: null,
  hello: null,
  lastError: null,
  lastPointer: null,
  device: null,
  fontReady: false,
  /** The last animations message ({entries}), or null. */
  animations: null,
  /** The last share message ({role, watcherCount, watcherLimit, token}), or null. */
  share: null,
  /** Whether this page watches another's session (its input is not sent). */
  watching: false,
  /** The last FRAME_LOG_LENGTH frames as received: {sequence, serverTime, progress, operation, at}
   * (`at`: ms since the epoch, performance.timeOrigin + now, comparable across pages). */
  frameLog: [],
  /** The last transition as SVG text (what the Filmstrip button downloads), or null. */
  filmstrip: () => filmstrip.svg(currentSceneName()),
  /** The touch indicator now: [{id, x, y, alpha, trail}] (scene pt; trail: samples in its trail). */
  touches: () => touches.shown(),
  /** Whether the touch indicator shows. */
  showsTouches: () => touches.enabled,
};
window.segue = segue;

const connection = new Connection({
  open() {
    decoder.reset();
    touches.clear();
    sendViewport();
    awaitingWatch = watchToken !== null;
    if (watchToken) {
      connection.send(encodeWatch(watchToken));
    } else {
      setWatching(false);
      if (desiredScene) sendScene(desiredScene);
      if (slowAnimations) connection.send(encodeSlowAnimations(true));
    }
    share.connectionOpened();
    tuning.connectionOpened();
  },
  message: receive,
  ping: encodePing,
  status: showConnection,
});

// ---- The connection's state: a veil over the screen while there is none -----------------------

/**
 * Connected: the veil lifts, and a return after a loss says what came back. A new connection is a
 * new session on the server, so the scene starts again at its first screen (the page sends its
 * scene, viewport and slow motion again; a watcher rejoins the shared session, where it stands).
 * Not connected: the veil dims the screen, counts down to the next try and refuses input.
 */
function showConnection({ connected, retryAt, quiet, recovered }) {
  segue.connected = connected;
  clearInterval(countdownTimer);
  if (connected) {
    veil.hidden = true;
    veil.classList.remove('shake');
    veilRefused.hidden = true;
    if (wasConnected && recovered) {
      showNotice(watchToken ? 'Reconnected' : 'Reconnected — the scene started again from its first screen');
    }
    wasConnected = true;
    return;
  }
  // A connection the page dropped itself to try another (a share link's retries) is not news.
  if (quiet) return;
  veilTitle.textContent = 'Disconnected — reconnecting…';
  const update = () => {
    const seconds = Math.max(0, Math.ceil((retryAt - performance.now()) / 1000));
    veilCountdown.textContent = seconds > 0 ? `Next try in ${seconds} s` : 'Trying now…';
  };
  update();
  veil.hidden = false;
  countdownTimer = setInterval(update, 250);
}

/** Says on the veil that `what` was not sent, and shakes it: nothing is dropped unseen. */
function refuseInput(what) {
  segue.refusedInputs += 1;
  veilRefused.textContent = `Not connected — ${what} was not sent`;
  veilRefused.hidden = false;
  if (veil.classList.contains('shake')) return;
  veil.classList.add('shake');
  segue.veilShakes += 1;
}
// A shake ends, or is cut short when the veil lifts mid-shake.
for (const type of ['animationend', 'animationcancel']) veil.addEventListener(type, () => veil.classList.remove('shake'));
veil.addEventListener('pointerdown', (event) => {
  event.preventDefault();
  refuseInput('your input');
});

/** Sends what a control asked for (scrub, Timing, Share), or says on the veil that it could not. */
function sendAction(buffer) {
  if (connection.send(buffer)) return true;
  refuseInput('that');
  return false;
}

function receive(data) {
  let message;
  const decodeStart = performance.now();
  try {
    message = decoder.decode(data);
  } catch (error) {
    if (!(error instanceof ProtocolError)) throw error;
    console.error('segue: unreadable server message; reconnecting for a keyframe', error);
    connection.restart();
    return;
  }
  const now = performance.now();
  switch (message.type) {
    case 'frame':
      if (segue.lastFrame?.header.operation && !message.header.operation) tuning.transitionEnded();
      segue.lastFrame = message;
      logFrame(message.header, now);
      segue.device.frameViewport({ width: message.header.viewportWidth, height: message.header.viewportHeight });
      if (segue.watching) touches.remote(message.header.touches, now);
      filmstrip.frameReceived(message.header, message.nodes,
        { width: message.header.viewportWidth, height: message.header.viewportHeight },
        message.header.serverTime * 1000);
      controls.filmstripAvailable(filmstrip.available);
      telemetry.frameReceived(message, now, now - decodeStart);
      controls.frameReceived(message.header);
      pendingFrame = message;
      if (!drawScheduled) {
        drawScheduled = true;
        requestAnimationFrame(draw);
      }
      break;
    case 'hello':
      segue.hello = message;
      telemetry.hello(message);
      showScenes(message);
      break;
    case 'share':
      segue.share = message;
      share.shareReceived(message);
      if (message.role === 'watching') watchMisses = 0;
      awaitingWatch = false;
      setWatching(message.role === 'watching');
      break;
    case 'animations':
      segue.animations = message;
      tuning.animationsReceived(message);
      break;
    case 'release':
      telemetry.releaseReceived(message, now);
      break;
    case 'pong':
      telemetry.pong(now - message.clientTimeMs);
      break;
    case 'error':
      segue.lastError = message;
      console.warn(`segue: server rejected a message (code ${message.code}): ${message.message}`);
      if (awaitingWatch && watchRefused(message)) break;
      showNotice(message.message);
      break;
  }
}

function logFrame(header, now) {
  const log = segue.frameLog;
  if (log.length === FRAME_LOG_LENGTH) log.shift();
  log.push({
    sequence: header.sequence, serverTime: header.serverTime, progress: header.operation ? header.progress : null,
    operation: header.operation, at: performance.timeOrigin + now,
  });
}

// ---- Watching a shared session ----------------------------------------------------------------

if (parameters.problems.length > 0) {
  setTimeout(() => showNotice(parameters.problems.map((problem) => problem.message).join('\n'), { keep: true }), 0);
}

/**
 * The server refused this page's watch. No session under the link on the worker this connection
 * reached: reconnect (another connection may reach the owner's worker) until WATCH_ATTEMPTS, then
 * say so. Any other refusal (a full session) is final. Either way the page keeps the session of its
 * own the server gave it. Returns whether the error was handled quietly.
 */
function watchRefused(error) {
  if (error.code === ShareError.unknownToken && ++watchMisses < WATCH_ATTEMPTS) {
    connection.restart({ quietly: true });
    return true;
  }
  if (error.code !== ShareError.unknownToken && error.code !== ShareError.tooManyWatchers) return false;
  awaitingWatch = false;
  watchToken = null;
  setWatching(false);
  forgetWatchLink();
  showNotice(error.message, { keep: true });
  return true;
}

function forgetWatchLink() {
  removeParameters(['watch']);
}

/** Watching shows the controller's screen and sends no input; in control, the page is its own. */
function setWatching(on) {
  if (segue.watching === on) return;
  segue.watching = on;
  picker.disabled = on;
  controls.setWatching(on);
  setTouches(showTouches[on ? 'watching' : 'controlling']);
  segue.device.watch(on);
  showNotice(on ? 'Watching a shared session' : 'You are in control');
}

function draw(now) {
  drawScheduled = false;
  if (pendingFrame === null) return;
  renderer.resize();
  const drawStart = performance.now();
  renderer.draw(pendingFrame.nodes);
  showHint(pendingFrame.header.hint);
  pendingFrame = null;
  telemetry.frameDrawn(now, performance.now() - drawStart);
  if (now - lastPlaced >= PLACE_INTERVAL_MS) placeOverlays();
}

// ---- Overlays: the hint pill and notices, off the scene's controls ------------------------------

/** The visible screen's hint, as the server sends it; the pill hides when there is none. A watcher
 * is told it is watching instead: the scene's hint speaks to the person in control. */
function showHint(sceneHint) {
  const text = segue.watching ? (touches.enabled ? WATCHING_TOUCHES_HINT : WATCHING_HINT) : sceneHint;
  if (hintText.textContent === text) return;
  hintText.textContent = text;
  hintPill.classList.toggle('empty', text === '');
  canvas.setAttribute('aria-label', `Segue scene: an interactive view-controller transition. ${text}`);
  placeOverlays();
}

/** Places each visible overlay where it covers no control: the hint pill, then the notice. */
function placeOverlays() {
  lastPlaced = performance.now();
  const nodes = decoder.nodes;
  const screen = { rect: canvas.getBoundingClientRect(), width: canvas.clientWidth, height: canvas.clientHeight };
  showChrome(topChrome(nodes, screen));
  const toolbarBottom = toolbar.getBoundingClientRect().bottom;
  const page = [toolbar, telemetryPanel, controls.dock, controls.menu, controls.bar, tuning.panel, share.panel]
    .map((element) => element.getBoundingClientRect());
  placeClear(hintPill, obstacles(nodes, screen, page), window.innerHeight);
  placeClear(notice, obstacles(nodes, screen, [...page, hintPill.getBoundingClientRect()]),
    toolbarBottom + BELOW_TOOLBAR);
}

let chromeShown = {};

/** Tells the style sheets where the server's status bar and navigation bar are: on a phone the ☰
 * pill sits inside the status bar, clear of its time and icons, and the panels start below the bars. */
function showChrome(chrome) {
  if (['statusBar', 'bottom', 'pillTop', 'pillHeight', 'pillCentre', 'pillWidth'].every((key) => chrome[key] === chromeShown[key])) return;
  chromeShown = chrome;
  const style = document.documentElement.style;
  style.setProperty('--status-bar-height', `${chrome.statusBar}px`);
  style.setProperty('--chrome-bottom', `${chrome.bottom}px`);
  style.setProperty('--pill-top', `${chrome.pillTop}px`);
  style.setProperty('--pill-height', `${chrome.pillHeight}px`);
  style.setProperty('--pill-centre', `${chrome.pillCentre}px`);
  style.setProperty('--pill-width', `${chrome.pillWidth}px`);
}

function isShown(element) {
  const rect = element.getBoundingClientRect();
  return !element.hidden && rect.width > 0 && rect.height > 0;
}

function clamp(value, [low, high]) {
  return Math.min(Math.max(value, low), high);
}

/** Whether the frames drawn were laid out in the other orientation at the last layout. */
let screenWasTurning = false;

/** The viewport last sent on this connection: a layout that asks for the same size sends nothing. */
let sentViewport = null;

/** Asks the server for the size the page wants (device.js: the device's, or a phone's window),
 * which may differ from the size it draws while the server finishes a transition first. */
function sendViewport() {
  const size = segue.device.requested;
  sentViewport = {
    width: clamp(size.width, VIEWPORT_SIDE), height: clamp(size.height, VIEWPORT_SIDE),
    ratio: clamp(window.devicePixelRatio || 1, DEVICE_PIXEL_RATIO),
  };
  connection.send(encodeViewport(sentViewport.width, sentViewport.height, sentViewport.ratio));
}

function viewportChanged() {
  // The device frame lays out once while it is being made, before it is segue.device.
  if (!segue.device) return;
  const size = segue.device.requested;
  const ratio = window.devicePixelRatio || 1;
  if (sentViewport && size.width === sentViewport.width && size.height === sentViewport.height
      && ratio === sentViewport.ratio) return;
  sendViewport();
}

function sendScene(name) {
  const message = encodeScene(name);
  if (message === null) {
    showNotice(`“${name}” is not a valid scene name.`);
    return;
  }
  connection.send(message);
}

// ---- Scene picker and the URL ---------------------------------------------------------------

function showScenes(hello) {
  const names = hello.sceneNames;
  const listed = [...picker.options].map((option) => option.value);
  if (listed.join('\n') !== names.join('\n')) {
    picker.replaceChildren(...names.map((name) => new Option(name, name)));
  }
  if (desiredScene && !names.includes(desiredScene)) {
    showNotice(`There is no scene named “${shortened(desiredScene)}”.`, { keep: true });
    desiredScene = null;
  }
  // A watcher's scene is the controller's.
  if (!desiredScene || watchToken) desiredScene = hello.currentScene;
  picker.value = desiredScene;
  syncURL();
}

function syncURL() {
  const url = new URL(location.href);
  if (url.searchParams.get('scene') === desiredScene) return;
  url.searchParams.set('scene', desiredScene);
  history.replaceState(null, '', url);
}

picker.addEventListener('change', () => {
  desiredScene = picker.value;
  syncURL();
  sendScene(desiredScene);
  picker.blur();
});

// ---- Keys, resizing, notices -----------------------------------------------------------------

window.addEventListener('keydown', (event) => {
  if (event.metaKey || event.ctrlKey || event.altKey || event.target instanceof HTMLSelectElement) return;
  if (event.key === 'h' || event.key === 'H') {
    telemetry.toggle();
    controls.showStats(openedAlone(telemetry));
  } else if (event.key === 's' || event.key === 'S') {
    controls.showSlow(toggleSlowAnimations());
  }
});

/** Slow animations on or off (the S key and the dock's button); returns the new state. */
function toggleSlowAnimations() {
  if (segue.watching) {
    showNotice('You are watching: the person in control sets the speed.');
    return slowAnimations;
  }
  slowAnimations = !slowAnimations;
  connection.send(encodeSlowAnimations(slowAnimations));
  showNotice(slowAnimations ? 'Slow animations ×10' : 'Normal speed');
  return slowAnimations;
}

let resizeScheduled = false;
new ResizeObserver(() => {
  if (resizeScheduled) return;
  resizeScheduled = true;
  requestAnimationFrame(() => {
    resizeScheduled = false;
    renderer.resize();
    viewportChanged();
  });
}).observe(canvas);

/**
 * Shows `text` in the notice for a few seconds (longer for more text), in place of the one showing,
 * unless that one is kept (`keep`: a problem with the link the page was opened with, which a
 * notice right after it must not hide): then below it.
 */
function showNotice(text, { keep = false } = {}) {
  const now = performance.now();
  const below = !notice.hidden && now < noticeKeptUntil && !notice.textContent.split('\n').includes(text);
  notice.textContent = below ? `${notice.textContent}\n${text}` : text;
  notice.hidden = false;
  placeOverlays();
  const duration = Math.max(NOTICE_MS, notice.textContent.length * NOTICE_MS_PER_CHARACTER);
  if (keep) noticeKeptUntil = now + duration;
  else if (!below) noticeKeptUntil = 0;
  clearTimeout(noticeTimer);
  noticeTimer = setTimeout(() => { notice.hidden = true; }, duration);
}

/** ☰ › Touches: the indicator on or off for this page's role; returns the new state. */
function toggleTouches() {
  const role = segue.watching ? 'watching' : 'controlling';
  showTouches[role] = !showTouches[role];
  setTouches(showTouches[role]);
  return showTouches[role];
}

/** ☰ › Large text: on or off, and the address says so (as it says the scene and the device), so a
 * reload or a copied link keeps the choice; returns the new state. */
function toggleLargeText() {
  const on = !document.body.classList.contains('large-text');
  setLargeText(on);
  const url = new URL(location.href);
  if (on) url.searchParams.set('large', '1');
  else url.searchParams.delete('large');
  history.replaceState(null, '', url);
  placeOverlays();
  return on;
}

/** Large text for a projector (?large=1, ☰ › Large text): the stats overlay, the hint and notices
 * at 18 px or more (style.css, controls.css). */
function setLargeText(on) {
  document.body.classList.toggle('large-text', on);
  controls.showLargeText(on);
}

function setTouches(on) {
  touches.setEnabled(on);
  controls.showTouches(on);
  if (!segue.lastFrame) return;
  // Watching, the controller's finger may be down and still (no frame comes): show it at once.
  if (segue.watching) touches.remote(segue.lastFrame.header.touches);
  showHint(segue.lastFrame.header.hint);
}

attachPointerInput(canvas, (buffer, sequence, sentAt) => {
  if (segue.watching) {
    // Only the person in control moves the scene (the server would refuse it: error 103).
    if (new Uint8Array(buffer)[2] === POINTER_DOWN) showNotice('You are watching: ask the person in control to hand it over.');
    return;
  }
  if (connection.send(buffer)) telemetry.inputSent(sequence, sentAt);
  else refuseInput('your input');
}, (point, phase, pointerId) => {
  segue.lastPointer = point;
  // A watcher's indicator shows the controller's touches, not its own (which move nothing).
  if (!segue.watching) touches.local(phase, pointerId, point);
});

segue.device = new DeviceFrame({
  deviceId: parameters.values.device,
  landscape: parameters.values.orientation === 'landscape',
  frame: document.getElementById('device'),
  canvas,
  picker: document.getElementById('device-picker'),
  rotate: document.getElementById('rotate'),
  glow: document.getElementById('edge-glow'),
  controls: () => ({
    top: [toolbar, controls.dock, controls.bar].filter(isShown).map((element) => element.getBoundingClientRect()),
    side: [telemetryPanel].filter(isShown).map((element) => element.getBoundingClientRect()),
  }),
  changed() {
    renderer.resize();
    viewportChanged();
    placeOverlays();
    const turning = segue.device?.isTurning ?? false;
    // (Before the first frame at the asked size arrives the shapes differ too, with nothing to wait for.)
    if (turning && !screenWasTurning && segue.lastFrame?.header.operation) showNotice(TURNS_AFTER_TRANSITION);
    screenWasTurning = turning;
  },
});
// The outline keeps clear of the stats overlay and the scrub bar: it moves when they show or hide.
let outlinePlaceScheduled = false;
const outlineControls = new ResizeObserver(() => {
  if (outlinePlaceScheduled) return;
  outlinePlaceScheduled = true;
  requestAnimationFrame(() => {
    outlinePlaceScheduled = false;
    segue.device.layout();
  });
});
outlineControls.observe(telemetryPanel);
outlineControls.observe(controls.bar);
renderer.resize();
connection.connect();
// A canvas does not wait for a web font: once Inter's weights are in, lay text out again and draw
// the last frame with them (an idle scene sends no new frame).
const INTER_WEIGHTS = ['17px Inter', '500 17px Inter', '600 17px Inter', '700 17px Inter'];
Promise.all(INTER_WEIGHTS.map((font) => document.fonts.load(font))).then(() => {
  segue.fontReady = INTER_WEIGHTS.every((font) => document.fonts.check(font));
  renderer.fontsChanged();
  if (decoder.nodes.length > 0) renderer.draw(decoder.nodes);
});
