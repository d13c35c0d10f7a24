// Pointer Events (mouse, touch, pen) on the canvas, sent as protocol pointer messages.

import { encodePointer } from './protocol.js';

/**
 * @param {HTMLCanvasElement} canvas fills the window, so its edges are the screen's edges
 * @param {(buffer: ArrayBuffer, sequence: number, sentAt: number) => void} send
 */
export function attachPointerInput(canvas, send) {
  let sequence = 0;
  const active = new Set();
  let origin = canvas.getBoundingClientRect();
  new ResizeObserver(() => { origin = canvas.getBoundingClientRect(); }).observe(canvas);

  function emit(phase, event) {
    if (event.pointerId < 0) return;
    sequence = (sequence + 1) >>> 0;
    // event.timeStamp is on performance.now()'s clock and is when the sample happened, which is
    // what velocity needs (coalesced samples carry their own).
    const time = event.timeStamp > 0 ? event.timeStamp : performance.now();
    const buffer = encodePointer(phase, event.pointerId, event.pointerType,
      event.clientX - origin.left, event.clientY - origin.top, time, sequence);
    send(buffer, sequence, performance.now());
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
