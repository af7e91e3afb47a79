/**
 * Imported by src/main.tsx right after the stylesheets are started, before the rest of the first-paint
 * code evaluates. When public/instant-start.js is showing an instant start snapshot, or is about to
 * (`data-instant="pending"` on <html>: it waits for the app's stylesheets first), the evaluation of
 * ~450 KB of app code would hold the main thread before the browser's next frame: this waits for
 * that frame (at most 50 ms, never in a hidden tab), so the snapshot is painted first. Costs the live
 * app at most about one frame, and only when a snapshot is shown (README.md in this folder).
 */
const state = () => document.documentElement.getAttribute('data-instant');
if (typeof document !== 'undefined' && document.visibilityState === 'visible' && (state() === 'pending' || state() === 'shown')) {
  await new Promise<void>((resolve) => {
    const cap = setTimeout(resolve, 50);
    const afterFrame = () =>
      requestAnimationFrame(() => {
        clearTimeout(cap);
        setTimeout(resolve, 0); // after the frame has been produced
      });
    if (state() === 'shown') afterFrame();
    else {
      const mo = new MutationObserver(() => {
        if (state() === 'pending') return;
        mo.disconnect();
        if (state() === 'shown') afterFrame();
        else {
          clearTimeout(cap);
          resolve();
        }
      });
      mo.observe(document.documentElement, { attributes: true, attributeFilter: ['data-instant'] });
    }
  });
}
export {};
