/**
 * Entry point: validated config → database (migrated, seeded) → HTTP server.
 * `main.js migrate` only applies the migrations (a deploy step) and exits.
 * SIGTERM/SIGINT drain: /ready turns 503 at once, after SHUTDOWN_DELAY seconds the server stops
 * accepting, requests in flight get SHUTDOWN_GRACE seconds, keep-alive connections are closed after
 * their last answer (Connection: close), then the database is closed (PGlite must be, for Node to exit).
 */
import { serveApp } from './http/serve.ts';
import { ConfigError, loadConfig, type Config } from './config.ts';
import { openDatabase } from './db/open.ts';
import { seedDemoData, DEMO_PASSWORD, demoEmail } from './seed/index.ts';
import { startRetention } from './jobs/retention.ts';
import { startOrderExpiry } from './jobs/expire-orders.ts';
import { startPayout } from './jobs/payout.ts';
import { startNotifications } from './jobs/notifications.ts';
import { partnerSecrets, DEMO_NETWORK } from './services/partner-secrets.ts';
import { createApp } from './app.ts';
import { fileStoreFor } from './services/file-store.ts';
import { warmStaticCache } from './http/static.ts';
import { newLifecycle } from './http/drain.ts';
import { runMigrations } from './db/migrate.ts';
import { log, redactUrl } from './log.ts';

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
  log.level = config.logLevel;

  if (process.argv[2] === 'migrate') {
    const db = await openDatabase({ url: config.databaseUrl, dataDir: config.dataDir, skipMigrations: true });
    try {
      const applied = await runMigrations(db);
      log.info({ applied }, applied.length ? `applied ${applied.length} migration(s)` : 'migrations: nothing to apply');
    } finally {
      await db.close();
    }
    return;
  }

  const started = Date.now();
  const where = config.databaseUrl ? `PostgreSQL (${redactUrl(config.databaseUrl)})` : `PGlite (${config.dataDir})`;
  log.info(`opening ${where}`);
  const db = await openDatabase({ url: config.databaseUrl, dataDir: config.dataDir, skipMigrations: true });
  try {
    const applied = await runMigrations(db);
    if (applied.length) log.info({ applied }, `applied ${applied.length} migration(s)`);
  } catch (err) {
    await db.close().catch(() => {});
    throw err;
  }
  await seedDemoData(db, { brands: config.seedBrands, demoUsers: config.demoUsers });
  const stopRetention = await startRetention(db, config);
  const stopOrderExpiry = await startOrderExpiry(db, config);
  const stopPayout = await startPayout(db, config);
  const stopNotifications = await startNotifications(db, config);
  const networks = await partnerSecrets(db, config);
  const uploads = fileStoreFor(db).dir;
  if (uploads) log.info(`uploaded photos in ${uploads}`);

  const lifecycle = newLifecycle();
  const app = createApp({ db, config, logger: log, lifecycle });
  const server = serveApp({ fetch: app.fetch, port: config.port, hostname: config.host }, (info) => {
    const host = config.host ?? 'every interface';
    log.info({ host, port: info.port, ms: Date.now() - started }, `SocialPay is running at ${localUrl(config.host, info.port)} (public URL ${config.publicUrl})`);
    // TRUST_PROXY alone means loopback (config.ts); an explicit LISTEN_ADDRESS beyond it must be firewalled to the proxy.
    if (config.trustProxy > 0 && config.host && !isLoopback(config.host)) {
      log.warn({ host }, 'TRUST_PROXY is set and LISTEN_ADDRESS is not loopback: only the proxy may reach this port, or clients forge X-Forwarded-For');
    }
    // No password, email or secret in the log: announceDemo hands them to the launcher (npm start).
    if (config.demoUsers > 0) log.info({ demo_users: config.demoUsers }, 'demo accounts with the published password are on (DEMO_USERS=0 in a deployment)');
    if (!config.partnerSecrets) log.info('partner network: demo, its secret kept in the database (set PARTNER_SECRETS in a deployment)');
    else log.info(`partner networks: ${[...networks.keys()].join(', ')}`);
    announceDemo(config, networks);
    // Compress the app's files now, off the event loop, rather than on the first visitor's requests.
    void warmStaticCache(config.distDir);
  });

  server.on('error', async (err: NodeJS.ErrnoException) => {
    log.fatal(
      err.code === 'EADDRINUSE'
        ? `port ${config.port} is already in use: stop the other process or set PORT`
        : err.code === 'EADDRNOTAVAIL'
          ? `LISTEN_ADDRESS ${config.host} is not an address of this machine`
          : `cannot listen on port ${config.port}: ${err.message}`,
    );
    await db.close().catch(() => {});
    process.exit(1);
  });

  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    lifecycle.draining = true;
    log.info({ signal, delay_s: config.shutdownDelay, grace_s: config.shutdownGrace }, 'draining');
    const node = server as unknown as { close(cb: () => void): void; closeIdleConnections?(): void; closeAllConnections?(): void };
    if (config.shutdownDelay > 0) await new Promise((r) => setTimeout(r, config.shutdownDelay * 1000));
    // Stop accepting; idle keep-alive connections close now, busy ones after their answer (Connection: close).
    const closed = new Promise<boolean>((res) => node.close(() => res(true)));
    node.closeIdleConnections?.();
    const idleSweep = setInterval(() => node.closeIdleConnections?.(), 250);
    const inTime = await Promise.race([closed, new Promise<boolean>((r) => setTimeout(() => r(false), config.shutdownGrace * 1000))]);
    clearInterval(idleSweep);
    if (!inTime) {
      log.warn('grace period over: closing the connections still open');
      node.closeAllConnections?.();
    }
    stopRetention();
    stopOrderExpiry();
    stopPayout();
    stopNotifications();
    await db.close().catch((e: Error) => log.error({ err: e.message }, 'closing the database failed'));
    log.info('stopped');
    process.exit(0);
  };
  process.on('SIGTERM', () => void stop('SIGTERM'));
  process.on('SIGINT', () => void stop('SIGINT'));
}

const isLoopback = (host: string) => host === 'localhost' || host === '::1' || host.startsWith('127.');

/** Where a person on this machine opens the server. */
function localUrl(host: string | undefined, port: number): string {
  if (!host || isLoopback(host) || host === '0.0.0.0' || host === '::') return `http://localhost:${port}`;
  return `http://${host.includes(':') ? `[${host}]` : host}:${port}`;
}

/**
 * The demo login and the demo network's secret, for a person trying the app (README, "The reward
 * loop"), go to the launcher that asked for them over its IPC channel (scripts/start.mjs prints them
 * on the terminal), never through the log, which is collected. Without that channel nothing is sent.
 */
function announceDemo(config: Config, networks: Map<string, string>): void {
  // Only a launcher of ours asks (npm start, npm run dev): another IPC parent (a process manager) gets nothing.
  if (!process.send || !process.connected || process.env.SOCIALPAY_LAUNCHER !== '1') return;
  const demo: { login?: { email: string; password: string; users: number }; partner?: { network: string; secret: string } } = {};
  if (config.demoUsers > 0) demo.login = { email: demoEmail(1), password: DEMO_PASSWORD, users: config.demoUsers };
  const secret = networks.get(DEMO_NETWORK);
  if (!config.partnerSecrets && secret) demo.partner = { network: DEMO_NETWORK, secret };
  process.send({ type: 'socialpay:demo', ...demo }, undefined, {}, () => undefined); // a closed channel is no crash
  // The channel must not keep the process alive, nor tie it to the launcher.
  process.channel?.unref();
}

main().catch((err) => {
  log.fatal({ err: { type: err?.name, message: err?.message, stack: err?.stack } }, 'failed to start');
  process.exit(1);
});
