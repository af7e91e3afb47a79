// Cutting the network for offline journeys: setOffline alone does not stop the service worker's own
// fetches, so everything the context (page and worker) requests is aborted too.
import type { BrowserContext } from '@playwright/test';

export async function goOffline(context: BrowserContext): Promise<void> {
  await context.setOffline(true);
  await context.route('**/*', (route) => route.abort('internetdisconnected'));
}

export async function goOnline(context: BrowserContext): Promise<void> {
  await context.unroute('**/*');
  await context.setOffline(false);
}
