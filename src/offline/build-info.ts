/** The build's id (vite.config.ts sets VITE_BUILD_ID; a timestamp when the build does not pass one).
 *  Used as the persisted query cache's buster and shown for support (data-build on <html>). */
export const BUILD_ID: string = (import.meta.env.VITE_BUILD_ID as string | undefined) ?? 'dev';
