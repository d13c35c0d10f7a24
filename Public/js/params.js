// The page's query parameters, read once as it loads: `scene` (a scene to open), `device` and
// `orientation` (the outline on a desktop), `watch` (a share link's token), `large` (1: large text
// for a projector, 0: normal). A value the page cannot use is reported, in one notice, and taken
// out of the address (history.replaceState), so a reload or a copied link does not carry it on. A
// scene name that is well formed but names no scene the server has is reported when the server's
// hello says so (main.js). Parameters the page does not read are left alone.

/** The longest part of a value a notice quotes, in characters; the rest is an ellipsis. */
export const QUOTED_CHARACTERS = 24;

/** `text` cut to at most `limit` characters (code points, never half of one), ending in "…". */
export function shortened(text, limit = QUOTED_CHARACTERS) {
  const characters = Array.from(text);
  return characters.length <= limit ? text : `${characters.slice(0, limit - 1).join('')}…`;
}

/**
 * Checks each parameter the page reads. Returns the usable values (null for a parameter absent or
 * refused) and, for each refused one, its name and a sentence saying why.
 * @param {URLSearchParams} params
 * @param {{isSceneName: (name: string) => boolean, deviceIds: string[], isToken: (token: string) => boolean}} rules
 */
export function readParameters(params, { isSceneName, deviceIds, isToken }) {
  const values = { scene: null, device: null, orientation: null, watch: null, large: null };
  const problems = [];
  const check = (name, valid, why) => {
    const value = params.get(name);
    if (value === null) return;
    if (valid(value)) values[name] = value;
    else problems.push({ name, message: `?${name}=${shortened(value)}: ${why}` });
  };
  check('scene', isSceneName, 'not a scene name (1 to 64 bytes of printable text).');
  check('device', (id) => deviceIds.includes(id), `no such device; use ${list(deviceIds)}.`);
  check('orientation', (value) => value === 'portrait' || value === 'landscape', 'use portrait or landscape.');
  check('watch', isToken, 'this share link is not complete; copy the whole link again.');
  check('large', (value) => value === '1' || value === '0', 'use 1 (large text) or 0.');
  return { values, problems };
}

/** "a, b or c". */
function list(items) {
  return items.length < 2 ? items.join('') : `${items.slice(0, -1).join(', ')} or ${items[items.length - 1]}`;
}

/** Takes the named parameters out of the address without a new history entry. */
export function removeParameters(names) {
  if (names.length === 0) return;
  const url = new URL(location.href);
  for (const name of names) url.searchParams.delete(name);
  history.replaceState(null, '', url);
}
