/** The event a lazily loaded screen dispatches on window (detail: the screen, e.g. 'wallet') in the
 *  layout effect that rendered its content; instant-start.ts removes that screen's snapshot. A
 *  constant only, so importing it adds no run-time code to the screen's chunk. */
export const SCREEN_READY_EVENT = 'sp-screen-ready';
