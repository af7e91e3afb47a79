/**
 * The production topology on one machine: N built server processes (build/server/main.js) on one
 * PostgreSQL, behind nginx (the distribution's package) as TLS-terminating reverse proxy with HTTP/2,
 * gzip and HSTS. Used by start.mjs (npm run start:cluster) and the rolling-restart test.
 *
 * Rolling restart, one slot at a time: start the new process on the slot's other port, wait for its
 * /ready, point nginx's upstream at it (reload: old workers finish their requests), then SIGTERM the
 * old process, which drains (server/main.ts). No request is sent to a process that is going away.
 */
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';

export const ROOT = resolve(import.meta.dirname, '../..');
const MAIN = join(ROOT, 'build/server/main.js');
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

/** Settings from the environment (README "Deploy"). */
export function clusterSettings(env = process.env) {
  const int = (name, def) => {
    const v = env[name];
    if (v === undefined || v === '') return def;
    if (!/^\d+$/.test(v)) throw new Error(`${name} must be a whole number, got "${v}"`);
    return Number(v);
  };
  const dir = resolve(env.CLUSTER_DIR || join(ROOT, '.data/cluster'));
  return {
    size: int('CLUSTER_SIZE', 2),
    httpsPort: int('CLUSTER_HTTPS_PORT', 8443),
    basePort: int('CLUSTER_BASE_PORT', 8081),
    dir,
    databaseUrl: env.DATABASE_URL || undefined,
    cert: env.TLS_CERT || join(dir, 'tls/cert.pem'),
    key: env.TLS_KEY || join(dir, 'tls/key.pem'),
    serverName: env.CLUSTER_SERVER_NAME || 'localhost',
  };
}

function log(msg) {
  console.log(`[cluster] ${msg}`);
}

/** A self-signed certificate for local use, made once (a real one: TLS_CERT / TLS_KEY). */
function ensureCertificate(s) {
  if (existsSync(s.cert) && existsSync(s.key)) return;
  mkdirSync(join(s.dir, 'tls'), { recursive: true });
  const r = spawnSync('openssl', ['req', '-x509', '-newkey', 'rsa:2048', '-nodes', '-days', '365', '-subj', `/CN=${s.serverName}`,
    '-addext', `subjectAltName=DNS:${s.serverName},IP:127.0.0.1`, '-keyout', s.key, '-out', s.cert], { stdio: 'pipe' });
  if (r.status !== 0) throw new Error(`openssl failed: ${r.stderr}`);
  log(`generated a self-signed certificate in ${s.cert}`);
}

/** A throwaway PostgreSQL when DATABASE_URL is unset and the Debian binaries are there. */
async function throwawayPostgres(s) {
  const versions = existsSync('/usr/lib/postgresql') ? readdirSync('/usr/lib/postgresql').sort((a, b) => Number(a) - Number(b)) : [];
  if (versions.length === 0) throw new Error('DATABASE_URL is not set and no PostgreSQL binaries are installed (apt-get install postgresql)');
  const bin = `/usr/lib/postgresql/${versions.at(-1)}/bin`;
  const pgDir = join(s.dir, 'pg');
  const port = s.httpsPort + 100;
  const asPostgres = process.getuid?.() === 0 ? (cmd, args) => ['runuser', ['-u', 'postgres', '--', cmd, ...args]] : (cmd, args) => [cmd, args];
  const run = (cmd, args) => {
    const [c, a] = asPostgres(cmd, args);
    const r = spawnSync(c, a, { stdio: 'pipe' });
    if (r.status !== 0) throw new Error(`${cmd} failed: ${r.stderr}`);
  };
  mkdirSync(join(pgDir, 'sock'), { recursive: true });
  if (process.getuid?.() === 0) spawnSync('chown', ['-R', 'postgres:postgres', pgDir]);
  if (!existsSync(join(pgDir, 'data/PG_VERSION'))) run(`${bin}/initdb`, ['-D', join(pgDir, 'data'), '-U', 'postgres', '--auth=trust', '-E', 'UTF8', '--no-locale']);
  run(`${bin}/pg_ctl`, ['-D', join(pgDir, 'data'), '-l', join(pgDir, 'log'), '-w', '-o', `-p ${port} -k ${join(pgDir, 'sock')} -c listen_addresses=127.0.0.1`, 'start']);
  log(`throwaway PostgreSQL on 127.0.0.1:${port} (data in ${pgDir}/data)`);
  return { url: `postgres://postgres@127.0.0.1:${port}/postgres`, stop: () => run(`${bin}/pg_ctl`, ['-D', join(pgDir, 'data'), '-m', 'fast', 'stop']) };
}

function nginxConf(s, ports) {
  return `# Written by scripts/cluster/cluster.mjs; the upstream changes on every rolling-restart step.
worker_processes 1;
pid ${s.dir}/nginx.pid;
error_log ${s.dir}/nginx-error.log warn;
events { worker_connections 1024; }
http {
  access_log off;
  client_body_temp_path ${s.dir}/tmp/body;
  proxy_temp_path ${s.dir}/tmp/proxy;
  fastcgi_temp_path ${s.dir}/tmp/fastcgi;
  uwsgi_temp_path ${s.dir}/tmp/uwsgi;
  scgi_temp_path ${s.dir}/tmp/scgi;
  client_max_body_size 4m;
  upstream socialpay {
${ports.map((p) => `    server 127.0.0.1:${p} max_fails=0;`).join('\n')}
    keepalive 32;
  }
  server {
    listen 127.0.0.1:${s.httpsPort} ssl http2;
    server_name ${s.serverName};
    ssl_certificate ${s.cert};
    ssl_certificate_key ${s.key};
    ssl_protocols TLSv1.2 TLSv1.3;
    # HSTS from the proxy (the app's own is hidden so it is sent once).
    proxy_hide_header Strict-Transport-Security;
    add_header Strict-Transport-Security "max-age=31536000; includeSubDomains" always;
    gzip on;
    gzip_vary on;
    gzip_types text/css application/javascript application/json image/svg+xml application/manifest+json text/plain;
    location / {
      proxy_pass http://socialpay;
      proxy_http_version 1.1;
      proxy_set_header Connection "";
      proxy_set_header Host $host;
      proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for;
      proxy_set_header X-Forwarded-Proto https;
      proxy_set_header X-Request-Id $request_id;
      # A connection refused or reset before the request was sent goes to the other process;
      # a request already sent is never repeated (no duplicated payments).
      proxy_next_upstream error timeout;
    }
    location = /metrics { return 404; }
  }
}
`;
}

async function waitReady(url, child, logOf, ms = 120_000) {
  const t0 = Date.now();
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited (${child.exitCode}):\n${logOf()}`);
    try {
      if ((await fetch(`${url}/api/v1.0/ready`)).ok) return;
    } catch {
      /* not listening yet */
    }
    if (Date.now() - t0 > ms) throw new Error(`server at ${url} not ready:\n${logOf()}`);
    await sleep(100);
  }
}

/** Starts the cluster; answers { url, rollingRestart(), stop(), ports() }. */
export async function startCluster(s = clusterSettings(), extraEnv = {}) {
  if (!existsSync(MAIN)) throw new Error(`${MAIN} is missing: npm run build first`);
  if (!existsSync('/usr/sbin/nginx')) throw new Error('nginx is not installed: apt-get install -y nginx');
  for (const d of ['tmp', 'logs']) mkdirSync(join(s.dir, d), { recursive: true });
  ensureCertificate(s);
  const pg = s.databaseUrl ? null : await throwawayPostgres(s);
  const databaseUrl = s.databaseUrl ?? pg.url;
  const publicUrl = `https://${s.serverName}:${s.httpsPort}`;
  // Loopback only: nginx is the one way in, so the X-Forwarded-For the processes trust is nginx's.
  const env = { ...process.env, DATABASE_URL: databaseUrl, PUBLIC_URL: publicUrl, TRUST_PROXY: '1', LISTEN_ADDRESS: '127.0.0.1', ...extraEnv };

  // The deploy step: migrations once, before any server starts.
  const m = spawnSync(process.execPath, [MAIN, 'migrate'], { env, stdio: 'inherit' });
  if (m.status !== 0) throw new Error('migrate failed');

  const slots = [];
  const startServer = async (slot, port) => {
    let out = '';
    const child = spawn(process.execPath, [MAIN], { cwd: ROOT, env: { ...env, PORT: String(port) }, stdio: ['ignore', 'pipe', 'pipe'] });
    const keep = (d) => {
      out = (out + d).slice(-200_000);
      if (extraEnv.CLUSTER_ECHO !== '0') process.stdout.write(d);
    };
    child.stdout.on('data', keep);
    child.stderr.on('data', keep);
    const proc = { slot, port, child, log: () => out, exited: new Promise((r) => child.once('exit', (code) => r(code))) };
    await waitReady(`http://127.0.0.1:${port}`, child, proc.log);
    return proc;
  };
  const portsFor = (i) => [s.basePort + 2 * i, s.basePort + 2 * i + 1];
  for (let i = 0; i < s.size; i++) slots.push(startServer(i, portsFor(i)[0]));
  const live = await Promise.all(slots);
  log(`${live.length} server processes ready on ${live.map((p) => p.port).join(', ')}`);

  const confPath = join(s.dir, 'nginx.conf');
  writeFileSync(confPath, nginxConf(s, live.map((p) => p.port)));
  const nginx = spawn('/usr/sbin/nginx', ['-p', s.dir, '-c', confPath, '-g', 'daemon off;'], { stdio: 'inherit' });
  const nginxExit = new Promise((r) => nginx.once('exit', r));
  for (let t0 = Date.now(); ; ) {
    try {
      await new Promise((res, rej) => {
        import('node:net').then(({ connect }) => {
          const sock = connect(s.httpsPort, '127.0.0.1', () => (sock.end(), res()));
          sock.on('error', rej);
        });
      });
      break;
    } catch {
      if (nginx.exitCode !== null || Date.now() - t0 > 10_000) throw new Error('nginx did not start (see nginx-error.log)');
      await sleep(100);
    }
  }
  log(`nginx (TLS, HTTP/2) at ${publicUrl}`);

  /** Points nginx at the live ports and waits for the reload (old workers finish what they have). */
  const reloadNginx = async () => {
    writeFileSync(confPath, nginxConf(s, live.map((p) => p.port)));
    const t = spawnSync('/usr/sbin/nginx', ['-t', '-q', '-p', s.dir, '-c', confPath], { stdio: 'inherit' });
    if (t.status !== 0) throw new Error('nginx -t failed');
    nginx.kill('SIGHUP');
    await sleep(500);
  };

  let restarting = false;
  return {
    url: publicUrl,
    databaseUrl,
    ports: () => live.map((p) => p.port),
    async rollingRestart() {
      if (restarting) throw new Error('a rolling restart is already running');
      restarting = true;
      try {
        for (let i = 0; i < live.length; i++) {
          const old = live[i];
          const next = portsFor(i).find((p) => p !== old.port);
          const t0 = Date.now();
          const fresh = await startServer(i, next);
          live[i] = fresh;
          await reloadNginx();
          old.child.kill('SIGTERM');
          const code = await old.exited;
          if (code !== 0) throw new Error(`the old process on ${old.port} exited with ${code}`);
          log(`slot ${i}: ${old.port} -> ${fresh.port} in ${Date.now() - t0} ms`);
        }
      } finally {
        restarting = false;
      }
    },
    async stop() {
      nginx.kill('SIGQUIT');
      await nginxExit;
      await Promise.all(live.map((p) => (p.child.exitCode === null ? (p.child.kill('SIGTERM'), p.exited) : null)));
      pg?.stop();
    },
    logs: () => live.map((p) => p.log()).join(''),
  };
}
