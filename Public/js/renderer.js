// Draws a decoded frame's nodes on a full-window canvas at the device pixel ratio.

import { GLYPH_BOX, GLYPH_SECONDARY_OPACITY, glyphPath, glyphSecondaryPath } from './glyphs.js';
import { ALL_CORNERS } from './protocol.js';
import { LINE_HEIGHT_PER_POINT, layOutText } from './text-layout.js';

export class Renderer {
  /** @param {HTMLCanvasElement} canvas */
  constructor(canvas) {
    this.canvas = canvas;
    this.mainContext = canvas.getContext('2d', { alpha: false });
    // Where the node being drawn goes: the canvas's context, or a group's layer's.
    this.context = this.mainContext;
    // The canvas as a drawing target: at the origin, at full opacity.
    this.screen = { layer: null, x: 0, y: 0, alpha: 1 };
    this.devicePixelRatio = 1;
    this.width = 0;
    this.height = 0;
    // The clips and groups open while drawing (a stack: the index of each one's last descendant,
    // and the clip's context or the group); both grow to the deepest nesting, then stay.
    this.scopeEnds = [];
    this.scopes = [];
    // A group's layer per nesting level, kept from frame to frame.
    this.layers = [];
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

  /**
   * Paints nodes in order; a clipsToBounds node clips exactly its next descendantCount nodes. A node
   * whose own opacity is below 1 (`opacity`; `alpha` is composed down the tree) that has
   * descendants, or draws more than one part of its own, is drawn as one group: it and its subtree
   * go into a layer at full opacity, which is then laid over what is beneath at the node's own
   * opacity (CALayer's `allowsGroupOpacity`, on by default since iOS 7). So a white button on a white screen fading
   * out stays white, and text does not show through its own background. A node of alpha 0 draws
   * nothing, nor does its subtree.
   */
  draw(nodes) {
    const main = this.mainContext;
    const ratio = this.devicePixelRatio;
    main.setTransform(1, 0, 0, 1, 0, 0);
    main.globalAlpha = 1;
    main.fillStyle = '#000';
    main.fillRect(0, 0, this.canvas.width, this.canvas.height);
    main.textBaseline = 'middle';
    this.context = main;
    let target = this.screen;
    const scopeEnds = this.scopeEnds, scopes = this.scopes;
    let scopeCount = 0;
    for (let index = 0; index < nodes.length; index++) {
      while (scopeCount > 0 && scopeEnds[scopeCount - 1] < index) {
        scopeCount -= 1;
        target = this.closeScope(scopes[scopeCount], target);
      }
      const node = nodes[index];
      if (node.alpha <= 0) {
        index += node.descendantCount;
        continue;
      }
      const end = index + node.descendantCount;
      if (node.opacity < 1 && (node.descendantCount > 0 || partsDrawn(node) > 1)) {
        const group = this.openGroup(nodes, index, end, target, scopeCount);
        if (!group) {
          index = end;
          continue;
        }
        scopeEnds[scopeCount] = end;
        scopes[scopeCount] = group;
        scopeCount += 1;
        target = group;
      }
      const ctx = this.context;
      ctx.setTransform(ratio * node.a, ratio * node.b, ratio * node.c, ratio * node.d,
        ratio * node.tx - target.x, ratio * node.ty - target.y);
      ctx.globalAlpha = node.alpha / target.alpha;
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
        scopeEnds[scopeCount] = end;
        scopes[scopeCount] = ctx;
        scopeCount += 1;
      }
    }
    while (scopeCount > 0) {
      scopeCount -= 1;
      target = this.closeScope(scopes[scopeCount], target);
    }
  }

  /**
   * Starts drawing nodes[from…to] into a layer of their own: the device-pixel box they cover
   * (shadows included, within the canvas), cleared. Returns the group, which the nodes' drawing
   * targets until it closes, or null when the box is empty (nothing of them would show).
   * `level` is how many scopes are open: each nesting level keeps its own layer.
   */
  openGroup(nodes, from, to, outer, level) {
    const box = deviceBox(nodes, from, to, this.devicePixelRatio, this.canvas.width, this.canvas.height);
    if (!box) return null;
    let layer = this.layers[level];
    if (!layer) {
      const canvas = document.createElement('canvas');
      layer = { canvas, context: canvas.getContext('2d') };
      this.layers[level] = layer;
    }
    // Grown, never shrunk: each level's layer ends as large as the largest group it held, at most
    // the canvas.
    if (layer.canvas.width < box.width || layer.canvas.height < box.height) {
      layer.canvas.width = Math.max(layer.canvas.width, box.width);
      layer.canvas.height = Math.max(layer.canvas.height, box.height);
    }
    const ctx = layer.context;
    ctx.setTransform(1, 0, 0, 1, 0, 0);
    ctx.globalAlpha = 1;
    ctx.clearRect(0, 0, box.width, box.height);
    ctx.textBaseline = 'middle';
    this.context = ctx;
    return { layer, x: box.x, y: box.y, width: box.width, height: box.height, alpha: nodes[from].alpha, outer };
  }

  /**
   * Ends a scope: a clip (its context, restored) or a group, whose layer is laid over its outer
   * target at the group node's alpha relative to that target's. Returns the target drawing goes on to.
   */
  closeScope(scope, target) {
    if (!scope.layer) {
      scope.restore();
      return target;
    }
    const outer = scope.outer;
    const ctx = outer.layer ? outer.layer.context : this.mainContext;
    ctx.save();
    ctx.setTransform(1, 0, 0, 1, 0, 0);
    ctx.globalAlpha = scope.alpha / outer.alpha;
    ctx.drawImage(scope.layer.canvas, 0, 0, scope.width, scope.height,
      scope.x - outer.x, scope.y - outer.y, scope.width, scope.height);
    ctx.restore();
    this.context = ctx;
    return outer;
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

/**
 * How many parts a node draws of its own: its fill, the shadow under it, its glyph, text and
 * border. A faded node drawing more than one is faded as one group, so one part does not show
 * through another (a shadow through its own fill). The filmstrips (frame-svg.js), which draw
 * neither shadows nor borders, count the same way and so find neither.
 */
export function partsDrawn(node) {
  const hasArea = node.width > 0 && node.height > 0;
  const fill = hasArea && node.backgroundAlpha > 0;
  return (fill ? 1 : 0) + (fill && node.shadowColor ? 1 : 0) + (hasArea && node.glyph ? 1 : 0)
    + (node.text ? 1 : 0) + (hasArea && node.borderColor ? 1 : 0);
}

/** Antialiasing reaches this far past a shape's edge, device px. */
const EDGE_MARGIN = 2;
/** A Gaussian shadow fades to nothing within this many σ (CALayer's shadowRadius). */
const SHADOW_REACH_SIGMAS = 3;

/**
 * The device-pixel box, whole pixels within the canvas, that nodes[from…to] cover: their
 * rectangles through their matrices, each grown by its shadow's reach and offset. Null when empty.
 */
function deviceBox(nodes, from, to, ratio, canvasWidth, canvasHeight) {
  let minX = Infinity, minY = Infinity, maxX = -Infinity, maxY = -Infinity;
  for (let index = from; index <= to; index++) {
    const node = nodes[index];
    if (node.alpha <= 0) {
      index += node.descendantCount;
      continue;
    }
    let reach = EDGE_MARGIN, offsetX = 0, offsetY = 0;
    if (node.shadowColor) {
      const scale = Math.sqrt(Math.abs(node.a * node.d - node.b * node.c));
      reach += ratio * SHADOW_REACH_SIGMAS * node.shadowRadius * scale;
      offsetX = ratio * (node.a * node.shadowX + node.c * node.shadowY);
      offsetY = ratio * (node.b * node.shadowX + node.d * node.shadowY);
    }
    for (const [x, y] of [[0, 0], [node.width, 0], [0, node.height], [node.width, node.height]]) {
      const px = ratio * (node.a * x + node.c * y + node.tx), py = ratio * (node.b * x + node.d * y + node.ty);
      minX = Math.min(minX, px - reach, px + offsetX - reach);
      maxX = Math.max(maxX, px + reach, px + offsetX + reach);
      minY = Math.min(minY, py - reach, py + offsetY - reach);
      maxY = Math.max(maxY, py + reach, py + offsetY + reach);
    }
  }
  const x = Math.max(0, Math.floor(minX)), y = Math.max(0, Math.floor(minY));
  const width = Math.min(canvasWidth, Math.ceil(maxX)) - x, height = Math.min(canvasHeight, Math.ceil(maxY)) - y;
  return width > 0 && height > 0 ? { x, y, width, height } : null;
}
