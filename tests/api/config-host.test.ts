/**
 * LISTEN_ADDRESS: the address the server listens on. Unset, every interface (npm start, a container); with
 * TRUST_PROXY, loopback, so nobody reaches the process around its proxy with a forged
 * X-Forwarded-For (loopback-only /metrics, per-client rate limits). A LISTEN_ADDRESS of one's own wins.
 */
import { expect, test } from 'vitest';
import { ConfigError, loadConfig } from '../../server/config.ts';

test('unset: every interface; behind a proxy: loopback unless LISTEN_ADDRESS says otherwise', () => {
  expect(loadConfig({}).host).toBeUndefined();
  expect(loadConfig({ LISTEN_ADDRESS: '' }).host).toBeUndefined();
  expect(loadConfig({ TRUST_PROXY: '1' }).host).toBe('127.0.0.1');
  expect(loadConfig({ TRUST_PROXY: '1', LISTEN_ADDRESS: '10.0.0.5' }).host).toBe('10.0.0.5');
  expect(loadConfig({ LISTEN_ADDRESS: ' ::1 ' }).host).toBe('::1');
  expect(loadConfig({ LISTEN_ADDRESS: '0.0.0.0' }).host).toBe('0.0.0.0');
  expect(loadConfig({ LISTEN_ADDRESS: 'localhost' }).host).toBe('localhost');
});

test('a LISTEN_ADDRESS that is not an address stops the server with its name', () => {
  for (const bad of ['example.com', '127.0.0.1:8080', '256.1.1.1', 'http://127.0.0.1', '0.0.0.0 ::']) {
    expect(() => loadConfig({ LISTEN_ADDRESS: bad })).toThrow(ConfigError);
    expect(() => loadConfig({ LISTEN_ADDRESS: bad })).toThrow('LISTEN_ADDRESS');
  }
});
