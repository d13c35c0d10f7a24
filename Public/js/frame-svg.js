// One frame's nodes as SVG, drawn as renderer.js draws them on the canvas, and as the recorder's
// FrameDrawing (Sources/Recorder/Filmstrip/FrameDrawing.swift) draws them for `segue record --svg`:
// each node's (rounded) rectangle through its matrix at its alpha (a faded subtree as one group), its glyph from glyphs.js (the
// same path data the canvas fills), its text at its size, weight and alignment, and a clipping
// node clipping exactly its next descendantCount nodes. Text is one line, as in the recorder's.

import { GLYPH_BOX, GLYPH_PATHS, GLYPH_SECONDARY_OPACITY, GLYPH_SECONDARY_PATHS } from './glyphs.js';
import { ALL_CORNERS } from './protocol.js';
import { partsDrawn } from './renderer.js';

/**
 * The filmstrip's fonts: Inter, the font the page ships and draws with where San Francisco is
 * missing, by name (an SVG file cannot load the page's font files), then the platform's.
 */
export const SVG_FONT_STACK = "Inter, -apple-system, 'SF Pro Text', Helvetica, Arial, sans-serif";

const TEXT_ANCHORS = Object.freeze({ left: 'start', center: 'middle', right: 'end' });

export const escapeXML = (text) => String(text).replace(/[&<>"]/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[c]);
/** Hundredths, as the recorder prints numbers. */
export const round = (value) => Math.round(value * 100) / 100;

const matrix = (m) => `matrix(${[m.a, m.b, m.c, m.d, m.tx, m.ty].map(round).join(' ')})`;
const opacity = (value) => (value >= 1 ? '' : ` fill-opacity="${round(value)}"`);

/** What one node needs to be drawn later (the decoder reuses its node objects). */
export function copyNode(node) {
  return {
    name: node.name, a: node.a, b: node.b, c: node.c, d: node.d, tx: node.tx, ty: node.ty,
    width: node.width, height: node.height, opacity: node.opacity, alpha: node.alpha,
    background: node.background, backgroundAlpha: node.backgroundAlpha,
    cornerRadius: node.cornerRadius, corners: node.corners,
    clipsToBounds: node.clipsToBounds, descendantCount: node.descendantCount,
    text: node.text, fontSize: node.fontSize, fontWeight: node.fontWeight, textAlign: node.textAlign,
    textColor: node.textColor, glyph: node.glyph,
  };
}

/**
 * The node's outline in its own space as an open element: a `rect` when all four corners or none
 * are rounded, a `path` when only some are (CACornerMask's bits: top left 1, top right 2, bottom
 * left 4, bottom right 8).
 */
function shape(node) {
  const width = node.width, height = node.height;
  const radius = Math.min(node.cornerRadius, width / 2, height / 2);
  const rect = `<rect width="${round(width)}" height="${round(height)}"`;
  if (!(radius > 0) || node.corners === 0) return rect;
  if (node.corners === ALL_CORNERS) return `${rect} rx="${round(radius)}"`;
  const r = (bit) => (node.corners & bit ? round(radius) : 0);
  const [tl, tr, bl, br] = [r(1), r(2), r(4), r(8)];
  const w = round(width), h = round(height);
  let d = `M${tl} 0H${round(w - tr)}`;
  if (tr > 0) d += `A${tr} ${tr} 0 0 1 ${w} ${tr}`;
  d += `V${round(h - br)}`;
  if (br > 0) d += `A${br} ${br} 0 0 1 ${round(w - br)} ${h}`;
  d += `H${bl}`;
  if (bl > 0) d += `A${bl} ${bl} 0 0 1 0 ${round(h - bl)}`;
  d += `V${tl}`;
  if (tl > 0) d += `A${tl} ${tl} 0 0 1 ${tl} 0`;
  return `<path d="${d}Z"`;
}

/** The glyph's 24-pt box scaled to fit the node and centred, as renderer.js places it. */
function glyph(node, alpha) {
  const path = Object.hasOwn(GLYPH_PATHS, node.glyph) ? GLYPH_PATHS[node.glyph] : null;
  if (!path) return '';
  const scale = Math.min(node.width, node.height) / GLYPH_BOX;
  const dx = (node.width - GLYPH_BOX * scale) / 2, dy = (node.height - GLYPH_BOX * scale) / 2;
  const place = `matrix(${round(scale)} 0 0 ${round(scale)} ${round(dx)} ${round(dy)})`;
  const layer = (d, alpha) => `<path d="${d}" fill-rule="evenodd" transform="${place}" fill="${node.textColor}"${opacity(alpha)}/>`;
  let out = layer(path, alpha);
  const secondary = Object.hasOwn(GLYPH_SECONDARY_PATHS, node.glyph) ? GLYPH_SECONDARY_PATHS[node.glyph] : null;
  if (secondary) out += layer(secondary, alpha * GLYPH_SECONDARY_OPACITY);
  return out;
}

function text(node, alpha) {
  const align = node.textAlign in TEXT_ANCHORS ? node.textAlign : 'center';
  const x = align === 'left' ? 0 : align === 'right' ? node.width : node.width / 2;
  const weight = node.fontWeight && node.fontWeight !== 400 ? ` font-weight="${node.fontWeight}"` : '';
  return `<text x="${round(x)}" y="${round(node.height / 2)}" font-size="${round(node.fontSize)}"${weight}`
    + ` text-anchor="${TEXT_ANCHORS[align]}" dominant-baseline="central" fill="${node.textColor}"${opacity(alpha)}>`
    + `${escapeXML(node.text)}</text>`;
}

/**
 * The nodes as SVG elements in viewport points; `idPrefix` keeps clip ids unique in the document.
 * A faded node that renderer.js draws as one group is one `<g opacity>` here, its elements inside
 * at their alpha relative to it.
 */
export function frameSVG(nodes, idPrefix) {
  let out = '';
  /** Index of the last node each open `<g>` (a clip, or a faded group) covers, innermost last. */
  const groupEnds = [];
  /** The faded groups open, innermost last: each one's last node and alpha. */
  const fades = [];
  for (let index = 0; index < nodes.length; index++) {
    while (groupEnds.length > 0 && groupEnds[groupEnds.length - 1] < index) {
      out += '</g>';
      groupEnds.pop();
    }
    while (fades.length > 0 && fades[fades.length - 1].end < index) fades.pop();
    const node = nodes[index];
    const end = index + node.descendantCount;
    if (node.alpha <= 0) {
      index = end;
      continue;
    }
    if (node.opacity < 1 && (node.descendantCount > 0 || partsDrawn(node) > 1)) {
      const outer = fades.length > 0 ? fades[fades.length - 1].alpha : 1;
      out += `<g opacity="${round(node.alpha / outer)}">`;
      groupEnds.push(end);
      fades.push({ end, alpha: node.alpha });
    }
    const alpha = node.alpha / (fades.length > 0 ? fades[fades.length - 1].alpha : 1);
    const hasArea = node.width > 0 && node.height > 0;
    let own = '';
    if (hasArea && node.backgroundAlpha > 0) own += `${shape(node)} fill="${node.background}"${opacity(alpha)}/>`;
    if (hasArea && node.glyph) own += glyph(node, alpha);
    if (node.text) own += text(node, alpha);
    if (own) out += `<g transform="${matrix(node)}" data-name="${escapeXML(node.name)}">${own}</g>`;
    if (node.clipsToBounds && node.descendantCount > 0) {
      const id = `${idPrefix}c${index}`;
      out += `<clipPath id="${id}">${hasArea ? `${shape(node)} transform="${matrix(node)}"/>` : '<rect width="0" height="0"/>'}`;
      out += `</clipPath><g clip-path="url(#${id})">`;
      groupEnds.push(end);
    }
  }
  return out + '</g>'.repeat(groupEnds.length);
}
