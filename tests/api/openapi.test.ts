/**
 * Issue 31: the OpenAPI document is served at /openapi.json and rendered at /docs/api from this server
 * alone (no CDN, the app's CSP), and it describes every route the app mounts, no more and no fewer.
 */
import { describe, expect, test } from 'vitest';
import { createApp } from '../../server/app.ts';
import { openApiDocument } from '../../server/openapi/document.ts';
import { useServer } from './support/harness.ts';

const t = useServer();

type Doc = { openapi: string; paths: Record<string, Record<string, { operationId: string; security?: unknown[]; responses: Record<string, unknown> }>> };

describe('the OpenAPI document', () => {
  test('GET /openapi.json answers the OpenAPI 3.1 document, with unique operation ids', async () => {
    const res = await t.anon.get<Doc>(`${t.baseUrl}/openapi.json`);
    expect(res.status).toBe(200);
    expect(res.body).toEqual(JSON.parse(JSON.stringify(openApiDocument())));
    expect(res.body.openapi).toBe('3.1.0');
    const ids = Object.values(res.body.paths).flatMap((item) => Object.values(item).map((op) => op.operationId));
    expect(ids.length).toBeGreaterThan(60);
    expect(new Set(ids).size).toBe(ids.length);
  });

  test('describes exactly the routes the app mounts (the sandbox pages and static files aside)', async () => {
    const app = createApp({ db: t.server.db, config: t.server.config });
    const mounted = new Set(
      app.routes
        .filter((r) => r.method !== 'ALL' && !r.path.includes('*') && !r.path.startsWith('/sandbox') && !r.path.startsWith('/api/v1/') && !r.path.startsWith('/docs/api/'))
        .map((r) => `${r.method.toLowerCase()} ${r.path.replace(/:(\w+)/g, '{$1}')}`),
    );
    const doc = openApiDocument() as Doc;
    const described = new Set(Object.entries(doc.paths).flatMap(([path, item]) => Object.keys(item).map((m) => `${m} ${path}`)));
    expect([...mounted].filter((r) => !described.has(r)), 'mounted but not in the document').toEqual([]);
    expect([...described].filter((r) => !mounted.has(r)), 'in the document but not mounted').toEqual([]);
  });

  test('every operation that needs a credential says which, and declares the refusals that go with it', () => {
    const doc = openApiDocument() as Doc;
    for (const [path, item] of Object.entries(doc.paths)) {
      for (const [method, op] of Object.entries(item)) {
        expect(op.security, `${method} ${path}`).toBeDefined();
        expect(op.responses['400'], `${method} ${path} 400`).toBeDefined();
        if ((op.security ?? []).some((s) => s && Object.keys(s as object).length > 0)) expect(op.responses['401'], `${method} ${path} 401`).toBeDefined();
      }
    }
  });
});

describe('the reference page /docs/api', () => {
  test('an English HTML page whose scripts are this server\'s own, under the app\'s CSP', async () => {
    const res = await t.anon.get(`${t.baseUrl}/docs/api`, { headers: { Accept: 'text/html' } });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/html/);
    expect(res.text).toMatch(/<html lang="en">/);
    expect(res.headers.get('content-security-policy')).toMatch(/script-src 'self'(;|$)/);
    const scripts = [...res.text.matchAll(/<script[^>]*src="([^"]+)"/g)].map((m) => m[1]);
    expect(scripts).toEqual(['/docs/api/scalar.js', '/docs/api/init.js']);
    expect(res.text).not.toMatch(/<script>(?!<)/); // no inline script: the CSP would block it
    for (const src of scripts) {
      const js = await fetch(t.baseUrl + src);
      expect(js.status, src).toBe(200);
      expect(js.headers.get('content-type'), src).toMatch(/^text\/javascript/);
      const text = await js.text();
      expect(text.length, src).toBeGreaterThan(src.endsWith('init.js') ? 20 : 500_000);
      if (src.endsWith('init.js')) expect(text).toContain("url: '/openapi.json'");
    }
  });
});
