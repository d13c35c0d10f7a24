// Sharing a session (docs/protocol.md, "Sharing a session"): the Share panel asks the server for
// this session's link (/?watch=TOKEN) and shows it with a Copy button, how many watch, and a button
// that gives control to the person who has watched longest. A page opened from the link watches:
// it sends watch instead of its scene, shows the controller's screen at the controller's size, and
// sends no input. Messages: request-share, watch and hand-over out, share in.

import { MessageType, VERSION } from './protocol.js';

/** A share link's token: 128 bits as 32 lowercase hex digits, exactly what the server accepts. */
export const TOKEN_PATTERN = /^[0-9a-f]{32}$/;
/** The server's session-level error codes for sharing. */
export const ShareError = Object.freeze({
  readOnly: 103, unknownToken: 104, tooManyWatchers: 105, noWatcher: 106, sharingOff: 107,
});
/**
 * Connections tried before a link is given up on. Workers (`serve --workers N`) are processes that
 * share nothing, so a watch reaches the owner's worker only when the kernel sends the connection
 * there (probability 1/N each time); 16 tries find it among 2 workers with p = 1 − 2⁻¹⁶, among 4
 * with p ≈ 0.99. A link that has ended costs those 16 quick reconnects before the page says so.
 */
export const WATCH_ATTEMPTS = 16;

export function encodeRequestShare() {
  return new Uint8Array([VERSION, MessageType.requestShare]).buffer;
}

/** @param {string} token 32 lowercase hex digits (TOKEN_PATTERN) */
export function encodeWatch(token) {
  const bytes = new Uint8Array(2 + token.length);
  bytes[0] = VERSION;
  bytes[1] = MessageType.watch;
  for (let index = 0; index < token.length; index++) bytes[2 + index] = token.charCodeAt(index);
  return bytes.buffer;
}

export function encodeHandOver() {
  return new Uint8Array([VERSION, MessageType.handOver]).buffer;
}

/** The link that watches the session shared under `token`, on this page's own host. */
export function shareLink(token) {
  const url = new URL('/', location.href);
  url.searchParams.set('watch', token);
  return url.href;
}

function element(tag, attributes = {}, children = []) {
  const node = document.createElement(tag);
  for (const [name, value] of Object.entries(attributes)) node.setAttribute(name, value);
  node.append(...children);
  return node;
}

export class SharePanel {
  /**
   * @param {HTMLElement} root where the panel goes (the body)
   * @param {{send: (buffer: ArrayBuffer) => boolean, notice: (text: string) => void}} actions
   */
  constructor(root, { send, notice }) {
    this.send = send;
    this.notice = notice;
    /** The last share message: role, watcher count and limit, token; null before the first. */
    this.status = null;
    this.role = element('p', { id: 'share-role' }, ['Asking the server for a link…']);
    // The whole link, wrapped (a phone is narrower than it); one tap selects all of it to copy by hand.
    this.link = element('code', { id: 'share-link', 'aria-label': 'Share link' });
    this.copyButton = element('button', { id: 'share-copy', type: 'button' }, ['Copy']);
    this.watchers = element('p', { id: 'share-watchers' }, ['']);
    this.handOverButton = element('button', { id: 'share-hand-over', type: 'button', disabled: '' },
      ['Give control to the first watcher']);
    this.panel = element('section', { id: 'share', 'aria-label': 'Share this session', hidden: '' }, [
      element('h2', {}, ['Share']), this.role,
      element('div', { class: 'share-link-row' }, [this.link, this.copyButton]),
      this.watchers, this.handOverButton,
      element('p', { class: 'share-note' }, [
        'Anyone with the link watches this screen live and read-only. Giving control swaps you with '
        + 'the person who has watched longest.']),
    ]);
    root.append(this.panel);
    this.copyButton.addEventListener('click', () => this.copy());
    this.handOverButton.addEventListener('click', () => this.send(encodeHandOver()));
  }

  get visible() { return !this.panel.hidden; }

  /** Shows or hides the panel; showing it asks for the link. Returns whether it shows. */
  toggle() {
    this.panel.hidden = !this.panel.hidden;
    if (this.visible) this.send(encodeRequestShare());
    return this.visible;
  }

  /** A new connection is a new session: what the panel showed is gone; ask again if it shows. */
  connectionOpened() {
    this.status = null;
    if (this.visible) this.send(encodeRequestShare());
    this.update();
  }

  shareReceived(message) {
    this.status = message;
    this.update();
  }

  update() {
    const status = this.status;
    this.link.textContent = status ? shareLink(status.token) : '';
    this.copyButton.disabled = status === null;
    if (status === null) {
      this.role.textContent = 'Asking the server for a link…';
      this.watchers.textContent = '';
      this.handOverButton.disabled = true;
      return;
    }
    const controlling = status.role === 'controlling';
    this.role.textContent = controlling ? 'You are in control.' : 'You are watching: the person in control moves the scene.';
    const count = status.watcherCount;
    this.watchers.textContent = `${count === 0 ? 'No one' : count} watching (at most ${status.watcherLimit}).`;
    this.handOverButton.disabled = !controlling || count === 0;
  }

  async copy() {
    const link = this.link.textContent;
    if (!link) return;
    try {
      await navigator.clipboard.writeText(link);
      this.notice('Link copied');
    } catch {
      // No clipboard (an insecure origin, or permission refused): select it to copy by hand.
      getSelection().selectAllChildren(this.link);
      this.notice('Select the link and copy it');
    }
  }
}
