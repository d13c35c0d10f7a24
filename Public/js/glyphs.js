// The glyphs the server names on the wire (protocol 4's glyph section): SF Symbols names, each a
// filled path in a 24×24 box, even-odd (a ring's inner circle is a hole), some with a second layer
// drawn fainter (SF Symbols' hierarchical rendering). The same paths as
// Sources/SegueValues/Glyph.swift, which a Swift test compares with this file.

export const GLYPH_BOX = 24;

export const GLYPH_PATHS = Object.freeze({
  'house': 'M12 2.5 L1.5 12 H4.5 V21.5 H10 V15 H14 V21.5 H19.5 V12 H22.5 Z',
  'star': 'M12 2 L14.9 8.6 L22 9.3 L16.6 14 L18.2 21 L12 17.3 L5.8 21 L7.4 14 L2 9.3 L9.1 8.6 Z',
  'gear': 'M19.81 10.29 L22.40 10.56 L22.40 13.44 L19.81 13.71 L18.74 16.31 L20.37 18.34 L18.34 20.37 L16.31 18.74 L13.71 19.81 L13.44 22.40 L10.56 22.40 L10.29 19.81 L7.69 18.74 L5.66 20.37 L3.63 18.34 L5.26 16.31 L4.19 13.71 L1.60 13.44 L1.60 10.56 L4.19 10.29 L5.26 7.69 L3.63 5.66 L5.66 3.63 L7.69 5.26 L10.29 4.19 L10.56 1.60 L13.44 1.60 L13.71 4.19 L16.31 5.26 L18.34 3.63 L20.37 5.66 L18.74 7.69 Z M15.5 12 A3.5 3.5 0 1 0 8.5 12 A3.5 3.5 0 1 0 15.5 12 Z',
  'person': 'M12 12 A4.5 4.5 0 1 0 12 3 A4.5 4.5 0 1 0 12 12 Z M3 21.5 C3 16.5 7 14 12 14 C17 14 21 16.5 21 21.5 Z',
  'photo': 'M2 4.5 H22 V19.5 H2 Z M4 6.5 V17.5 H20 V6.5 Z M5 16.5 L10 10.5 L13 14 L15 12 L19 16.5 Z M17.5 9.5 A1.5 1.5 0 1 0 14.5 9.5 A1.5 1.5 0 1 0 17.5 9.5 Z',
  'list': 'M2.5 4.75 H5.5 V7.75 H2.5 Z M8 5.25 H21.5 V7.25 H8 Z M2.5 10.5 H5.5 V13.5 H2.5 Z M8 11 H21.5 V13 H8 Z M2.5 16.25 H5.5 V19.25 H2.5 Z M8 16.75 H21.5 V18.75 H8 Z',
  'heart': 'M12 21 C5 15.5 2 12.5 2 8.5 C2 5.5 4.3 3.5 7 3.5 C9 3.5 11 4.8 12 6.5 C13 4.8 15 3.5 17 3.5 C19.7 3.5 22 5.5 22 8.5 C22 12.5 19 15.5 12 21 Z',
  'magnifyingglass': 'M10 2.5 A7.5 7.5 0 1 0 10 17.5 A7.5 7.5 0 1 0 10 2.5 Z M10 5 A5 5 0 1 1 10 15 A5 5 0 1 1 10 5 Z M15.6 14.2 L21.6 20.2 L20.2 21.6 L14.2 15.6 Z',
  'chevron.left': 'M15.5 3 L17.5 5 L10.5 12 L17.5 19 L15.5 21 L6.5 12 Z',
  'cellularbars': 'M1.4 14.11 H2.81 A1.4 1.4 0 0 1 4.21 15.51 V18.32 A1.4 1.4 0 0 1 2.81 19.72 H1.4 A1.4 1.4 0 0 1 0 18.32 V15.51 A1.4 1.4 0 0 1 1.4 14.11 Z M8 11.3 H9.4 A1.4 1.4 0 0 1 10.81 12.7 V18.32 A1.4 1.4 0 0 1 9.4 19.72 H8 A1.4 1.4 0 0 1 6.6 18.32 V12.7 A1.4 1.4 0 0 1 8 11.3 Z M14.6 7.79 H16 A1.4 1.4 0 0 1 17.4 9.19 V18.32 A1.4 1.4 0 0 1 16 19.72 H14.6 A1.4 1.4 0 0 1 13.19 18.32 V9.19 A1.4 1.4 0 0 1 14.6 7.79 Z M21.19 4.28 H22.6 A1.4 1.4 0 0 1 24 5.68 V18.32 A1.4 1.4 0 0 1 22.6 19.72 H21.19 A1.4 1.4 0 0 1 19.79 18.32 V5.68 A1.4 1.4 0 0 1 21.19 4.28 Z',
  'wifi': 'M0 8.63 A16.97 16.97 0 0 1 24 8.63 L21.36 11.27 A13.24 13.24 0 0 0 2.64 11.27 Z M4.08 12.71 A11.2 11.2 0 0 1 19.92 12.71 L17.4 15.23 A7.64 7.64 0 0 0 6.6 15.23 Z M8.04 16.67 A5.6 5.6 0 0 1 15.96 16.67 L12 20.63 Z',
  'battery.100': 'M3.08 8.48 H18.9 A1.32 1.32 0 0 1 20.22 9.8 V14.2 A1.32 1.32 0 0 1 18.9 15.52 H3.08 A1.32 1.32 0 0 1 1.76 14.2 V9.8 A1.32 1.32 0 0 1 3.08 8.48 Z',
});

/** How opaque a glyph's second layer is against its tint (iOS's battery outline). */
export const GLYPH_SECONDARY_OPACITY = 0.35;

/** Second layers, drawn after the first at GLYPH_SECONDARY_OPACITY. */
export const GLYPH_SECONDARY_PATHS = Object.freeze({
  'battery.100': 'M3.08 6.73 H18.9 A3.08 3.08 0 0 1 21.98 9.8 V14.2 A3.08 3.08 0 0 1 18.9 17.27 H3.08 A3.08 3.08 0 0 1 0 14.2 V9.8 A3.08 3.08 0 0 1 3.08 6.73 Z M3.08 7.6 H18.9 A2.2 2.2 0 0 1 21.1 9.8 V14.2 A2.2 2.2 0 0 1 18.9 16.4 H3.08 A2.2 2.2 0 0 1 0.88 14.2 V9.8 A2.2 2.2 0 0 1 3.08 7.6 Z M23.43 10.24 H23.43 A0.57 0.57 0 0 1 24 10.81 V13.19 A0.57 0.57 0 0 1 23.43 13.76 H23.43 A0.57 0.57 0 0 1 22.86 13.19 V10.81 A0.57 0.57 0 0 1 23.43 10.24 Z',
});

const primaryCache = new Map();
const secondaryCache = new Map();

function cachedPath(cache, table, name) {
  let path = cache.get(name);
  if (path === undefined && Object.prototype.hasOwnProperty.call(table, name)) {
    path = new Path2D(table[name]);
    cache.set(name, path);
  }
  return path;
}

/** The Path2D for a glyph name, made once; undefined for a name this page does not know. */
export function glyphPath(name) {
  return cachedPath(primaryCache, GLYPH_PATHS, name);
}

/** The Path2D of a glyph's second layer, made once; undefined for a one-layer glyph. */
export function glyphSecondaryPath(name) {
  return cachedPath(secondaryCache, GLYPH_SECONDARY_PATHS, name);
}
