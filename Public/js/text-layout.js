// How a node's text is set in its bounds, as UILabel sets it: wrapped at word boundaries to the
// width, at most `numberOfLines` lines (0: no limit) and no more than the height holds, the last
// line's tail truncated with an ellipsis. Pure: the caller passes the measuring function.

/**
 * A line's height over the font size: UIFont.systemFont(ofSize: 17).lineHeight is 20.287 pt on iOS
 * (SF Pro's ascender plus descender), and the ratio holds at every size.
 */
export const LINE_HEIGHT_PER_POINT = 20.287 / 17;
/** What ends a truncated line, as UIKit's `.byTruncatingTail`. */
export const ELLIPSIS = '\u2026';
/**
 * Room given to a height that is a whole number of lines but for float error: a label sized to two
 * lines (2 × 20.287 rounded to 1/64 pt by the wire) holds two, not one.
 */
const HEIGHT_SLACK = 1 / 32;

/**
 * The lines to draw, top to bottom.
 * @param {string} text
 * @param {number} width the bounds' width, points
 * @param {number} height the bounds' height, points
 * @param {number} fontSize points
 * @param {number} numberOfLines 0 for as many as fit
 * @param {(s: string) => number} measure a string's advance width in points, in the node's font
 * @returns {string[]}
 */
export function layOutText(text, width, height, fontSize, numberOfLines, measure) {
  const lineHeight = fontSize * LINE_HEIGHT_PER_POINT;
  const fitting = Math.max(1, Math.floor((height + HEIGHT_SLACK) / lineHeight));
  const limit = numberOfLines === 0 ? fitting : Math.min(numberOfLines, fitting);
  if (limit === 1 && !text.includes('\n')) {
    return [measure(text) <= width ? text : truncated(text, width, measure)];
  }
  const lines = [];
  const paragraphs = text.split('\n');
  for (let p = 0; p < paragraphs.length; p++) {
    const rest = wrap(paragraphs[p], width, measure, limit - lines.length);
    lines.push(...rest.lines);
    if (lines.length === limit && (rest.remainder || p < paragraphs.length - 1)) {
      const tail = rest.remainder ? `${lines[limit - 1]} ${rest.remainder}` : lines[limit - 1];
      lines[limit - 1] = truncated(tail, width, measure, true);
      break;
    }
  }
  return lines;
}

/**
 * Greedy word wrap of one paragraph into at most `room` lines; a word wider than the line is broken
 * between characters (UIKit's word wrapping does the same). `remainder` is the text left over.
 */
function wrap(paragraph, width, measure, room) {
  const lines = [];
  const words = paragraph.split(' ');
  let line = '';
  let index = 0;
  while (index < words.length && lines.length < room) {
    const word = words[index];
    const candidate = line ? `${line} ${word}` : word;
    if (measure(candidate) <= width) {
      line = candidate;
      index += 1;
    } else if (line) {
      lines.push(line);
      line = '';
    } else {
      const split = longestFittingPrefix(word, width, measure);
      lines.push(word.slice(0, split));
      words[index] = word.slice(split);
    }
  }
  if (lines.length < room) {
    lines.push(line);
    return { lines, remainder: '' };
  }
  const left = words.slice(index);
  if (line) left.unshift(line);
  return { lines, remainder: left.join(' ') };
}

/** As many leading characters of `word` as fit `width`, at least one. */
function longestFittingPrefix(word, width, measure) {
  return Math.max(1, longestFitting(word.length, (count) => measure(word.slice(0, count)) <= width));
}

/** The largest count in 0…`most` for which `fits` holds, given it holds for every smaller one. */
function longestFitting(most, fits) {
  let low = 0, high = most;
  while (low < high) {
    const middle = Math.ceil((low + high) / 2);
    if (fits(middle)) low = middle; else high = middle - 1;
  }
  return low;
}

/**
 * `text` cut at the tail to fit `width` with an ellipsis after it (trailing spaces dropped before
 * it). `force`: end with the ellipsis even when the text fits (more text followed it).
 */
function truncated(text, width, measure, force = false) {
  if (!force && measure(text) <= width) return text;
  const withEllipsis = (count) => `${text.slice(0, count).trimEnd()}${ELLIPSIS}`;
  return withEllipsis(longestFitting(text.length, (count) => measure(withEllipsis(count)) <= width));
}
