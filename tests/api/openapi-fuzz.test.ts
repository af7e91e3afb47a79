/**
 * The generated run (issue 31): requests built from the OpenAPI document alone, for every
 * operation: valid and invalid path, query and body values from its schemas (fast-check), with each
 * of its security alternatives, a wrong credential or none. Every answer must be in the document
 * (openapi-check.ts, the validator the whole API suite uses) and none may be a 5xx. Bounded:
 * FUZZ_RUNS requests per operation (default 20), seeded (FUZZ_SEED) so a failure can be replayed.
 */
import { expect, test } from 'vitest';
import fc from 'fast-check';
import { dereference } from 'openapi-backend/refparser.js';
import { openApiDocument } from '../../server/openapi/document.ts';
import { createOperator } from '../../server/services/operators.ts';
import { signatureHeader } from '../../server/services/partner-signature.ts';
import { partnerSecrets } from '../../server/services/partner-secrets.ts';
import { documentProblems } from './support/openapi-check.ts';
import { useServer } from './support/harness.ts';
import { invalid, valid, type Schema } from './support/schema-arbitrary.ts';

const RUNS = Number(process.env.FUZZ_RUNS ?? 20);
const SEED = Number(process.env.FUZZ_SEED ?? 20261127);

const t = useServer();

interface Parameter { in: string; name: string; required?: boolean; schema: Schema }
interface Operation {
  operationId: string;
  parameters?: Parameter[];
  requestBody?: { required?: boolean; content: Record<string, { schema: Schema }> };
  security?: Record<string, string[]>[];
}

interface Generated {
  path: Record<string, unknown>;
  query: Record<string, unknown>;
  contentType: string | null;
  body: unknown;
  /** Which security alternative (index), or 'none' / 'garbage'. */
  credential: number | 'none' | 'garbage';
  /** Signed with the right secret (partner operations). */
  signed: boolean;
}

function request(op: Operation): fc.Arbitrary<Generated> {
  const params = op.parameters ?? [];
  const of = (where: string, good: boolean) =>
    fc.record(
      Object.fromEntries(params.filter((p) => p.in === where).map((p) => [p.name, good ? valid(p.schema) : fc.oneof(valid(p.schema), invalid(p.schema))])),
      { requiredKeys: params.filter((p) => p.in === where && p.required).map((p) => p.name) },
    );
  const content = Object.entries(op.requestBody?.content ?? {});
  const body = content.length === 0 ? fc.constant({ contentType: null, body: undefined }) : fc.constantFrom(...content).chain(([type, { schema }]) =>
    fc.oneof(valid(schema), valid(schema), invalid(schema)).map((b) => ({ contentType: type, body: b })));
  const alternatives = op.security?.length ?? 0;
  const credential: fc.Arbitrary<Generated['credential']> = alternatives
    ? fc.oneof({ weight: 6, arbitrary: fc.integer({ min: 0, max: alternatives - 1 }) }, { weight: 1, arbitrary: fc.constantFrom('none' as const, 'garbage' as const) })
    : fc.constant('none' as const);
  return fc.boolean().chain((good) =>
    fc.record({ path: of('path', good), query: of('query', good), b: body, credential, signed: fc.boolean().map((x) => x || good) }).map(({ b, ...r }) => ({ ...r, ...b })),
  );
}

function encodeBody(contentType: string | null, body: unknown): BodyInit | undefined {
  if (!contentType || body === undefined) return undefined;
  if (contentType === 'application/x-www-form-urlencoded') {
    const form = new URLSearchParams();
    if (body && typeof body === 'object' && !Array.isArray(body)) for (const [k, v] of Object.entries(body)) form.set(k, typeof v === 'string' ? v : JSON.stringify(v));
    return form;
  }
  if (contentType === 'multipart/form-data') {
    const form = new FormData();
    const png = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13]);
    const bytes = typeof body === 'object' && body !== null && 'file' in body ? png : new TextEncoder().encode(JSON.stringify(body));
    form.set('file', new Blob([bytes], { type: 'image/png' }), 'x.png');
    return form;
  }
  return JSON.stringify(body);
}

test('every operation of the document, valid and invalid requests: no 5xx and every answer in the document', { timeout: 240_000 }, async () => {
  const doc = (await dereference(structuredClone(openApiDocument()) as never)) as unknown as { paths: Record<string, Record<string, Operation>> };
  const ops = Object.entries(doc.paths).flatMap(([path, item]) => Object.entries(item).map(([method, op]) => ({ path, method, op })));

  // Credentials for the security schemes: a user (replaced when a request deletes it), a visitor,
  // an operator key, and the demo network's secret for signatures.
  let user = (await t.signUp()).token;
  const credentials: Record<string, () => string> = {
    userToken: () => user,
    visitorToken: () => visitor,
    operatorKey: () => operatorKey,
    metricsToken: () => 'not-the-metrics-token',
  };
  const visitor = await t.visitorToken();
  const operatorKey = await createOperator(t.server.db, 'fuzz');
  const secret = (await partnerSecrets(t.server.db, t.server.config)).get('demo')!;

  let requests = 0;
  const serverErrors: string[] = [];
  const mismatches: string[] = [];
  const statuses = new Map<string, Set<number>>();

  for (const { path, method, op } of ops) {
    await fc.assert(
      fc.asyncProperty(request(op), async (g) => {
        const url = new URL(t.baseUrl + path.replace(/\{(\w+)\}/g, (_, name: string) => encodeURIComponent(String(g.path[name] ?? 'x'))));
        for (const [k, v] of Object.entries(g.query)) url.searchParams.set(k, typeof v === 'string' ? v : JSON.stringify(v));
        const headers: Record<string, string> = { Accept: 'application/json' };
        const raw = encodeBody(g.contentType, g.body);
        if (g.contentType && g.contentType !== 'multipart/form-data') headers['Content-Type'] = g.contentType;
        if (g.credential === 'garbage') headers.Authorization = 'Bearer not-a-real-token';
        else if (g.credential !== 'none') {
          for (const scheme of Object.keys(op.security![g.credential])) {
            if (scheme === 'partnerSignature') headers['X-SocialPay-Signature'] = signatureHeader(g.signed ? secret : 'wrong-secret', typeof raw === 'string' ? raw : '');
            else headers.Authorization = `Bearer ${credentials[scheme]()}`;
          }
        }
        const res = await fetch(url, { method: method.toUpperCase(), headers, body: raw, redirect: 'manual' });
        const text = await res.text();
        let body: unknown = null;
        if ((res.headers.get('content-type') ?? '').includes('json') && text !== '') {
          try {
            body = JSON.parse(text);
          } catch {
            body = null;
          }
        }
        requests++;
        (statuses.get(op.operationId) ?? statuses.set(op.operationId, new Set()).get(op.operationId)!).add(res.status);
        const what = `${method.toUpperCase()} ${url.pathname}${url.search} ${raw === undefined ? '' : String(raw).slice(0, 200)}`;
        if (res.status >= 500) serverErrors.push(`${what} → ${res.status} ${text.slice(0, 200)}`);
        for (const p of await documentProblems(method, url.href, { status: res.status, headers: res.headers, body, text })) mismatches.push(`${p}\n    request: ${what}`);
        // The account is gone: sign up another for the operations that follow.
        if (op.operationId === 'deleteMe' && res.status === 204) user = (await t.signUp()).token;
        return true;
      }),
      { numRuns: RUNS, seed: SEED, endOnFailure: true },
    );
  }

  const answered = [...statuses.values()].reduce((n, s) => n + s.size, 0);
  console.log(
    `[openapi-fuzz] operations ${ops.length}, requests ${requests}, distinct (operation, status) ${answered}, ` +
      `5xx ${serverErrors.length}, out of document ${mismatches.length} (seed ${SEED}, ${RUNS} per operation)`,
  );
  expect(ops.length).toBeGreaterThan(60);
  expect(serverErrors, serverErrors.slice(0, 10).join('\n')).toEqual([]);
  expect(mismatches, mismatches.slice(0, 10).join('\n')).toEqual([]);
});
