// The operator API as the e2e server's operator (its key: tests/e2e/support/start-server.mjs).
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import type { APIRequestContext } from '@playwright/test';

export function operatorKey(): string {
  return readFileSync(`${resolve(process.env.E2E_DATA_DIR ?? '.tmp/e2e-db')}.operator-key`, 'utf8').trim();
}

export function operatorApi(request: APIRequestContext) {
  const headers = { Authorization: `Bearer ${operatorKey()}` };
  return {
    async get<T>(path: string): Promise<T> {
      const r = await request.get(`/operator/v1${path}`, { headers });
      if (!r.ok()) throw new Error(`GET ${path}: ${r.status()} ${await r.text()}`);
      return (await r.json()) as T;
    },
    async post<T>(path: string, body: unknown): Promise<T> {
      const r = await request.post(`/operator/v1${path}`, { headers, data: body });
      if (!r.ok()) throw new Error(`POST ${path}: ${r.status()} ${await r.text()}`);
      return (await r.json()) as T;
    },
  };
}
