// Pointer Events (mouse, touch, pen) on the canvas, sent as protocol pointer messages.

import { encodePointer } from './protocol.js';

/**
 * Maps a point in window CSS px to the canvas's own CSS px: the canvas may be scaled (a device
 * outline on a desktop), so the offset is divided by the drawn-to-laid-out ratio.
 * @param {{left: number, top: number, width: number, height: number}} rect the drawn rectangle
 */
export function toCanvasPoint(clientX, clientY, rect, layoutWidth, layoutHeight) {
  return {
    x: (clientX - rect.left) * (layoutWidth / rect.width),
    y: (clientY - rect.top) * (layoutHeight / rect.height),
  };
}

/**
 * @param {HTMLCanvasElement} canvas its edges are the screen's edges
 * @param {(buffer: ArrayBuffer, sequence: number, sentAt: number) => void} send
 * @param {(point: {x: number, y: number}, phase: string, pointerId: number) => void} [sent] told each
 *   point sent, with its phase and pointer (the touch indicator, test hooks)
 */
export function attachPointerInput(canvas, send, sent = () => {}) {
  let sequence = 0;
  const active = new Set();
  // Where the canvas is drawn, read on each down: a transform (device.js) or a resize since
  // changes it, and a gesture keeps the mapping it started with.
  let rect = canvas.getBoundingClientRect();

  function emit(phase, event) {
    if (event.pointerId < 0) return;
    sequence = (sequence + 1) >>> 0;
    // event.timeStamp is on performance.now()'s clock and is when the sample happened, which is
    // what velocity needs (coalesced samples carry their own).
    const time = event.timeStamp > 0 ? event.timeStamp : performance.now();
    const point = toCanvasPoint(event.clientX, event.clientY, rect, canvas.clientWidth, canvas.clientHeight);
    const buffer = encodePointer(phase, event.pointerId, event.pointerType, point.x, point.y, time, sequence);
    send(buffer, sequence, performance.now());
    sent(point, phase, event.pointerId);
  }

  canvas.addEventListener('pointerdown', (event) => {
    if (event.pointerType === 'mouse' && event.button !== 0) return;
    event.preventDefault();
    // Capture keeps moves coming when the finger leaves the window; synthetic events (tests)
    // have no active pointer to capture, which must not stop the down from being sent.
    try {
      canvas.setPointerCapture(event.pointerId);
    } catch {
      // Not capturable: moves still arrive while over the canvas.
    }
    active.add(event.pointerId);
    rect = canvas.getBoundingClientRect();
    emit('down', event);
  });

  canvas.addEventListener('pointermove', (event) => {
    if (!active.has(event.pointerId)) return;
    const samples = event.getCoalescedEvents?.() ?? [];
    if (samples.length === 0) {
      emit('move', event);
    } else {
      for (const sample of samples) emit('move', sample);
    }
  });

  const finish = (phase) => (event) => {
    if (!active.delete(event.pointerId)) return;
    emit(phase, event);
  };
  canvas.addEventListener('pointerup', finish('up'));
  canvas.addEventListener('pointercancel', finish('cancel'));
  // Capture lost without an up (the element went away, the OS took the gesture): a cancel.
  canvas.addEventListener('lostpointercapture', finish('cancel'));
  canvas.addEventListener('contextmenu', (event) => event.preventDefault());
}
