// A scrolling strip chart in the manner of stats.js: each sample shifts the canvas one column left
// and paints one new column, so an update costs the same however long the history. Its backing
// store is WIDTH × HEIGHT CSS px at the device's pixel ratio; the style sheet sets the size it is
// shown at (a column is one CSS px at the normal size, more in large text).

const WIDTH = 190;
const HEIGHT = 40;
/** An event's mark (mark()): a square this many CSS px on a side. */
const MARK_SIZE = 4;

/**
 * @param {HTMLCanvasElement} canvas
 * @param {object} options
 * @param {number} options.max the value drawn at the top; larger values are clipped
 * @param {{value: number, color: string}[]} [options.guides] horizontal lines (e.g. budgets)
 */
export function createGraph(canvas, { max, guides = [] }) {
  const ratio = Math.max(1, Math.round(window.devicePixelRatio || 1));
  canvas.width = WIDTH * ratio;
  canvas.height = HEIGHT * ratio;
  const ctx = canvas.getContext('2d');
  const column = canvas.width - ratio;
  const background = '#10131a';
  ctx.fillStyle = background;
  ctx.fillRect(0, 0, canvas.width, canvas.height);
  const yOf = (value) => canvas.height - Math.min(value / max, 1) * canvas.height;

  function shift() {
    ctx.drawImage(canvas, ratio, 0, column, canvas.height, 0, 0, column, canvas.height);
    ctx.fillStyle = background;
    ctx.fillRect(column, 0, ratio, canvas.height);
  }

  function paintGuides() {
    for (const guide of guides) {
      ctx.fillStyle = guide.color;
      ctx.fillRect(column, Math.round(yOf(guide.value)), ratio, ratio);
    }
  }

  return {
    /** A bar from the bottom up to `value`. */
    bar(value, color) {
      shift();
      const top = yOf(value);
      ctx.fillStyle = color;
      ctx.fillRect(column, top, ratio, canvas.height - top);
      paintGuides();
    },
    /** A dot at `value`, or an empty column for null (e.g. no transition running). */
    dot(value, color) {
      shift();
      paintGuides();
      if (value === null) return;
      ctx.fillStyle = color;
      ctx.fillRect(column, Math.min(yOf(value), canvas.height - 2 * ratio), ratio, 2 * ratio);
    },
    /** A square at `value` over the newest columns, for an event; it scrolls with them. */
    mark(value, color) {
      const size = MARK_SIZE * ratio;
      const top = Math.min(Math.max(yOf(value) - size / 2, 0), canvas.height - size);
      ctx.fillStyle = color;
      ctx.fillRect(canvas.width - size, top, size, size);
    },
  };
}
