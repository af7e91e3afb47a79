/**
 * The process's lifecycle as HTTP sees it: main.ts sets `draining` on SIGTERM; /ready then answers
 * 503 and every response asks the client to close its connection, so keep-alive connections end
 * cleanly after their last answer instead of being cut while a request is on its way.
 */
export interface Lifecycle {
  draining: boolean;
}

export const newLifecycle = (): Lifecycle => ({ draining: false });
