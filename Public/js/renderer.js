// Draws a decoded frame's nodes on a full-window canvas at the device pixel ratio.

export class Renderer {
  /** @param {HTMLCanvasElement} canvas */
  constructor(canvas) {
    this.canvas = canvas;
    this.context = canvas.getContext('2d', { alpha: false });
    this.devicePixelRatio = 1;
    this.width = 0;
    this.height = 0;
    // Index of the last descendant of each clip currently applied (a stack; grows to the
    // deepest nesting of clipping views, then stays).
    this.clipEnds = [];
  }

  /** Matches the backing store to the canvas's CSS size × dpr. Returns true when it changed. */
  resize() {
    const ratio = window.devicePixelRatio || 1;
    const width = this.canvas.clientWidth;
    const height = this.canvas.clientHeight;
    if (width === this.width && height === this.height && ratio === this.devicePixelRatio) return false;
    this.width = width;
    this.height = height;
    this.devicePixelRatio = ratio;
    this.canvas.width = Math.max(1, Math.round(width * ratio));
    this.canvas.height = Math.max(1, Math.round(height * ratio));
    return true;
  }

  /** Paints nodes in order; a clipsToBounds node clips exactly its next descendantCount nodes. */
  draw(nodes) {
    const ctx = this.context;
    const ratio = this.devicePixelRatio;
    ctx.setTransform(1, 0, 0, 1, 0, 0);
    ctx.globalAlpha = 1;
    ctx.fillStyle = '#000';
    ctx.fillRect(0, 0, this.canvas.width, this.canvas.height);
    ctx.textAlign = 'center';
    ctx.textBaseline = 'middle';
    const clipEnds = this.clipEnds;
    let clips = 0;
    for (let index = 0; index < nodes.length; index++) {
      while (clips > 0 && clipEnds[clips - 1] < index) {
        ctx.restore();
        clips -= 1;
      }
      const node = nodes[index];
      ctx.setTransform(ratio * node.a, ratio * node.b, ratio * node.c, ratio * node.d,
        ratio * node.tx, ratio * node.ty);
      ctx.globalAlpha = node.alpha;
      const hasArea = node.width > 0 && node.height > 0;
      if (hasArea && node.backgroundAlpha > 0) {
        ctx.fillStyle = node.background;
        this.shape(node);
        ctx.fill();
      }
      if (node.text) {
        ctx.fillStyle = node.textColor;
        ctx.font = node.font;
        ctx.fillText(node.text, node.width / 2, node.height / 2);
      }
      if (node.clipsToBounds && node.descendantCount > 0) {
        ctx.save();
        if (hasArea) {
          this.shape(node);
        } else {
          ctx.beginPath();
        }
        ctx.clip();
        clipEnds[clips] = index + node.descendantCount;
        clips += 1;
      }
    }
    while (clips > 0) {
      ctx.restore();
      clips -= 1;
    }
  }

  /** The node's (rounded) rectangle in its local space, as the current path. */
  shape(node) {
    const ctx = this.context;
    ctx.beginPath();
    const radius = Math.min(node.cornerRadius, node.width / 2, node.height / 2);
    if (radius > 0 && ctx.roundRect) {
      ctx.roundRect(0, 0, node.width, node.height, radius);
    } else {
      ctx.rect(0, 0, node.width, node.height);
    }
  }
}
