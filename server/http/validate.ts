/**
 * Request parsing with zod: bodies (JSON, size-limited by middleware) → 422 with violations,
 * query strings → 400 with violations, malformed JSON → 400. Bad input never reaches onError.
 */
import type { Context } from 'hono';
import { z } from 'zod';
import type { Violation } from '../contract/types.ts';
import { HttpError, badRequest } from './errors.ts';
import { validationError } from '../services/errors.ts';

function valueAt(input: unknown, path: PropertyKey[]): unknown {
  let v: unknown = input;
  for (const k of path) {
    if (v === null || typeof v !== 'object') return undefined;
    v = (v as Record<PropertyKey, unknown>)[k];
  }
  return v;
}

/** zod issues → contract violations; `input` (the parsed body) tells missing from wrong-typed fields. */
export function issuesToViolations(issues: z.core.$ZodIssue[], input?: unknown): Violation[] {
  return issues.map((i) => {
    const path = i.path.map(String).join('.');
    let code: string;
    const params = (i as { params?: { code?: string } }).params;
    if (params?.code) code = params.code;
    else if (i.code === 'invalid_type') code = valueAt(input, i.path) === undefined ? 'required' : 'invalid_type';
    else if (i.code === 'too_small') code = i.origin === 'string' ? (Number(i.minimum) === 1 ? 'not_blank' : 'too_short') : 'too_small';
    else if (i.code === 'too_big') code = i.origin === 'string' ? 'too_long' : 'too_big';
    else if (i.code === 'invalid_format') code = (i as { format?: string }).format === 'email' || path.endsWith('email') ? 'invalid_email' : 'invalid_format';
    else code = i.code;
    return { property_path: path, message: i.message, code };
  });
}

/** True when any string in the value contains a NUL character (PostgreSQL text cannot hold one). */
export function hasNul(v: unknown, depth = 0): boolean {
  if (typeof v === 'string') return v.includes('\u0000');
  if (depth > 50 || v === null || typeof v !== 'object') return false;
  if (Array.isArray(v)) return v.some((x) => hasNul(x, depth + 1));
  return Object.entries(v as Record<string, unknown>).some(([k, x]) => k.includes('\u0000') || hasNul(x, depth + 1));
}

export const nulError = () => badRequest('The request contains a NUL character.');

/** Reads the raw JSON body: empty → {}, malformed → 400 invalid_request. */
export async function readJson(c: Context): Promise<unknown> {
  let text: string;
  try {
    text = await c.req.text();
  } catch (err) {
    if (err instanceof HttpError) throw err;
    throw badRequest('The request body could not be read.');
  }
  if (text.trim() === '') return {};
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    throw badRequest('The request body is not valid JSON.');
  }
  if (hasNul(value)) throw nulError();
  return value;
}

/** Whole numbers that fit a PostgreSQL integer column. */
export const int32 = (message: string) =>
  z
    .number({ error: message })
    .int({ message })
    .min(-2147483648, { message })
    .max(2147483647, { message });

export async function parseBody<S extends z.ZodType>(c: Context, schema: S): Promise<z.infer<S>> {
  const raw = await readJson(c);
  if (raw === null || typeof raw !== 'object' || Array.isArray(raw)) {
    throw validationError([{ property_path: '', message: 'The body must be a JSON object.', code: 'invalid_type' }]);
  }
  const r = schema.safeParse(raw);
  if (!r.success) throw validationError(issuesToViolations(r.error.issues, raw));
  return r.data;
}

export function parseQuery<S extends z.ZodType>(c: Context, schema: S): z.infer<S> {
  const r = schema.safeParse(c.req.query());
  if (!r.success) throw badRequest('The query string is not valid.', issuesToViolations(r.error.issues, c.req.query()));
  return r.data;
}

/** A positive integer path id, or 404 (an id that cannot exist is simply not found). */
export function pathId(c: Context, name = 'id', what = 'Resource'): number {
  const v = c.req.param(name) ?? '';
  if (!/^\d{1,9}$/.test(v)) throw new HttpError(404, 'not_found', `${what} not found.`);
  return Number(v);
}

const intString = (min: number, max: number) =>
  z
    .string()
    .regex(/^\d+$/, { message: 'Must be a whole number.' })
    .transform(Number)
    .pipe(z.number().int().min(min).max(max));

/** limit (default, clamped to max) and offset. */
export function pagingSchema(defLimit: number, maxLimit: number) {
  return {
    limit: z
      .string()
      .regex(/^\d+$/, { message: 'limit must be a whole number.' })
      .transform((v) => Math.min(Math.max(Number(v), 1), maxLimit))
      .optional()
      .transform((v) => v ?? defLimit),
    offset: intString(0, 1_000_000_000).optional().transform((v) => v ?? 0),
  };
}
