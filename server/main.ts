/**
 * Entry point: validated config → database (migrated, seeded) → HTTP server.
 * Closes the database cleanly on SIGTERM/SIGINT (PGlite must be closed for Node to exit).
 */
import { serve } from '@hono/node-server';
import { ConfigError, loadConfig, type Config } from './config.ts';
import { openDatabase } from './db/open.ts';
import { seedDemoData, DEMO_PASSWORD, demoEmail } from './seed/index.ts';
import { startRetention } from './jobs/retention.ts';
import { startOrderExpiry } from './jobs/expire-orders.ts';
import { startPayout } from './jobs/payout.ts';
import { partnerSecrets } from './services/partner-secrets.ts';
import { createApp } from './app.ts';
import { fileStoreFor } from './services/file-store.ts';
import { warmStaticCache } from './http/static.ts';

async function main() {
  let config: Config;
  try {
    config = loadConfig();
  } catch (err) {
    if (err instanceof ConfigError) {
      console.error(err.message);
      process.exit(1);
    }
    throw err;
  }

  const started = Date.now();
  const where = config.databaseUrl ? `PostgreSQL (${redact(config.databaseUrl)})` : `PGlite (${config.dataDir})`;
  console.log(`[server] opening ${where}…`);
  const db = await openDatabase({ url: config.databaseUrl, dataDir: config.dataDir });
  await seedDemoData(db, { brands: config.seedBrands, demoUsers: config.demoUsers });
  const stopRetention = await startRetention(db, config);
  const stopOrderExpiry = await startOrderExpiry(db, config);
  const stopPayout = await startPayout(db, config);
  const networks = await partnerSecrets(db, config);
  const uploads = fileStoreFor(db).dir;
  if (uploads) console.log(`[server] uploaded photos in ${uploads}`);

  const app = createApp({ db, config });
  const server = serve({ fetch: app.fetch, port: config.port }, (info) => {
    console.log(`[server] ready in ${Date.now() - started} ms`);
    console.log(`[server] SocialPay is running at http://localhost:${info.port}  (public URL ${config.publicUrl})`);
    console.log(`[server] demo login: ${demoEmail(1)} / ${DEMO_PASSWORD}`);
    if (config.demoUsers > 1) console.log(`[server] also demo2@socialpay.test … demo${config.demoUsers}@socialpay.test (same password)`);
    // The made-up demo network's secret, so a person can sign conversions by hand (README, "The reward loop").
    if (!config.partnerSecrets) console.log(`[server] demo partner network: demo / secret ${networks.get('demo')}`);
    else console.log(`[server] partner networks: ${[...networks.keys()].join(', ')}`);
    // Compress the app's files now, off the event loop, rather than on the first visitor's requests.
    void warmStaticCache(config.distDir);
  });

  server.on('error', async (err: NodeJS.ErrnoException) => {
    console.error(
      err.code === 'EADDRINUSE'
        ? `[server] port ${config.port} is already in use: stop the other process or set PORT`
        : `[server] cannot listen on port ${config.port}: ${err.message}`,
    );
    await db.close().catch(() => {});
    process.exit(1);
  });

  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    console.log(`[server] ${signal}: shutting down`);
    const force = setTimeout(() => process.exit(1), 10_000);
    force.unref();
    await new Promise<void>((res) => server.close(() => res()));
    stopRetention();
    stopOrderExpiry();
    stopPayout();
    await db.close().catch((e) => console.error('[server] closing the database failed:', e));
    process.exit(0);
  };
  process.on('SIGTERM', () => void stop('SIGTERM'));
  process.on('SIGINT', () => void stop('SIGINT'));
}

function redact(url: string): string {
  return url.replace(/\/\/([^:@/]+):[^@/]*@/, '//$1:***@');
}

main().catch((err) => {
  console.error('[server] failed to start:', err);
  process.exit(1);
});
