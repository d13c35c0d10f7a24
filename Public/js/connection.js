// One WebSocket to the page's own host that reconnects by itself, with exponential backoff, and
// notices a dead connection quickly: a close (the server exited or refused), a server that stopped
// answering pings, or a handshake that never finishes.

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
/** The page pings this often while open (docs/protocol.md, ping). */
export const PING_INTERVAL_MS = 1000;
/**
 * A server that has sent nothing at all (no pong, no frame) for this long after a ping is taken
 * for dead: a stopped process or a lost network closes nothing, so no close event would come.
 * Three pings go unanswered first; any message counts, so a pong queued behind frames is no loss.
 */
export const SILENCE_LIMIT_MS = 3000;
/** A handshake not finished in this long is given up and tried again (a host that accepts TCP
 * and never answers would otherwise hold the page for minutes). */
export const CONNECT_TIMEOUT_MS = 4000;

export class Connection {
  /**
   * @param {object} handlers
   * @param {() => void} handlers.open
   * @param {(data: ArrayBuffer) => void} handlers.message
   * @param {(state: {connected: boolean, retryAt: number|null, quiet: boolean, recovered: boolean}) => void} handlers.status
   *   told when the socket is lost (with when it tries again; `quiet`: a restart the page asked for,
   *   not worth a banner) and when one opens (`recovered`: after a loss that was not quiet)
   * @param {(now: number) => ArrayBuffer} handlers.ping makes the ping message sent at `now`
   */
  constructor(handlers) {
    this.handlers = handlers;
    this.socket = null;
    this.attempt = 0;
    /** Handshakes started, for the page's test hooks. */
    this.attempts = 0;
    this.retryTimer = 0;
    this.connectTimer = 0;
    this.heartbeatTimer = 0;
    /** When the first ping still unanswered was sent (nothing heard since); null when none is. */
    this.silentSince = null;
    this.lastBeat = -Infinity;
    /** The page asked for a new connection (`restart({quietly: true})`): its loss is not news. */
    this.quietRestart = false;
    /** A loss that was not quiet happened and no socket has opened since. */
    this.lossAnnounced = false;
    const scheme = location.protocol === 'https:' ? 'wss:' : 'ws:';
    this.url = `${scheme}//${location.host}/`;
  }

  get connected() {
    return this.socket !== null && this.socket.readyState === WebSocket.OPEN;
  }

  connect() {
    clearTimeout(this.retryTimer);
    if (this.heartbeatTimer === 0) this.heartbeatTimer = setInterval(() => this.heartbeat(), PING_INTERVAL_MS);
    this.attempts += 1;
    let socket;
    try {
      socket = new WebSocket(this.url, SUBPROTOCOL);
    } catch (error) {
      console.error('segue: cannot open a WebSocket', error);
      this.scheduleRetry();
      return;
    }
    socket.binaryType = 'arraybuffer';
    this.connectTimer = setTimeout(() => this.abandon(socket, 'the handshake did not finish'), CONNECT_TIMEOUT_MS);
    socket.onopen = () => {
      clearTimeout(this.connectTimer);
      this.attempt = 0;
      this.silentSince = null;
      const recovered = this.lossAnnounced;
      this.lossAnnounced = false;
      this.handlers.status({ connected: true, retryAt: null, quiet: false, recovered });
      this.handlers.open();
      this.heartbeat();
    };
    socket.onmessage = (event) => {
      this.silentSince = null;
      if (event.data instanceof ArrayBuffer) this.handlers.message(event.data);
    };
    // An error event is always followed by a close event, which is where the page retries.
    socket.onclose = (event) => {
      if (this.socket !== socket) return;
      clearTimeout(this.connectTimer);
      this.socket = null;
      const quietly = this.quietRestart;
      this.quietRestart = false;
      this.scheduleRetry(event.code === GOING_AWAY, quietly);
    };
    this.socket = socket;
  }

  /** Sends if open; returns whether it did (the page shows what it could not send). */
  send(data) {
    if (!this.connected) return false;
    this.socket.send(data);
    return true;
  }

  /**
   * Drops the socket (e.g. after a frame we cannot read) and reconnects for a fresh keyframe.
   * `quietly`: the page wants another connection (a share link's retries, looking for the owner's
   * worker), so neither the loss nor the reconnection is announced unless the next try fails too.
   */
  restart({ quietly = false } = {}) {
    if (this.socket === null) return;
    this.quietRestart = quietly;
    this.socket.close();
  }

  /**
   * Pings, once the connection is judged alive: a ping unanswered for SILENCE_LIMIT_MS drops it.
   * A beat that comes late (a page in the background, whose timers run seldom, or a busy main
   * thread with the answer queued behind it) judges nothing and starts the wait again.
   */
  heartbeat() {
    const now = performance.now();
    const late = now - this.lastBeat > 2 * PING_INTERVAL_MS;
    this.lastBeat = now;
    if (!this.connected) return;
    if (late) this.silentSince = null;
    if (this.silentSince !== null && now - this.silentSince >= SILENCE_LIMIT_MS) {
      this.abandon(this.socket, `no answer from the server for ${Math.round(now - this.silentSince)} ms`);
      return;
    }
    this.socket.send(this.handlers.ping(now));
    this.silentSince ??= now;
  }

  /**
   * Gives up on a socket that stopped answering or never opened. It is forgotten at once (its
   * close event, which a silent server may hold back for a minute, is ignored) and the page
   * retries with backoff.
   */
  abandon(socket, reason) {
    if (this.socket !== socket) return;
    clearTimeout(this.connectTimer);
    console.warn(`segue: ${reason}; reconnecting`);
    this.socket = null;
    socket.close();
    this.scheduleRetry();
  }

  /**
   * @param {boolean} [serverWentAway] the server said 1001: come back at once, elsewhere.
   * @param {boolean} [quietly] a restart the page asked for: no loss is announced.
   */
  scheduleRetry(serverWentAway = false, quietly = false) {
    let delay;
    if (serverWentAway) {
      delay = GOING_AWAY_SPREAD_MS * Math.random();
    } else {
      const base = Math.min(MAX_DELAY_MS, FIRST_DELAY_MS * 2 ** this.attempt);
      delay = base * (1 - JITTER + 2 * JITTER * Math.random());
      this.attempt += 1;
    }
    if (!quietly) this.lossAnnounced = true;
    this.handlers.status({ connected: false, retryAt: performance.now() + delay, quiet: quietly, recovered: false });
    this.retryTimer = setTimeout(() => this.connect(), delay);
  }
}
