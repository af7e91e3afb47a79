/**
 * HOST: the address the server listens on. Unset, every interface (npm start, a container); with
 * TRUST_PROXY, loopback, so nobody reaches the process around its proxy with a forged
 * X-Forwarded-For (loopback-only /metrics, per-client rate limits). A HOST of one's own wins.
 */
import { expect, test } from 'vitest';
import { ConfigError, loadConfig } from '../../server/config.ts';

test('unset: every interface; behind a proxy: loopback unless HOST says otherwise', () => {
  expect(loadConfig({}).host).toBeUndefined();
  expect(loadConfig({ HOST: '' }).host).toBeUndefined();
  expect(loadConfig({ TRUST_PROXY: '1' }).host).toBe('127.0.0.1');
  expect(loadConfig({ TRUST_PROXY: '1', HOST: '10.0.0.5' }).host).toBe('10.0.0.5');
  expect(loadConfig({ HOST: ' ::1 ' }).host).toBe('::1');
  expect(loadConfig({ HOST: '0.0.0.0' }).host).toBe('0.0.0.0');
  expect(loadConfig({ HOST: 'localhost' }).host).toBe('localhost');
});

test('a HOST that is not an address stops the server with its name', () => {
  for (const bad of ['example.com', '127.0.0.1:8080', '256.1.1.1', 'http://127.0.0.1', '0.0.0.0 ::']) {
    expect(() => loadConfig({ HOST: bad })).toThrow(ConfigError);
    expect(() => loadConfig({ HOST: bad })).toThrow('HOST');
  }
});
