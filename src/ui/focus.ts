// Where focus goes when the app moves it (a screen's title, a closed dialog's opener), and whether the
// ring shows: only when the user is on the keyboard (a mouse or touch user gets focus moved for screen
// readers but no ring). Chromium's own :focus-visible guess shows it after any page load, so the last
// input kind is tracked here; the listeners are installed by the app layout on first paint.
let keyboardUser = false;
let installed = false;

export function trackInputModality(): void {
  if (installed || typeof document === 'undefined') return;
  installed = true;
  document.addEventListener('keydown', (e) => {
    if (!e.metaKey && !e.ctrlKey && !e.altKey) keyboardUser = true;
  }, true);
  document.addEventListener('pointerdown', () => {
    keyboardUser = false;
  }, true);
}

/** True when the last input was a key (Tab, Enter, …), false after a pointer or before any input. */
export function isKeyboardUser(): boolean {
  return keyboardUser;
}

/**
 * Moves focus to `el` (making it focusable if it is not), with the focus ring only for keyboard users:
 * pointer users get `data-quiet-focus`, which the stylesheet uses to hide the ring until focus leaves.
 */
export function moveFocus(el: HTMLElement): void {
  if (!el.matches('a[href], button, input, select, textarea, [tabindex]')) el.setAttribute('tabindex', '-1');
  if (keyboardUser) el.removeAttribute('data-quiet-focus');
  else {
    el.setAttribute('data-quiet-focus', '');
    el.addEventListener('blur', () => el.removeAttribute('data-quiet-focus'), { once: true });
  }
  el.focus({ preventScroll: true });
}
