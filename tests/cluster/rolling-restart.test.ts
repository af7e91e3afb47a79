/**
 * Rolling restart under load, through the real topology (scripts/cluster: nginx with TLS and HTTP/2 in
 * front of the built server processes on one PostgreSQL): while every process is replaced one by one,
 * clients keep reading the catalogue, signing in, toggling favorites and paying. Done when no client
 * request failed and the database holds exactly the writes that were answered (none lost, none
 * doubled). Bounded: load runs through the restart plus 2 s, at most MAX_REQUESTS requests; loopback.
 * Also: TLS, HTTP/2, HSTS and gzip at the proxy.
 * Needs DATABASE_URL (npm run test:cluster; CI runs it on its throwaway PostgreSQL).
 */
import { connect as h2connect } from 'node:http2';
import { Agent, request } from 'node:https';
import { rmSync } from 'node:fs';
import { gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { clusterSettings, startCluster } from '../../scripts/cluster/cluster.mjs';
import { admin, databaseNamed, withClient } from '../support/pg-admin';

const databaseUrl = process.env.DATABASE_URL;
if (!databaseUrl) throw new Error('rolling-restart.test.ts needs DATABASE_URL');

const WORKERS = 6;
const MAX_REQUESTS = 6000;
const PASSWORD = 'demo-pass-2026';
const dbName = `sp_cluster_${process.pid}`;
const dbUrl = databaseNamed(databaseUrl, dbName);

type Cluster = Awaited<ReturnType<typeof startCluster>>;
let cluster: Cluster;
const clusterDir = `${process.env.TMPDIR ?? '/tmp'}/socialpay-cluster-${process.pid}`;
const agent = new Agent({ keepAlive: true, maxSockets: WORKERS * 2, rejectUnauthorized: false });

beforeAll(async () => {
  await admin(databaseUrl, `DROP DATABASE IF EXISTS "${dbName}" WITH (FORCE)`);
  await admin(databaseUrl, `CREATE DATABASE "${dbName}"`);
  const s = clusterSettings({
    ...process.env,
    DATABASE_URL: dbUrl,
    CLUSTER_SIZE: '2',
    CLUSTER_HTTPS_PORT: process.env.CLUSTER_HTTPS_PORT ?? '4280',
    CLUSTER_BASE_PORT: process.env.CLUSTER_BASE_PORT ?? '4281',
    CLUSTER_DIR: clusterDir,
  });
  cluster = await startCluster(s, {
    DEMO_USERS: String(WORKERS),
    RATE_LIMIT_TOKEN: '100000/60',
    LOG_LEVEL: 'warn',
    SHUTDOWN_GRACE: '20',
    CLUSTER_ECHO: '0',
  });
}, 180_000);

afterAll(async () => {
  agent.destroy();
  await cluster?.stop();
  await admin(databaseUrl, `DROP DATABASE IF EXISTS "${dbName}" WITH (FORCE)`).catch(() => {});
  rmSync(clusterDir, { recursive: true, force: true });
}, 60_000);

interface Answer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: any;
  /** The body's bytes as they came (compressed when Content-Encoding says so). */
  raw: Buffer;
}

let retriedIdle = 0;

/**
 * One request. As browsers do (and Node's docs advise: `reusedSocket`), a request whose reused
 * keep-alive connection was closed by the proxy before any answer byte is sent again once on a new
 * connection: nginx closes idle client connections when its workers reload, and such a request never
 * reached it. Counted (retriedIdle); duplicates would show in the database check.
 */
async function call(method: string, path: string, body?: unknown, token?: string): Promise<Answer> {
  try {
    return await callOnce(method, path, body, token);
  } catch (err) {
    if ((err as { reusedIdle?: boolean }).reusedIdle) {
      retriedIdle++;
      return callOnce(method, path, body, token);
    }
    throw err;
  }
}

function callOnce(method: string, path: string, body?: unknown, token?: string, extra: Record<string, string> = {}): Promise<Answer> {
  const data = body === undefined ? undefined : JSON.stringify(body);
  return new Promise((resolve, reject) => {
    const req = request(`${cluster.url.replace('localhost', '127.0.0.1')}${path}`, {
      method,
      agent,
      headers: {
        Host: 'localhost',
        ...(data ? { 'Content-Type': 'application/json', 'Content-Length': Buffer.byteLength(data) } : {}),
        ...(token ? { Authorization: `Bearer ${token}` } : {}),
        ...extra,
      },
    }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (d: Buffer) => chunks.push(d));
      res.on('end', () => {
        const raw = Buffer.concat(chunks);
        let parsed: unknown = null;
        try {
          parsed = JSON.parse(raw.toString('utf8'));
        } catch {
          /* not JSON (or compressed) */
        }
        resolve({ status: res.statusCode!, headers: res.headers, body: parsed, raw });
      });
    });
    let answered = false;
    req.on('response', () => (answered = true));
    req.on('error', (err: NodeJS.ErrnoException) => reject(Object.assign(err, { reusedIdle: req.reusedSocket && !answered && err.code === 'ECONNRESET' })));
    req.end(data);
  });
}

test('TLS, HTTP/2 and HSTS at the proxy', async () => {
  const session = h2connect(cluster.url.replace('localhost', '127.0.0.1'), { rejectUnauthorized: false });
  const headers = await new Promise<Record<string, unknown>>((resolve, reject) => {
    session.on('error', reject);
    const s = session.request({ ':path': '/api/v1.0/ready' });
    s.on('response', (h) => resolve(h));
    s.resume();
  });
  expect(session.alpnProtocol).toBe('h2');
  session.close();
  expect(headers[':status']).toBe(200);
  expect(headers['strict-transport-security']).toMatch(/max-age=\d+/);
  expect((await call('GET', '/api/v1.0/health')).headers['x-request-id']).toMatch(/^[0-9a-f]{32}$/); // nginx's $request_id
});

test('gzip at the proxy: text the app sends as it is comes compressed when asked, images never', async () => {
  const gzip = { 'Accept-Encoding': 'gzip' };
  // A JSON list the server itself answers uncompressed (asked directly): nginx compresses it.
  const path = '/api/v1.0/site/countries';
  const direct = await fetch(`http://127.0.0.1:${cluster.ports()[0]}${path}`, { headers: gzip });
  expect(direct.headers.get('content-encoding')).toBeNull();
  const plain = await callOnce('GET', path);
  expect(plain.headers['content-encoding']).toBeUndefined();
  const list = await callOnce('GET', path, undefined, undefined, gzip);
  expect(list.headers['content-encoding']).toBe('gzip');
  expect(list.headers.vary).toMatch(/Accept-Encoding/i);
  expect(list.raw.length).toBeLessThan(plain.raw.length);
  expect(JSON.parse(gunzipSync(list.raw).toString('utf8'))).toEqual(plain.body);

  // The app's script, as a browser loads it.
  const page = (await callOnce('GET', '/')).raw.toString('utf8');
  const script = /src="(\/assets\/[^"]+\.js)"/.exec(page)?.[1];
  expect(script, 'the entry script in index.html').toBeTruthy();
  const js = await callOnce('GET', script!, undefined, undefined, gzip);
  expect(js.status).toBe(200);
  expect(js.headers['content-encoding']).toBe('gzip');
  expect(gunzipSync(js.raw).equals((await callOnce('GET', script!)).raw)).toBe(true);

  // PNG is compressed already: sent as it is.
  const icon = await callOnce('GET', '/pwa-192x192.png', undefined, undefined, gzip);
  expect(icon.status).toBe(200);
  expect(icon.headers['content-encoding']).toBeUndefined();
  expect(icon.raw.subarray(1, 4).toString('latin1')).toBe('PNG');
});

test('a rolling restart of every process under mixed load: 0 failed requests, 0 lost or doubled writes', async () => {
  const before = cluster.ports();
  let sent = 0;
  const failures: string[] = [];
  const favorites = new Map<number, Set<number>>(); // user id -> brand ids answered 200 (added last)
  const orders = new Map<number, number[]>(); // user id -> order ids answered 201
  let restartDone = false;
  let stopAt = Infinity;
  const counts = { reads: 0, signIns: 0, favorites: 0, payments: 0 };

  const step = async (what: string, p: Promise<Answer>, ok: number) => {
    sent++;
    try {
      const r = await p;
      if (r.status !== ok) failures.push(`${what}: ${r.status} ${JSON.stringify(r.body).slice(0, 120)}`);
      return r.status === ok ? r : null;
    } catch (err) {
      failures.push(`${what}: ${(err as Error).message}`);
      return null;
    }
  };

  const worker = async (n: number) => {
    const email = n === 1 ? 'demo@socialpay.test' : `demo${n}@socialpay.test`;
    let token = '';
    let userId = 0;
    const signIn = async () => {
      const r = await step('sign-in', call('POST', '/oauth/v2/token', { grant_type: 'password', username: email, password: PASSWORD, client_id: 'web', scope: 'ios' }), 200);
      counts.signIns++;
      if (r) token = r.body.access_token;
    };
    await signIn();
    const me = await step('me', call('GET', '/api/v1.0/application-users/me', undefined, token), 200);
    userId = me?.body.id;
    favorites.set(userId, new Set());
    orders.set(userId, []);
    for (let i = 0; sent < MAX_REQUESTS && Date.now() < stopAt; i++) {
      await step('catalogue', call('GET', `/api/v1.0/site/corporate-partners/all?limit=20&offset=${(i % 5) * 20}`), 200);
      await step('categories', call('GET', '/api/v1.0/site/categories'), 200);
      counts.reads += 2;
      const brand = 1 + ((n * 7 + i) % 40);
      const fav = await step('favorite', call('POST', `/api/v1.0/corporate-partners/${brand}/favorite`, undefined, token), 200);
      if (fav) favorites.get(userId)!.add(brand);
      counts.favorites++;
      if (i % 3 === 0) {
        const pay = await step('pay', call('POST', '/api/v1.0/corporate-partners/5/pay', { amount: 10 + (i % 7) }, token), 201);
        if (pay) orders.get(userId)!.push(pay.body.order_id);
        counts.payments++;
      }
      if (i % 10 === 9) await signIn();
    }
  };

  const t0 = Date.now();
  const load = Promise.all(Array.from({ length: WORKERS }, (_, k) => worker(k + 1)));
  await new Promise((r) => setTimeout(r, 1000));
  await cluster.rollingRestart();
  restartDone = true;
  stopAt = Date.now() + 2000;
  await load;
  const seconds = (Date.now() - t0) / 1000;

  let lost = 0;
  let doubled = 0;
  let favChecked = 0;
  let ordChecked = 0;
  await withClient(dbUrl, async (c) => {
    for (const [uid, brands] of favorites) {
      const { rows } = await c.query('SELECT brand_id FROM favorites WHERE user_id = $1 AND brand_id = ANY($2)', [uid, [...brands]]);
      lost += brands.size - rows.length;
      favChecked += brands.size;
    }
    for (const [uid, ids] of orders) {
      const { rows } = await c.query<{ id: number }>('SELECT id FROM orders WHERE user_id = $1', [uid]);
      const inDb = new Set(rows.map((r) => Number(r.id)));
      lost += ids.filter((id) => !inDb.has(id)).length;
      doubled += rows.length - ids.length; // an order no client was answered for: a repeated request
      ordChecked += ids.length;
    }
  });

  const figures = {
    requests_sent: sent,
    failed: failures.length,
    seconds: Math.round(seconds * 10) / 10,
    per_second: Math.round(sent / seconds),
    ...counts,
    writes_checked: { favorites: favChecked, orders: ordChecked },
    retried_on_closed_idle_connection: retriedIdle,
    lost_writes: lost,
    doubled_writes: doubled,
    ports_before: before.join(','),
    ports_after: cluster.ports().join(','),
  };
  console.log(`[rolling-restart] ${JSON.stringify(figures)}`);
  expect(restartDone).toBe(true);
  expect(cluster.ports().every((p) => !before.includes(p)), 'every process was replaced').toBe(true);
  expect(failures, failures.slice(0, 10).join('\n')).toEqual([]);
  expect(lost).toBe(0);
  expect(doubled).toBe(0);
  expect(sent).toBeGreaterThan(200);
}, 240_000);
