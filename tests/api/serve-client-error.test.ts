/**
 * Requests Node's HTTP parser refuses before the app sees them (headers over 16 KB, a malformed
 * request line) are answered in the contract's error shape, not with Node's bare 431/400, and the
 * connection is closed.
 */
import { connect } from 'node:net';
import { expect, test } from 'vitest';
import { useServer } from './support/harness.ts';

const t = useServer();

/** Sends raw bytes; answers everything the server wrote before it closed the connection. */
function raw(text: string): Promise<string> {
  const { hostname, port } = new URL(t.baseUrl);
  return new Promise((resolve, reject) => {
    const socket = connect(Number(port), hostname, () => socket.write(text));
    let got = '';
    socket.on('data', (d) => (got += d.toString('latin1')));
    socket.on('error', (e: NodeJS.ErrnoException) => (e.code === 'ECONNRESET' || e.code === 'EPIPE' ? resolve(got) : reject(e)));
    socket.on('close', () => resolve(got));
    socket.setTimeout(10_000, () => socket.destroy(new Error(`no answer; got ${JSON.stringify(got)}`)));
  });
}

function parse(answer: string) {
  const [head, body] = answer.split('\r\n\r\n');
  const [status, ...headers] = head.split('\r\n');
  const h = Object.fromEntries(headers.map((l) => [l.slice(0, l.indexOf(':')).toLowerCase(), l.slice(l.indexOf(':') + 1).trim()]));
  return { status, headers: h, body: JSON.parse(body) as Record<string, unknown> };
}

test('headers over the limit: 431 request_header_fields_too_large, JSON, connection closed', async () => {
  const a = parse(await raw(`GET /api/v1.0/health HTTP/1.1\r\nHost: x\r\nX-Big: ${'a'.repeat(20_000)}\r\n\r\n`));
  expect(a.status).toBe('HTTP/1.1 431 Request Header Fields Too Large');
  expect(a.headers['content-type']).toMatch(/^application\/json/);
  expect(a.headers.connection).toBe('close');
  expect(a.body).toEqual({ error: 'request_header_fields_too_large', error_description: expect.any(String) });
});

test('a malformed request line or header: 400 invalid_request, JSON', async () => {
  for (const text of ['GARBAGE\r\n\r\n', 'GET /api/v1.0/health HTTP/1.1\r\nHost: x\r\nBad Header\r\n\r\n', 'GET / HTTP/9.9\r\n\r\n']) {
    const a = parse(await raw(text));
    expect(a.status).toBe('HTTP/1.1 400 Bad Request');
    expect(Number(a.headers['content-length'])).toBe(Buffer.byteLength(JSON.stringify(a.body)));
    expect(a.body).toEqual({ error: 'invalid_request', error_description: expect.any(String) });
  }
});

test('the server still answers well-formed requests afterwards', async () => {
  expect((await t.anon.get('/health')).status).toBe(200);
});
