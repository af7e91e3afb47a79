/**
 * Holds every response the API tests receive to the OpenAPI document (server/openapi), with a
 * validator we did not write: openapi-backend matches the operation and validates the body and the
 * declared headers with ajv (JSON Schema 2020-12, the dialect of OpenAPI 3.1). What it leaves to its
 * caller is checked here: the status and the media type must be ones the operation declares.
 */
import { OpenAPIBackend, type Operation } from 'openapi-backend';
import { dereference } from 'openapi-backend/refparser.js';
import { Ajv2020, type Options } from 'ajv/dist/2020.js';
import formats from 'ajv-formats';
import { openApiDocument } from '../../../server/openapi/document.ts';

// ajv-formats is CommonJS: its plugin is the default export's `default` under NodeNext.
const addFormats = ((formats as unknown as { default?: typeof formats }).default ?? formats) as unknown as (ajv: Ajv2020) => void;

/** The paths the document describes; the rest (the app's pages, the sandbox provider's pages) are not API. */
const API_PATH = /^\/(api|oauth|partner|operator|media)(\/|$)|^\/(metrics|openapi\.json|docs\/api)$/;

let backend: Promise<OpenAPIBackend> | null = null;
function validator(): Promise<OpenAPIBackend> {
  backend ??= (async () => {
    // Resolved with openapi-backend's own $ref parser; quick: no OpenAPI 3.0 check of the document
    // (Redocly lints it as 3.1), validators compiled on first use.
    const definition = await dereference(structuredClone(openApiDocument()) as never);
    const api = new OpenAPIBackend({
      definition: definition as never,
      quick: true,
      customizeAjv: (_ajv: unknown, opts: Options) => {
        const ajv = new Ajv2020({ ...opts, strict: false, allErrors: true });
        addFormats(ajv);
        return ajv as never;
      },
    });
    await api.init();
    // Each operation's validators are compiled on its first answer (~0.1 s): compiling all 79 up front
    // took ~10 s per test file, which is every file of the suite (forks, one module graph each).
    return api;
  })();
  return backend;
}

/** Builds the validator (harness.ts calls it before its server starts). */
export async function warmDocumentCheck(): Promise<void> {
  await validator();
}

export interface Answer {
  status: number;
  headers: Headers;
  body: unknown;
  text: string;
}

interface ResponseObject {
  content?: Record<string, unknown>;
}

const mediaType = (h: Headers) => (h.get('content-type') ?? '').split(';')[0].trim().toLowerCase();
const accepts = (declared: string, actual: string) =>
  declared === actual || (declared.endsWith('/*') && actual.startsWith(declared.slice(0, -1)));

const describe = (errors: { instancePath?: string; message?: string }[] | null | undefined) =>
  (errors ?? []).slice(0, 6).map((e) => `${e.instancePath || '/'} ${e.message}`).join('; ');

/** What does not match the document in this answer to `method url` (empty: it matches, or it is not API). */
export async function documentProblems(method: string, url: string, res: Answer): Promise<string[]> {
  const u = new URL(url);
  // Every /api/v1.0 path is served under /api/v1 too (the document says so once).
  const path = u.pathname.replace(/^\/api\/v1\//, '/api/v1.0/');
  if (!API_PATH.test(path)) return [];
  const api = await validator();
  const m = method.toLowerCase() === 'head' ? 'get' : method.toLowerCase();
  const what = `${method} ${u.pathname} → ${res.status}`;
  const op = api.matchOperation({ method: m, path, query: Object.fromEntries(u.searchParams), headers: {} });
  // Headers past Node's limit are refused before any route (server/http/serve.ts): the error shape, any path.
  if (res.status === 431) return apiErrorProblems(api, what, res);
  if (!op) {
    // A path or method no operation has: the one answer is a refusal in the error shape.
    if (![400, 404, 405, 413, 429].includes(res.status)) return [`${what}: no operation in the document, and not a refusal`];
    return apiErrorProblems(api, what, res);
  }
  return operationProblems(api, op, what, method, res);
}

function apiErrorProblems(api: OpenAPIBackend, what: string, res: Answer): string[] {
  const schema = (api.definition.components?.schemas as Record<string, object> | undefined)?.ApiError;
  const ajv = new Ajv2020({ strict: false });
  const ok = ajv.validate(schema ?? {}, res.body);
  return ok ? [] : [`${what}: not the ApiError shape: ${describe(ajv.errors)}`];
}

function operationProblems(api: OpenAPIBackend, op: Operation, what: string, method: string, res: Answer): string[] {
  const label = `${what} (${op.operationId})`;
  const declared = (op.responses as Record<string, ResponseObject> | undefined)?.[String(res.status)];
  if (!declared) return [`${label}: status ${res.status} is not in the document`];
  const problems: string[] = [];
  const types = Object.keys(declared.content ?? {});
  const actual = mediaType(res.headers);
  if (types.length === 0) {
    if (res.text !== '') problems.push(`${label}: the document declares no body, the answer has one`);
  } else if (method.toUpperCase() !== 'HEAD') {
    if (!types.some((t) => accepts(t, actual))) problems.push(`${label}: Content-Type ${actual || '(none)'} is not one of ${types.join(', ')}`);
    else if (actual === 'application/json') {
      const r = api.validateResponse(res.body, op, res.status);
      if (!r.valid) problems.push(`${label}: body: ${describe(r.errors)}`);
    }
  }
  const h = api.validateResponseHeaders(Object.fromEntries(res.headers), op, { statusCode: res.status, setMatchType: 'superset' as never });
  if (!h.valid) problems.push(`${label}: headers: ${describe(h.errors)}`);
  return problems;
}
