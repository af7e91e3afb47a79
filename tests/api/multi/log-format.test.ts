/**
 * What `npm start` prints: on a terminal (a pseudo-terminal from util-linux `script`), the built
 * server's log lines are readable; piped, or with LOG_FORMAT=json, they are JSON lines. The child logs
 * through build/server/log.js as main.ts does (a request line, the start line). The demo login is no
 * log line: startup-log.test.ts.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, expect, test } from 'vitest';
import { ROOT } from './processes.ts';

const work = mkdtempSync(join(tmpdir(), 'socialpay-log-format-'));
const child = join(work, 'child.mjs');
writeFileSync(
  child,
  `const { log } = await import(${JSON.stringify(join(ROOT, 'build/server/log.js'))});
log.info({ req_id: 'r-1', method: 'GET', route: '/api/v1.0/wallet/me', status: 200, ms: 3.2, user_id: 7 }, 'request');
log.info('SocialPay is running at http://localhost:8080');
`,
);
afterAll(() => rmSync(work, { recursive: true, force: true }));

/** The child's output lines, on a terminal or piped; colours taken out. */
function output(terminal: boolean, env: Record<string, string> = {}): string[] {
  const cmd = terminal ? ['script', ['-qec', `"${process.execPath}" "${child}"`, '/dev/null']] : [process.execPath, [child]];
  const r = spawnSync(cmd[0] as string, cmd[1] as string[], { env: { ...process.env, LOG_FORMAT: '', ...env }, encoding: 'utf8' });
  expect(r.status, r.stderr).toBe(0);
  return r.stdout.replace(/\x1b\[[0-9;]*m/g, '').split(/\r?\n/).filter(Boolean);
}

const json = (lines: string[]) => lines.map((l) => JSON.parse(l) as Record<string, unknown>);

test('on a terminal: readable lines, not JSON; the start line stands on its own line', () => {
  const lines = output(true);
  expect(lines).toHaveLength(2);
  for (const l of lines) expect(l.startsWith('{')).toBe(false);
  expect(lines[0]).toMatch(/^\[\d\d:\d\d:\d\d\] INFO: request /);
  expect(lines[0]).toContain('"route":"/api/v1.0/wallet/me"');
  expect(lines[1]).toMatch(/^\[\d\d:\d\d:\d\d\] INFO: SocialPay is running at http:\/\/localhost:8080$/);
});

test('piped, or LOG_FORMAT=json on a terminal: JSON lines with every field', () => {
  for (const lines of [output(false), output(true, { LOG_FORMAT: 'json' })]) {
    const [request, running] = json(lines);
    expect(request).toMatchObject({ level: 30, req_id: 'r-1', route: '/api/v1.0/wallet/me', status: 200, user_id: 7, msg: 'request' });
    expect(running.msg).toBe('SocialPay is running at http://localhost:8080');
  }
  // And readable when asked for, even piped.
  expect(output(false, { LOG_FORMAT: 'pretty' })[1]).toMatch(/INFO: SocialPay is running/);
});
