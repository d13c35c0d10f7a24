// Draws a decoded frame's nodes on a full-window canvas at the device pixel ratio.

import { GLYPH_BOX, GLYPH_SECONDARY_OPACITY, glyphPath, glyphSecondaryPath } from './glyphs.js';
import { ALL_CORNERS } from './protocol.js';
import { LINE_HEIGHT_PER_POINT, layOutText } from './text-layout.js';

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
    // Bumped when fonts load: text laid out in a fallback font is laid out again.
    this.fontGeneration = 0;
  }

  /** The fonts text is measured in changed (a web font arrived): every node's text layout is stale. */
  fontsChanged() {
    this.fontGeneration += 1;
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

  /**
   * Fills the node's glyph, its 24-pt box scaled to fit the bounds and centred, in its text colour;
   * then its second layer, if it has one, at GLYPH_SECONDARY_OPACITY of that.
   */
  glyph(node, ratio) {
    const path = glyphPath(node.glyph);
    if (!path) return;
    const ctx = this.context;
    const scale = Math.min(node.width, node.height) / GLYPH_BOX;
    const dx = (node.width - GLYPH_BOX * scale) / 2;
    const dy = (node.height - GLYPH_BOX * scale) / 2;
    ctx.save();
    ctx.transform(scale, 0, 0, scale, dx, dy);
    ctx.fillStyle = node.textColor;
    ctx.fill(path, 'evenodd');
    const secondary = glyphSecondaryPath(node.glyph);
    if (secondary) {
      ctx.globalAlpha *= GLYPH_SECONDARY_OPACITY;
      ctx.fill(secondary, 'evenodd');
    }
    ctx.restore();
  }

  /** Paints nodes in order; a clipsToBounds node clips exactly its next descendantCount nodes. */
  draw(nodes) {
    const ctx = this.context;
    const ratio = this.devicePixelRatio;
    ctx.setTransform(1, 0, 0, 1, 0, 0);
    ctx.globalAlpha = 1;
    ctx.fillStyle = '#000';
    ctx.fillRect(0, 0, this.canvas.width, this.canvas.height);
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
        if (node.shadowColor) {
          this.castShadow(node, ratio);
          ctx.fill();
          ctx.shadowColor = 'transparent';
        } else {
          ctx.fill();
        }
      }
      if (node.glyph && hasArea) this.glyph(node, ratio);
      if (node.text) this.text(node);
      if (hasArea && node.borderColor) this.stroke(node);
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

  /**
   * The node's text in its text colour, laid out as a UILabel's (text-layout.js): the lines centred
   * as a block in the bounds' height, each placed across the width by the node's alignment. The
   * layout is kept on the node and redone only when what it depends on changes.
   */
  text(node) {
    const ctx = this.context;
    ctx.fillStyle = node.textColor;
    ctx.font = node.font;
    ctx.textAlign = node.textAlign;
    if (node.laidOutText !== node.text || node.laidOutFont !== node.font || node.laidOutWidth !== node.width
      || node.laidOutHeight !== node.height || node.laidOutLineLimit !== node.numberOfLines
      || node.laidOutFontGeneration !== this.fontGeneration) {
      node.lines = layOutText(node.text, node.width, node.height, node.fontSize, node.numberOfLines,
        (string) => ctx.measureText(string).width);
      node.laidOutText = node.text;
      node.laidOutFont = node.font;
      node.laidOutWidth = node.width;
      node.laidOutHeight = node.height;
      node.laidOutLineLimit = node.numberOfLines;
      node.laidOutFontGeneration = this.fontGeneration;
    }
    const lines = node.lines;
    const lineHeight = node.fontSize * LINE_HEIGHT_PER_POINT;
    const x = node.textAlign === 'left' ? 0 : node.textAlign === 'right' ? node.width : node.width / 2;
    let y = (node.height - lineHeight * (lines.length - 1)) / 2;
    for (const line of lines) {
      ctx.fillText(line, x, y);
      y += lineHeight;
    }
  }

  /**
   * The node's (rounded) rectangle in its local space, inset by `inset`, as the current path: the
   * corners its `corners` bits name (CACornerMask's: top left 1, top right 2, bottom left 4,
   * bottom right 8) rounded, the others square.
   */
  shape(node, inset = 0) {
    const ctx = this.context;
    ctx.beginPath();
    const width = Math.max(node.width - 2 * inset, 0);
    const height = Math.max(node.height - 2 * inset, 0);
    const radius = Math.min(Math.max(node.cornerRadius - inset, 0), width / 2, height / 2);
    if (radius > 0 && node.corners !== 0 && ctx.roundRect) {
      const corners = node.corners;
      ctx.roundRect(inset, inset, width, height, corners === ALL_CORNERS ? radius : [
        corners & 1 ? radius : 0, corners & 2 ? radius : 0, corners & 8 ? radius : 0, corners & 4 ? radius : 0,
      ]);
    } else {
      ctx.rect(inset, inset, width, height);
    }
  }

  /**
   * Sets the context's shadow for the node's next fill. A canvas shadow ignores the transform, so
   * offset and blur are mapped to device pixels here: the offset through the node's matrix, the
   * blur scaled by the matrix's mean scale. CALayer's shadowRadius is about the Gaussian's σ;
   * canvas's shadowBlur is 2σ.
   */
  castShadow(node, ratio) {
    const ctx = this.context;
    const scale = Math.sqrt(Math.abs(node.a * node.d - node.b * node.c));
    ctx.shadowColor = node.shadowColor;
    ctx.shadowBlur = 2 * node.shadowRadius * scale * ratio;
    ctx.shadowOffsetX = ratio * (node.a * node.shadowX + node.c * node.shadowY);
    ctx.shadowOffsetY = ratio * (node.b * node.shadowX + node.d * node.shadowY);
  }

  /** CALayer's border: inside the bounds, following the corner radius. */
  stroke(node) {
    const ctx = this.context;
    const width = Math.min(node.borderWidth, node.width / 2, node.height / 2);
    ctx.strokeStyle = node.borderColor;
    ctx.lineWidth = width;
    this.shape(node, width / 2);
    ctx.stroke();
  }
}
