// Bench 5 — API load with autocannon on loopback: catalogue (visitor and user; and the user page
// revalidated with its ETag, as the service worker does: 304), wallet, token
// (password grant: argon2id by design; refresh grant: rotation), beside /health as the ceiling,
// on PGlite and on PostgreSQL. Then: does hashing block? /health's latency alone vs during a
// password-grant burst. Do large bodies block? /health while 2 MB photos are uploaded. The load generator shares the 2 cores with the server (noted in RESULTS.md).
import { randomBytes } from 'node:crypto';
import autocannon from 'autocannon';
import { ms, printTable, result } from './lib/env.mjs';
import { startPostgres, startServer } from './lib/server.mjs';
import { cpuMs, postmasterPid, treeCpuMs } from './lib/cpu.mjs';

const DURATION = Number(process.env.BENCH_DURATION ?? 8);
const CONNECTIONS = 100;
const PASSWORD = 'demo-pass-2026';
/** demo5@ … demo24@ (lib/server.mjs seeds 24 demo users): the accounts of the password-grant cases. */
const SIGN_IN_ACCOUNTS = 20;

/** Password grants round-robin over the sign-in accounts. */
function passwordLoad(connections) {
  let n = 0;
  return {
    path: '/oauth/v2/token',
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    connections,
    requests: [
      {
        setupRequest: (req) => ({
          ...req,
          body: JSON.stringify({ grant_type: 'password', username: `demo${5 + (n++ % SIGN_IN_ACCOUNTS)}@socialpay.test`, password: PASSWORD, scope: 'ios' }),
        }),
      },
    ],
  };
}

async function token(url, body) {
  const r = await fetch(`${url}/oauth/v2/token`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
  if (!r.ok) throw new Error(`token ${body.grant_type}: ${r.status} ${await r.text()}`);
  return r.json();
}
const login = (url, n = 1) => token(url, { grant_type: 'password', username: n === 1 ? 'demo@socialpay.test' : `demo${n}@socialpay.test`, password: PASSWORD, scope: 'ios' });

const BOUNDARY = 'bench-photo-boundary';
/** A multipart body with one 2 MB JPEG (its magic bytes, then random data, as a camera photo compresses). */
function photoBody() {
  const head = `--${BOUNDARY}\r\nContent-Disposition: form-data; name="file"; filename="photo.jpg"\r\nContent-Type: image/jpeg\r\n\r\n`;
  const photo = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), randomBytes(2 * 1024 * 1024 - 64)]);
  return Buffer.concat([Buffer.from(head), photo, Buffer.from(`\r\n--${BOUNDARY}--\r\n`)]);
}

// Browsers always offer compression; so does the bench (the server may answer gzip).
const BROWSER_HEADERS = { 'accept-encoding': 'gzip, deflate, br' };

function cannon(opts) {
  return new Promise((resolve, reject) => {
    const inst = autocannon({ connections: CONNECTIONS, duration: DURATION, ...opts, headers: { ...BROWSER_HEADERS, ...opts.headers } }, (err, res) => (err ? reject(err) : resolve(res)));
    autocannon.track; // no progress bar
    void inst;
  });
}

function summarise(name, r, cpu, okClass = '2xx') {
  const n = r.requests.total || 1;
  // autocannon counts a 304 as non-2xx; a revalidation run expects 3xx.
  const bad = okClass === '3xx' ? r.non2xx - r['3xx'] + r['2xx'] + r.errors + r.timeouts : r.non2xx + r.errors + r.timeouts;
  return {
    name,
    serverCpu: cpu ? cpu.server / n : NaN,
    dbCpu: cpu ? cpu.db / n : NaN,
    rps: r.requests.average,
    p50: r.latency.p50,
    p99: r.latency.p99,
    ok: r[okClass],
    bad,
    badShare: bad / n,
  };
}

async function suite(label, server, pgDataDir) {
  const url = server.url;
  const dbPid = pgDataDir ? postmasterPid(pgDataDir) : null;
  const cpuNow = () => ({ server: cpuMs(server.pid), db: dbPid ? treeCpuMs(dbPid) : 0 });
  const visitor = await token(url, { grant_type: 'client_credentials', scope: 'ios' });
  const user = await login(url);
  const auth = (t) => ({ authorization: `Bearer ${t.access_token}` });
  const { results: cats } = await (await fetch(`${url}/api/v1.0/categories`, { headers: auth(user) })).json();
  const catId = cats?.[0]?.id ?? 'all';

  const runs = [];
  const go = async (name, opts) => {
    const c0 = cpuNow();
    const res = await cannon({ url: url + (opts.path ?? ''), ...opts });
    const c1 = cpuNow();
    const s = summarise(name, res, { server: c1.server - c0.server, db: c1.db - c0.db }, opts.okClass);
    console.log(`  ${label} ${name}: ${s.rps.toFixed(0)} rps, p50 ${s.p50} ms, p99 ${s.p99} ms${s.bad ? `, ${s.bad} non-2xx/errors` : ''}`);
    runs.push(s);
    return s;
  };
  const ceiling = await go('health (ceiling)', { path: '/api/v1.0/health' });
  await go('catalogue visitor (site/…/all?limit=12)', { path: '/api/v1.0/site/corporate-partners/all?limit=12', headers: auth(visitor) });
  const userPage = `/api/v1.0/corporate-partners/category/${catId}?limit=12`;
  await go(`catalogue user (category/${catId}?limit=12)`, { path: userPage, headers: auth(user) });
  const etag = (await fetch(url + userPage, { headers: { ...auth(user), ...BROWSER_HEADERS } })).headers.get('etag');
  if (!etag) throw new Error(`no ETag on ${userPage}`);
  await go('catalogue user revalidated (If-None-Match → 304)', { path: userPage, headers: { ...auth(user), 'if-none-match': etag }, okClass: '3xx' });
  await go('catalogue search (filter[name]=ar)', { path: '/api/v1.0/site/corporate-partners/all?limit=12&filter%5Bname%5D=ar', headers: auth(visitor) });
  await go('wallet (wallet/me)', { path: '/api/v1.0/wallet/me', headers: auth(user) });
  // The sign-in throttle reserves an attempt per account before hashing (5 at once at most), so the
  // password cases spread over the sign-in accounts, 2 connections each (argon2 is CPU-bound anyway).
  await go('token: password grant', passwordLoad(SIGN_IN_ACCOUNTS * 2));
  // Refresh tokens rotate (a reused one revokes the session): keep a pool, each response returns a fresh one.
  const pool = [];
  for (let i = 0; i < CONNECTIONS + 10; i += 4) pool.push(...(await Promise.all(Array.from({ length: 4 }, () => login(url, 3)))).map((t) => t.refresh_token));
  await go('token: refresh grant', {
    path: '/oauth/v2/token',
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    requests: [
      {
        setupRequest: (req) => ({ ...req, body: JSON.stringify({ grant_type: 'refresh_token', refresh_token: pool.shift() ?? 'pool-empty', scope: 'ios' }) }),
        onResponse: (status, body) => {
          if (status === 200) pool.push(JSON.parse(body).refresh_token);
        },
      },
    ],
  });
  // Hashing must not block: /health at 10 connections alone, then during a password-grant burst.
  const healthAlone = summarise('health alone (10 conn)', await cannon({ url: `${url}/api/v1.0/health`, connections: 10 }));
  const [burst, healthDuring] = await Promise.all([
    cannon({ url: `${url}/oauth/v2/token`, ...passwordLoad(SIGN_IN_ACCOUNTS * 2) }),
    cannon({ url: `${url}/api/v1.0/health`, connections: 10 }),
  ]).then(([a, b]) => [summarise(`password burst (${SIGN_IN_ACCOUNTS * 2} conn)`, a), summarise('health during burst (10 conn)', b)]);
  console.log(`  ${label} health p99 alone ${healthAlone.p99} ms, during a password burst (${burst.rps.toFixed(0)} logins/s) ${healthDuring.p99} ms`);
  // Large bodies must not block either: /health while 2 MB photos are uploaded on 2 connections.
  const [uploads, healthUploads] = await Promise.all([
    cannon({ url: `${url}/api/v1.0/files`, method: 'POST', headers: { ...auth(user), 'content-type': `multipart/form-data; boundary=${BOUNDARY}` }, body: photoBody(), connections: 2 }),
    cannon({ url: `${url}/api/v1.0/health`, connections: 10 }),
  ]).then(([u, h]) => [summarise('2 MB uploads (2 conn)', u), summarise('health during uploads (10 conn)', h)]);
  console.log(`  ${label} health during 2 MB uploads (${uploads.rps.toFixed(1)} uploads/s${uploads.bad ? `, ${uploads.bad} failed` : ''}): p50 ${healthUploads.p50} ms, p99 ${healthUploads.p99} ms, ${healthUploads.ok} answered, ${healthUploads.bad} timed out`);
  return { label, ceiling, runs, healthAlone, burst, healthDuring, uploads, healthUploads };
}

export async function run(ctx) {
  const out = [];
  const suites = [];
  const app = await ctx.appServer();
  suites.push(await suite('PGlite', app));
  const pg = startPostgres(ctx.pgPort);
  const pgServer = await startServer({ name: 'pg', port: ctx.ports.pg, distDir: ctx.distDir, env: { DATABASE_URL: pg.url } });
  suites.push(await suite('PostgreSQL', pgServer, pg.dataDir));
  await pgServer.stop();
  await pg.stop();

  for (const s of suites) {
    console.log(`\n${s.label}: ${CONNECTIONS} connections, ${DURATION} s each`);
    printTable(
      ['endpoint', 'rps', 'p50', 'p99', '÷ ceiling', 'non-2xx', 'server CPU/req', 'db CPU/req', 'CPU ÷ ceiling'],
      s.runs.map((r) => [
        r.name,
        r.rps.toFixed(0),
        ms(r.p50),
        ms(r.p99),
        `${((r.rps / s.ceiling.rps) * 100).toFixed(0)}%`,
        r.bad ? `${r.bad}` : '',
        `${r.serverCpu.toFixed(2)} ms`,
        isPgLabel(s) ? `${r.dbCpu.toFixed(2)} ms` : '(in server)',
        `${((s.ceiling.serverCpu / (r.serverCpu + (isPgLabel(s) ? r.dbCpu : 0))) * 100).toFixed(0)}%`,
      ]),
    );
    console.log('  CPU ÷ ceiling: what the endpoint would reach beside /health if CPU were the only limit (load-independent).');
    const isPg = s.label === 'PostgreSQL';
    for (const r of s.runs) {
      if (r.name.startsWith('health')) {
        out.push(result('api', `${s.label} ${r.name}`, `${r.rps.toFixed(0)} rps, p99 ${ms(r.p99)}, CPU ${r.serverCpu.toFixed(2)} ms/req`));
        continue;
      }
      const share = r.rps / s.ceiling.rps;
      const isCat = r.name.startsWith('catalogue');
      const target = isCat && isPg ? '≥ 75% of ceiling, p99 < 20 ms' : '';
      const pass = isCat && isPg ? share >= 0.75 && r.p99 < 20 && r.bad === 0 : r.bad ? false : null;
      const cpuShare = s.ceiling.serverCpu / (r.serverCpu + (isPg ? r.dbCpu : 0));
      out.push(result('api', `${s.label} ${r.name}`, `${r.rps.toFixed(0)} rps (${(share * 100).toFixed(0)}%), p50 ${ms(r.p50)}, p99 ${ms(r.p99)}, CPU ${(r.serverCpu + (isPg ? r.dbCpu : 0)).toFixed(2)} ms/req (${(cpuShare * 100).toFixed(0)}% by CPU)${r.bad ? `, ${r.bad} bad` : ''}`, target, pass));
    }
    const blocked = s.healthDuring.p99 > Math.max(50, s.healthAlone.p99 * 5);
    out.push(result('api', `${s.label} /health p99 during password burst`, `${ms(s.healthDuring.p99)} (alone ${ms(s.healthAlone.p99)}; ${s.burst.rps.toFixed(0)} logins/s)`, 'not blocked (≤ 50 ms)', !blocked));
    // Zero answers (every /health request timed out behind the uploads) must not read as p50 0 ms.
    const h = s.healthUploads;
    const stalled = h.ok === 0 || h.bad > 0 || h.p50 > 50 || s.uploads.bad > 0;
    out.push(result('api', `${s.label} /health during 2 MB uploads`, `p50 ${ms(h.p50)}, p99 ${ms(h.p99)}, ${h.rps.toFixed(0)} rps${h.bad ? `, ${h.bad} timed out` : ''} (alone p50 ${ms(s.healthAlone.p50)}, ${s.healthAlone.rps.toFixed(0)} rps); ${s.uploads.rps.toFixed(1)} uploads/s${s.uploads.bad ? `, ${s.uploads.bad} failed` : ''}`, 'not blocked (p50 ≤ 50 ms, none timed out)', !stalled));
  }
  return out;
}

const isPgLabel = (s) => s.label === 'PostgreSQL';
