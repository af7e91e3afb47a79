/**
 * The outbox's engine (outbox.ts) as a lazy chunk. Boot (src/app/offline-boot.ts) loads it after the
 * first render, registers the features' operations and starts it, and hands that promise here, so a
 * change queued from first-paint code (following a brand) waits for an engine that can send it.
 */
type Engine = typeof import('./outbox');

let ready: Promise<Engine> | null = null;

export function setOutboxEngine(engine: Promise<Engine>): void {
  ready = engine;
}

export function loadOutbox(): Promise<Engine> {
  return (ready ??= import('./outbox'));
}

/** outbox.ts queueChange, from code that must not import the engine. */
export function queueChangeLater(...args: Parameters<Engine['queueChange']>): Promise<void> {
  return loadOutbox().then((outbox) => outbox.queueChange(...args));
}
