// The glyphs the server names on the wire (protocol 4's glyph section): SF Symbols names, each a
// filled path in a 24×24 box, even-odd (a ring's inner circle is a hole). The same paths as
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
});

const cache = new Map();

/** The Path2D for a glyph name, made once; undefined for a name this page does not know. */
export function glyphPath(name) {
  let path = cache.get(name);
  if (path === undefined && Object.prototype.hasOwnProperty.call(GLYPH_PATHS, name)) {
    path = new Path2D(GLYPH_PATHS[name]);
    cache.set(name, path);
  }
  return path;
}
