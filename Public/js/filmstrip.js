// The last transition as a filmstrip the page can download: frames side by side and, below them,
// the progress over time coloured by phase — what `segue record --svg` draws, from the frames this
// page received, each drawn as the canvas draws it (frame-svg.js). Plain SVG text, no dependencies.

import { SVG_FONT_STACK, copyNode, escapeXML, frameSVG, round } from './frame-svg.js';

/** Frames kept for one transition: ten seconds at 60 fps, so a held swipe cannot grow the page. */
const MAXIMUM_FRAMES = 600;
/** Frames drawn side by side, evenly spread from the frame before the transition to the one after. */
const STRIP_FRAMES = 6;
const FRAME_WIDTH = 180;
const GAP = 16;
const PLOT_HEIGHT = 140;
/** Below the title and each frame's two label lines. */
const FRAMES_TOP = 74;
const PHASE_COLORS = {
  animating: '#6b7280', interactive: '#e67e22', finishing: '#27ae60', cancelling: '#c0392b',
};

export class TransitionFilmstrip {
  constructor() {
    /** The transition being received, then the last one complete. */
    this.current = null;
    this.last = null;
    this.previousFrame = null;
  }

  /** Feeds every frame as it arrives (`time` in ms, the page's clock). */
  frameReceived(header, nodes, viewport, time) {
    const frame = {
      time, operation: header.operation, phase: header.phase, progress: header.progress,
      nodes: nodes.map(copyNode), viewport,
    };
    if (header.operation && !this.current) {
      // The frame before, as it stood when the transition began (frames stop while nothing moves).
      const before = this.previousFrame ? [{ ...this.previousFrame, time }] : [];
      this.current = { frames: before, operation: header.operation };
    }
    if (this.current) {
      if (this.current.frames.length < MAXIMUM_FRAMES) this.current.frames.push(frame);
      if (!header.operation) {
        this.last = this.current;
        this.current = null;
      }
    }
    this.previousFrame = frame;
  }

  get available() {
    return this.last !== null;
  }

  /** The last complete transition as SVG text, or null before one ended. */
  svg(title) {
    const recording = this.last;
    if (!recording || recording.frames.length === 0) return null;
    const frames = recording.frames;
    const viewport = frames[frames.length - 1].viewport;
    const scale = FRAME_WIDTH / Math.max(viewport.width, 1);
    const frameHeight = viewport.height * scale;
    const chosen = [];
    for (let i = 0; i < STRIP_FRAMES; i++) {
      chosen.push(frames[Math.round(i * (frames.length - 1) / (STRIP_FRAMES - 1))]);
    }
    const width = STRIP_FRAMES * (FRAME_WIDTH + GAP) + GAP;
    const plotTop = FRAMES_TOP + frameHeight + 40;
    const height = plotTop + PLOT_HEIGHT + 50;
    const start = frames[0].time, span = Math.max(frames[frames.length - 1].time - start, 1);
    const parts = [
      `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${round(height)}" viewBox="0 0 ${width} ${round(height)}" font-family="${SVG_FONT_STACK}">`,
      `<rect width="100%" height="100%" fill="#ffffff"/>`,
      `<text x="${GAP}" y="30" font-size="20" font-weight="bold">${escapeXML(title)}: ${escapeXML(recording.operation)}</text>`,
    ];
    chosen.forEach((frame, index) => {
      const x = GAP + index * (FRAME_WIDTH + GAP);
      const label = frame.operation ? `${frame.operation} · ${frame.phase} ${frame.progress.toFixed(2)}` : 'at rest';
      parts.push(`<text x="${x}" y="50" font-size="12">t = ${((frame.time - start) / 1000).toFixed(2)} s</text>`);
      parts.push(`<text x="${x}" y="65" font-size="11" fill="${PHASE_COLORS[frame.phase] ?? '#6b7280'}">${escapeXML(label)}</text>`);
      parts.push(`<svg x="${x}" y="${FRAMES_TOP}" width="${FRAME_WIDTH}" height="${round(frameHeight)}" viewBox="0 0 ${viewport.width} ${viewport.height}">`
        + `<rect width="${viewport.width}" height="${viewport.height}" fill="#000000"/>${frameSVG(frame.nodes, `f${index}`)}`);
      parts.push(`</svg><rect x="${x}" y="${FRAMES_TOP}" width="${FRAME_WIDTH}" height="${round(frameHeight)}" fill="none" stroke="#999"/>`);
    });
    // The progress over time, one segment per frame, coloured by its phase.
    const plotLeft = GAP + 30, plotWidth = width - plotLeft - GAP;
    const px = (time) => round(plotLeft + (time - start) / span * plotWidth);
    const py = (progress) => round(plotTop + (1 - progress) * PLOT_HEIGHT);
    parts.push(`<text x="${GAP}" y="${plotTop - 12}" font-size="13">progress over time (s), coloured by phase</text>`);
    parts.push(`<line x1="${plotLeft}" y1="${plotTop + PLOT_HEIGHT}" x2="${plotLeft + plotWidth}" y2="${plotTop + PLOT_HEIGHT}" stroke="#333"/>`);
    parts.push(`<line x1="${plotLeft}" y1="${plotTop}" x2="${plotLeft}" y2="${plotTop + PLOT_HEIGHT}" stroke="#333"/>`);
    parts.push(`<text x="${plotLeft - 6}" y="${plotTop + 4}" font-size="11" text-anchor="end">1</text>`);
    parts.push(`<text x="${plotLeft - 6}" y="${plotTop + PLOT_HEIGHT}" font-size="11" text-anchor="end">0</text>`);
    parts.push(`<text x="${plotLeft + plotWidth}" y="${plotTop + PLOT_HEIGHT + 16}" font-size="11" text-anchor="end">${(span / 1000).toFixed(2)} s</text>`);
    for (let i = 1; i < frames.length; i++) {
      const a = frames[i - 1], b = frames[i];
      if (!b.operation) continue;
      const progressA = a.operation ? a.progress : 0;
      parts.push(`<line class="phase-${b.phase}" x1="${px(a.time)}" y1="${py(progressA)}" x2="${px(b.time)}" y2="${py(b.progress)}" stroke="${PHASE_COLORS[b.phase] ?? '#6b7280'}" stroke-width="2"/>`);
    }
    let legendX = plotLeft;
    for (const [phase, color] of Object.entries(PHASE_COLORS)) {
      parts.push(`<rect x="${legendX}" y="${plotTop + PLOT_HEIGHT + 28}" width="10" height="10" fill="${color}"/><text x="${legendX + 14}" y="${plotTop + PLOT_HEIGHT + 37}" font-size="11">${phase}</text>`);
      legendX += 100;
    }
    parts.push('</svg>');
    return parts.join('\n');
  }

  /** Saves the last transition as an SVG file. */
  download(title) {
    const text = this.svg(title);
    if (!text) return false;
    const link = document.createElement('a');
    link.href = URL.createObjectURL(new Blob([text], { type: 'image/svg+xml' }));
    link.download = `segue-${title}-${this.last.operation}.svg`;
    document.body.append(link);
    link.click();
    link.remove();
    setTimeout(() => URL.revokeObjectURL(link.href), 10_000);
    return true;
  }
}
