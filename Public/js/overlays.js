// The page's own overlays (the hint pill, notices) placed where they cover none of the scene's
// controls: the scene's text-bearing nodes (buttons' titles, labels), the
// system chrome the server draws (status bar, navigation bar, tab bar, home indicator: whole, text
// or not) and the page's own controls. The display list says nothing about which views take taps,
// so text stands in for controls; it covers every button the scenes have.

/** Gap kept around an overlay, and the step between the positions tried, CSS px. */
const MARGIN = 6;
const STEP = 4;
/** A node fainter than this is not something a person aims at. */
const VISIBLE_ALPHA = 0.05;
/** The server's system chrome (docs/scenes.md): no overlay covers any part of these views. */
const CHROME_NAMES = new Set(['status-bar', 'navigation-bar', 'tab-bar', 'home-indicator']);

/**
 * A node's bounding box in window CSS px. `screen` maps the canvas's CSS px to the window's: where
 * the canvas is drawn (a DOMRect) and its laid-out size.
 */
function nodeRect(node, screen) {
  const sx = screen.rect.width / screen.width, sy = screen.rect.height / screen.height;
  const xs = [node.tx, node.tx + node.a * node.width, node.tx + node.c * node.height,
    node.tx + node.a * node.width + node.c * node.height];
  const ys = [node.ty, node.ty + node.b * node.width, node.ty + node.d * node.height,
    node.ty + node.b * node.width + node.d * node.height];
  return {
    left: screen.rect.left + sx * Math.min(...xs), right: screen.rect.left + sx * Math.max(...xs),
    top: screen.rect.top + sy * Math.min(...ys), bottom: screen.rect.top + sy * Math.max(...ys),
  };
}

/**
 * Bounding boxes (window CSS px, see nodeRect) of the nodes that carry text and of the chrome's
 * views, plus `extra` rectangles (DOMRects of page controls). Allocates; call it a few times a
 * second at most.
 */
export function obstacles(nodes, screen, extra = []) {
  const rects = [];
  for (const node of nodes) {
    if (node.alpha < VISIBLE_ALPHA || !(node.text || CHROME_NAMES.has(node.name))) continue;
    rects.push(nodeRect(node, screen));
  }
  for (const rect of extra) {
    if (rect.width > 0 && rect.height > 0) rects.push(rect);
  }
  return rects;
}

function overlaps(left, top, width, height, rect) {
  return left < rect.right + MARGIN && left + width > rect.left - MARGIN
    && top < rect.bottom + MARGIN && top + height > rect.top - MARGIN;
}

/** The area of `rect` (grown by MARGIN) that a box at left, top, width, height covers. */
function coveredArea(left, top, width, height, rect) {
  const x = Math.min(left + width, rect.right + MARGIN) - Math.max(left, rect.left - MARGIN);
  const y = Math.min(top + height, rect.bottom + MARGIN) - Math.max(top, rect.top - MARGIN);
  return x > 0 && y > 0 ? x * y : 0;
}

/**
 * Moves a fixed-position `element` (its left edge and width as laid out) vertically to the free
 * position nearest `preferredTop`, searching both ways within the window. When nothing is free (a
 * screen full of controls, or large text), it goes where it covers the least of them.
 */
export function placeClear(element, rects, preferredTop) {
  if (element.hidden) return;
  const box = element.getBoundingClientRect();
  const lowest = window.innerHeight - box.height - MARGIN;
  const start = Math.min(Math.max(preferredTop, MARGIN), lowest);
  let chosen = start, least = Infinity;
  for (let distance = 0; distance <= window.innerHeight; distance += STEP) {
    const candidates = distance === 0 ? [start] : [start + distance, start - distance];
    for (const top of candidates) {
      if (top < MARGIN || top > lowest) continue;
      const covered = rects.reduce((sum, rect) => sum + coveredArea(box.left, top, box.width, box.height, rect), 0);
      if (covered < least) {
        least = covered;
        chosen = top;
      }
    }
    if (least === 0) break;
  }
  element.style.top = `${Math.round(chosen)}px`;
  element.style.bottom = 'auto';
}

/** The ☰ pill's width at most, CSS px: about the Dynamic Island's. */
const PILL_WIDTH = 120;
/** Its height at most, and its height and width as a corner button where there is no status bar. */
const PILL_HEIGHT = 34;
const CORNER_PILL_WIDTH = 36;
/** How far the pill keeps from the status bar's edges, and the corner button from the screen's. */
const PILL_INSET = 5;
const MINIMUM_PILL_HEIGHT = 16;

/**
 * Where the server's top chrome ends and how tall its status bar is (window CSS px), and where the
 * page's ☰ pill fits in that bar, from a frame's nodes: the page puts the pill inside the status bar
 * and its panels below the bars. The pill goes where the Dynamic Island sits, the bar's centre,
 * when that is free (a notched phone: the time and the icons sit in the ears); otherwise (a home-
 * button phone, its time centred) in the widest free stretch. Without a status bar (a phone in
 * landscape, where iOS hides it) it is a small button in the screen's top-right corner, where a
 * navigation bar has no back button or title (and a notched phone has its side inset).
 */
export function topChrome(nodes, screen) {
  let statusBar = null, bottom = screen.rect.top;
  const items = [];
  const labels = [];
  for (const node of nodes) {
    if (node.alpha < VISIBLE_ALPHA) continue;
    if (node.name === 'status-bar' || node.name === 'navigation-bar') {
      const rect = nodeRect(node, screen);
      if (node.name === 'status-bar') statusBar = rect;
      bottom = Math.max(bottom, rect.bottom);
    } else if (node.name.startsWith('status-bar-')) {
      items.push(nodeRect(node, screen));
    } else if (node.text) {
      labels.push(nodeRect(node, screen));
    }
  }
  if (statusBar === null) {
    return { statusBar: 0, bottom, pillTop: screen.rect.top + PILL_INSET, pillHeight: PILL_HEIGHT,
      pillCentre: cornerCentre(screen, labels), pillWidth: CORNER_PILL_WIDTH };
  }
  const height = statusBar.bottom - statusBar.top;
  const pillHeight = Math.min(Math.max(height - 2 * PILL_INSET, MINIMUM_PILL_HEIGHT), PILL_HEIGHT);
  return {
    statusBar: height, bottom, pillTop: statusBar.top + Math.max(0, (height - pillHeight) / 2), pillHeight,
    ...pillSpan(statusBar, items),
  };
}

/** The corner button's centre: the top-right corner, or the top-left when text is there (a sheet's
 * Done, a navigation bar's right button), or the right again when both are taken. */
function cornerCentre(screen, labels) {
  const top = screen.rect.top + PILL_INSET;
  const right = screen.rect.left + screen.rect.width - PILL_INSET - CORNER_PILL_WIDTH;
  const left = screen.rect.left + PILL_INSET;
  const free = (x) => !labels.some((rect) => overlaps(x, top, CORNER_PILL_WIDTH, PILL_HEIGHT, rect));
  const chosen = free(right) || !free(left) ? right : left;
  return chosen + CORNER_PILL_WIDTH / 2;
}

/** The pill's centre and width in the status bar `bar` beside its `items` (time, signal, battery). */
function pillSpan(bar, items) {
  const free = [];
  let from = bar.left;
  for (const item of [...items].sort((a, b) => a.left - b.left)) {
    if (item.left - MARGIN > from) free.push([from, item.left - MARGIN]);
    from = Math.max(from, item.right + MARGIN);
  }
  if (bar.right > from) free.push([from, bar.right]);
  const centre = (bar.left + bar.right) / 2;
  const middle = free.find(([low, high]) => low <= centre && centre <= high);
  if (middle && 2 * Math.min(centre - middle[0], middle[1] - centre) >= PILL_WIDTH) {
    return { pillCentre: centre, pillWidth: PILL_WIDTH };
  }
  const [low, high] = free.reduce((best, span) => (span[1] - span[0] > best[1] - best[0] ? span : best), [centre, centre]);
  return { pillCentre: (low + high) / 2, pillWidth: Math.min(PILL_WIDTH, high - low) };
}
