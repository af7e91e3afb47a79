/**
 * Runs a change once the press under way (if any) has ended. A mouse or touch press elsewhere blurs the
 * search field before its click: hiding the recent searches right then moved the page up under the
 * pointer and the click landed on nothing. Keyboard focus moves (no press) run it at once.
 */
let pressing = false;
let bound = false;

function bind(): void {
  if (bound || typeof document === 'undefined') return;
  bound = true;
  document.addEventListener('pointerdown', () => (pressing = true), true);
  // On the window, bubbling: after the click's own handlers have run.
  addEventListener('click', () => (pressing = false));
  addEventListener('pointercancel', () => (pressing = false));
}

/** Start listening (call on mount of whatever may need afterPress). */
export function trackPresses(): void {
  bind();
}

export function afterPress(run: () => void): void {
  if (!pressing) return run();
  let done = false;
  const finish = () => {
    if (done) return;
    done = true;
    removeEventListener('click', finish);
    removeEventListener('pointercancel', finish);
    removeEventListener('pointerup', later);
    run();
  };
  // A mouse press: its click comes in the same task as the pointerup; a press that ends without one still ends.
  const later = () => setTimeout(finish, 0);
  addEventListener('click', finish);
  addEventListener('pointercancel', finish);
  addEventListener('pointerup', later);
}
