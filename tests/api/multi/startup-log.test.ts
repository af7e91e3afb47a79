/**
 * What the built server logs at start holds no credential: the demo login and the demo network's
 * secret go over an IPC channel to the launcher that asked (npm start prints them), never into the
 * log lines, which are collected. Behind a proxy (TRUST_PROXY) it listens on loopback only.
 */
import { spawn } from 'node:child_process';
import { networkInterfaces } from 'node:os';
import { connect } from 'node:net';
import { expect, test } from 'vitest';
import { freePort, MAIN, ROOT } from './processes.ts';

interface DemoMessage {
  type: string;
  login?: { email: string; password: string; users: number };
  partner?: { network: string; secret: string };
}

test('JSON log lines without the demo password or partner secret; the launcher gets both; loopback behind a proxy', async () => {
  const port = await freePort();
  const child = spawn(process.execPath, [MAIN], {
    cwd: ROOT,
    env: { ...process.env, DATABASE_URL: '', DATA_DIR: 'memory://', PORT: String(port), PUBLIC_URL: `http://127.0.0.1:${port}`, LOG_FORMAT: 'json', LOG_LEVEL: 'info', TRUST_PROXY: '1', LISTEN_ADDRESS: '', DEMO_USERS: '2', PARTNER_SECRETS: '', SOCIALPAY_LAUNCHER: '1' },
    stdio: ['ignore', 'pipe', 'pipe', 'ipc'],
  });
  let out = '';
  child.stdout!.on('data', (d) => (out += d));
  child.stderr!.on('data', (d) => (out += d));
  const exited = new Promise<number | null>((r) => child.once('exit', (code) => r(code)));
  try {
    const message = await new Promise<DemoMessage>((resolve, reject) => {
      child.on('message', (m: DemoMessage) => m.type === 'socialpay:demo' && resolve(m));
      const running = setInterval(() => {
        // The old server logged its credentials and sent nothing: fail once it runs without a message.
        if (out.includes('SocialPay is running')) setTimeout(() => reject(new Error(`no message from the server:\n${out}`)), 5_000);
        if (out.includes('SocialPay is running') || child.exitCode !== null) clearInterval(running);
      }, 100);
      child.once('exit', () => setTimeout(() => reject(new Error(`server exited:\n${out}`)), 100));
    });
    expect(message.login).toEqual({ email: 'demo@socialpay.test', password: 'demo-pass-2026', users: 2 });
    expect(message.partner?.network).toBe('demo');
    expect(message.partner?.secret).toMatch(/^[0-9a-f]{64}$/);

    // The message may overtake the log lines on their pipe.
    for (let i = 0; i < 50 && !out.includes('partner network'); i++) await new Promise((r) => setTimeout(r, 100));
    const lines = out.split('\n').filter(Boolean).map((l) => JSON.parse(l) as Record<string, unknown>);
    expect(lines.length).toBeGreaterThan(2);
    for (const bad of [message.partner!.secret, 'demo-pass-2026', 'demo@socialpay.test']) expect(out).not.toContain(bad);
    expect(out).not.toMatch(/[0-9a-f]{64}/);
    expect(lines.find((l) => String(l.msg).startsWith('SocialPay is running'))).toMatchObject({ host: '127.0.0.1', port });

    // Not reachable on this machine's other addresses (when it has one).
    const lan = Object.values(networkInterfaces()).flat().find((i) => i && i.family === 'IPv4' && !i.internal);
    if (lan) {
      const refused = await new Promise<boolean>((r) => {
        const s = connect(port, lan.address, () => (s.destroy(), r(false)));
        s.on('error', () => r(true));
      });
      expect(refused).toBe(true);
    }
    expect((await fetch(`http://127.0.0.1:${port}/api/v1.0/health`)).status).toBe(200);
  } finally {
    child.kill('SIGTERM');
    await exited;
  }
}, 180_000);
