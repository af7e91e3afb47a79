// A 5xx raises the global error flag and it is reset right after. Listeners see the
// raise (e.g. to show the generic toast); the flag itself never stays up.
type Listener = (raised: boolean) => void;
let flag = false;
const listeners = new Set<Listener>();

export function raiseGlobalError(): void {
  flag = true;
  listeners.forEach((l) => l(true));
  flag = false;
  listeners.forEach((l) => l(false));
}

export function isGlobalErrorRaised(): boolean {
  return flag;
}

export function onGlobalError(fn: Listener): () => void {
  listeners.add(fn);
  return () => listeners.delete(fn);
}
