// One WebSocket to the page's own host that reconnects by itself, with exponential backoff.

import { SUBPROTOCOL } from './protocol.js';

const FIRST_DELAY_MS = 250;
const MAX_DELAY_MS = 5000;
/** Each delay is scaled by 1 ± this, so many pages dropped together do not return together. */
const JITTER = 0.25;
/**
 * 1001 "going away": a server draining for a restart. Another host behind the load balancer can
 * take the page at once, so it reconnects after a random wait under this, not with backoff; the
 * spread keeps a whole host's pages from arriving in the same instant.
 */
const GOING_AWAY = 1001;
const GOING_AWAY_SPREAD_MS = 250;

export class Connection {
  /**
   * @param {object} handlers
   * @param {() => void} handlers.open
   * @param {(data: ArrayBuffer) => void} handlers.message
   * @param {(state: {connected: boolean, retryAt: number|null}) => void} handlers.status
   */
  constructor(handlers) {
    this.handlers = handlers;
    this.socket = null;
    this.attempt = 0;
    this.retryTimer = 0;
    const scheme = location.protocol === 'https:' ? 'wss:' : 'ws:';
    this.url = `${scheme}//${location.host}/`;
  }

  get connected() {
    return this.socket !== null && this.socket.readyState === WebSocket.OPEN;
  }

  connect() {
    clearTimeout(this.retryTimer);
    let socket;
    try {
      socket = new WebSocket(this.url, SUBPROTOCOL);
    } catch (error) {
      console.error('segue: cannot open a WebSocket', error);
      this.scheduleRetry();
      return;
    }
    socket.binaryType = 'arraybuffer';
    socket.onopen = () => {
      this.attempt = 0;
      this.handlers.status({ connected: true, retryAt: null });
      this.handlers.open();
    };
    socket.onmessage = (event) => {
      if (event.data instanceof ArrayBuffer) this.handlers.message(event.data);
    };
    socket.onclose = (event) => {
      if (this.socket !== socket) return;
      this.socket = null;
      this.scheduleRetry(event.code === GOING_AWAY);
    };
    this.socket = socket;
  }

  /** Sends if open; input made while disconnected is dropped, as a phone would drop touches. */
  send(data) {
    if (!this.connected) return false;
    this.socket.send(data);
    return true;
  }

  /** Drops the socket (e.g. after a frame we cannot read) and reconnects for a fresh keyframe. */
  restart() {
    this.socket?.close();
  }

  /** @param {boolean} [serverWentAway] the server said 1001: come back at once, elsewhere. */
  scheduleRetry(serverWentAway = false) {
    let delay;
    if (serverWentAway) {
      delay = GOING_AWAY_SPREAD_MS * Math.random();
    } else {
      const base = Math.min(MAX_DELAY_MS, FIRST_DELAY_MS * 2 ** this.attempt);
      delay = base * (1 - JITTER + 2 * JITTER * Math.random());
      this.attempt += 1;
    }
    this.handlers.status({ connected: false, retryAt: performance.now() + delay });
    this.retryTimer = setTimeout(() => this.connect(), delay);
  }
}
