// scripts/dev's overlay: shows the last failed build over the page until a build succeeds. Only
// the dev loop's copy of the page loads it; it polls the status file the loop writes beside it.
const POLL_MS = 1000;
const overlay = document.createElement('pre');
overlay.id = 'dev-build-error';
overlay.hidden = true;
overlay.style.cssText = 'position:fixed;left:0;right:0;bottom:0;max-height:50vh;overflow:auto;margin:0;'
  + 'padding:12px;background:rgba(120,0,0,0.92);color:#fff;font:12px/1.4 monospace;z-index:1000;white-space:pre-wrap';
document.body.appendChild(overlay);

async function poll() {
  try {
    const response = await fetch('dev-status.txt', { cache: 'no-store' });
    const text = response.ok ? await response.text() : '';
    const [state, ...log] = text.split('\n');
    overlay.hidden = state !== 'error';
    if (state === 'error') overlay.textContent = 'Build failed; still serving the last good build.\n\n' + log.join('\n');
  } catch {
    // The server is restarting; the next poll will tell.
  }
  setTimeout(poll, POLL_MS);
}
poll();
