// Bench 6 — the server's memory: resident size (RSS) of a fresh server once it has settled after
// start, right after a 60 s load run and 20 s later, of varied reads (visitor and user list pages over every category
// and many offsets, name searches, single brands, wallets, categories; 20 users), on the embedded
// database (PGlite) and on PostgreSQL. Each figure comes with what holds it (lib/memory.mjs).
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import autocannon from 'autocannon';
import { ROOT, TMP, result } from './lib/env.mjs';
import { startPostgres, startServer } from './lib/server.mjs';
import { describe, mb, probe, residentBytes } from './lib/memory.mjs';

const DURATION = Number(process.env.BENCH_MEM_DURATION ?? 60);
const CONNECTIONS = 100;
const PASSWORD = 'demo-pass-2026';
const USERS = 20; // demo5@ … demo24@
const TARGET_MB = { PGlite: 400, PostgreSQL: 200 };
const PROBE = pathToFileURL(resolve(ROOT, 'tests/bench/lib/mem-probe.mjs')).href;
const SEARCHES = ['a', 'b', 'c', 'd', 'e', 'g', 'h', 'k', 'm', 'o', 'p', 's', 't', 'v', 'z', 'ar', 'er', 'an', 'st', 'ho', 'ke', 'gr', 'bo', 'sh', 'cafe', 'groen', 'the'];

async function token(url, body) {
  const r = await fetch(`${url}/oauth/v2/token`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
  if (!r.ok) throw new Error(`token ${body.grant_type}: ${r.status} ${await r.text()}`);
  return (await r.json()).access_token;
}

/** Waits until RSS moves by less than 2 MB over 2 s (the static files' gzip warm-up runs after start), at most 30 s. */
async function settledRss(pid) {
  let last = residentBytes(pid).rss;
  for (let i = 0; i < 15; i++) {
    await new Promise((r) => setTimeout(r, 2000));
    const now = residentBytes(pid).rss;
    if (Math.abs(now - last) < 2 * 1024 * 1024) return;
    last = now;
  }
}

async function measure(label, server, probeFile) {
  const pick = (a) => a[Math.floor(Math.random() * a.length)];
  await settledRss(server.pid);
  const atStart = { r: residentBytes(server.pid), p: await probe(server.pid, probeFile) };
  console.log(`  ${label} after start: ${describe(atStart.r, atStart.p)}`);

  const url = server.url;
  const visitor = await token(url, { grant_type: 'client_credentials', scope: 'ios' });
  const users = [];
  for (let i = 0; i < USERS; i++) users.push(await token(url, { grant_type: 'password', username: `demo${5 + i}@socialpay.test`, password: PASSWORD, scope: 'ios' }));
  const get = async (path) => (await fetch(`${url}/api/v1.0${path}`, { headers: { authorization: `Bearer ${visitor}` } })).json();
  const cats = ['all', ...(await get('/site/categories?limit=200')).results.map((c) => c.id)];
  const first = await get('/site/corporate-partners/all?limit=200');
  const ids = first.results.map((b) => b.id);
  const pages = Math.max(1, Math.ceil(first.metadata.total / 12));

  // One random read per request; weights roughly as the app asks.
  const next = () => {
    const x = Math.random();
    const user = pick(users);
    const offset = 12 * Math.floor(Math.random() * Math.min(pages, 40));
    if (x < 0.3) return [`/site/corporate-partners/${pick(cats)}?limit=12&offset=${offset}${Math.random() < 0.3 ? '&filter%5Bcountry%5D=NLD' : ''}`, visitor];
    if (x < 0.5) return [`/site/corporate-partners/all?limit=12&filter%5Bname%5D=${encodeURIComponent(pick(SEARCHES))}`, visitor];
    if (x < 0.75) return [`/corporate-partners/category/${pick(cats)}?limit=12&offset=${offset}`, user];
    if (x < 0.85) return [`/corporate-partners/${pick(ids)}`, user];
    if (x < 0.95) return ['/wallet/me', user];
    return ['/categories', user];
  };
  const load = await new Promise((res, rej) =>
    autocannon(
      {
        url,
        connections: CONNECTIONS,
        duration: DURATION,
        headers: { 'accept-encoding': 'gzip, deflate, br' },
        requests: [
          {
            setupRequest: (req) => {
              const [path, tok] = next();
              return { ...req, path: `/api/v1.0${path}`, headers: { ...req.headers, authorization: `Bearer ${tok}` } };
            },
          },
        ],
      },
      (err, r) => (err ? rej(err) : res(r)),
    ),
  );
  const bad = load.non2xx + load.errors + load.timeouts;
  console.log(`  ${label} load: ${load.requests.total} requests in ${DURATION} s (${load.requests.average.toFixed(0)} rps, p99 ${load.latency.p99} ms${bad ? `, ${bad} non-2xx/errors` : ''})`);
  // Right after the load, then after 20 s idle (V8 shrinks its heap when idle: the probe's GC would
  // pre-empt that, so it runs only at the second reading).
  await new Promise((r) => setTimeout(r, 2000));
  const afterLoad = residentBytes(server.pid);
  await new Promise((r) => setTimeout(r, 20_000));
  const idle = { r: residentBytes(server.pid), p: await probe(server.pid, probeFile) };
  console.log(`  ${label} 2 s after ${DURATION} s of load: RSS ${mb(afterLoad.rss)}; 20 s later: ${describe(idle.r, idle.p)}`);
  const target = TARGET_MB[label];
  return [
    result('memory', `${label} RSS after start`, describe(atStart.r, atStart.p), `≤ ${target} MB`, atStart.r.rss <= target * 1024 * 1024),
    result('memory', `${label} RSS after ${DURATION} s load`, `${mb(afterLoad.rss)}; ${load.requests.total} requests${bad ? `, ${bad} bad` : ''}`, `≤ ${target} MB`, afterLoad.rss <= target * 1024 * 1024 && bad === 0),
    result('memory', `${label} RSS 20 s after the load`, describe(idle.r, idle.p), `≤ ${target} MB`, idle.r.rss <= target * 1024 * 1024),
  ];
}

export async function run(ctx) {
  const out = [];
  const env = (name) => ({ NODE_OPTIONS: `${process.env.NODE_OPTIONS ?? ''} --import=${PROBE}`.trim(), MEM_PROBE_FILE: resolve(TMP, `mem-${name}.json`) });
  const embedded = await startServer({ name: 'mem', port: ctx.ports.mem, distDir: ctx.distDir, env: env('mem') });
  out.push(...(await measure('PGlite', embedded, env('mem').MEM_PROBE_FILE)));
  await embedded.stop();
  const pg = startPostgres(ctx.pgPort);
  const pgServer = await startServer({ name: 'mem-pg', port: ctx.ports.mem, distDir: ctx.distDir, env: { DATABASE_URL: pg.url, ...env('mem-pg') } });
  out.push(...(await measure('PostgreSQL', pgServer, env('mem-pg').MEM_PROBE_FILE)));
  await pgServer.stop();
  await pg.stop();
  console.log(`  (RSS of the server process only; PostgreSQL's own processes are not counted. ${mb(TARGET_MB.PGlite * 1024 * 1024)} / ${mb(TARGET_MB.PostgreSQL * 1024 * 1024)} targets.)`);
  return out;
}
