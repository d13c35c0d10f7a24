// A scrolling strip chart in the manner of stats.js: each sample shifts the canvas one CSS pixel
// left and paints one new column, so an update costs the same however long the history.

const WIDTH = 190;
const HEIGHT = 40;

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
  canvas.style.width = `${WIDTH}px`;
  canvas.style.height = `${HEIGHT}px`;
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
  };
}
