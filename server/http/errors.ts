/**
 * The contract's error shape (ApiError), a throwable carrying it for HTTP-level refusals (a malformed
 * request, auth, limits), and the one mapping of services' DomainErrors and of database races to it.
 */
import type { ApiError, Violation } from '../contract/types.ts';
import { DomainError, type DomainErrorKind } from '../services/errors.ts';

export class HttpError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    readonly description: string,
    readonly violations?: Violation[],
    readonly headers?: Record<string, string>,
  ) {
    super(description);
  }

  body(): ApiError {
    const b: ApiError = { error: this.code, error_description: this.description };
    if (this.violations) b.violations = this.violations;
    return b;
  }
}

export const badRequest = (description: string, violations?: Violation[]) =>
  new HttpError(400, 'invalid_request', description, violations);

const DOMAIN_STATUS: Record<DomainErrorKind, number> = { not_found: 404, invalid: 422, conflict: 409, account_gone: 401 };

/** The HTTP answer for what the app's onError caught: a DomainError or a database race becomes an
 *  HttpError; anything else is returned as it is. */
export function toHttpError<E>(err: E): E | HttpError {
  if (err instanceof DomainError) {
    return err.kind === 'account_gone' ? accountGone() : new HttpError(DOMAIN_STATUS[err.kind], err.code, err.description, err.violations);
  }
  return raceError(err) ?? err;
}

/** The token's account was deleted while the request ran (its writes can no longer be made). */
export const accountGone = () =>
  new HttpError(401, 'unauthorized', 'The account no longer exists.', undefined, { 'WWW-Authenticate': 'Bearer realm="socialpay"' });

/**
 * Database errors a request can meet only by racing another request (inputs are validated before
 * they reach SQL): a row referenced by a write was deleted meanwhile (23503: the user's own account
 * → 401, anything else → 409), or two transactions deadlocked or could not be serialised (→ 409, try
 * again). The transaction was rolled back, so nothing was written. Null for any other error.
 */
function raceError(err: unknown): HttpError | null {
  const e = err as { code?: unknown; detail?: unknown; message?: unknown } | null;
  const code = typeof e?.code === 'string' ? e.code : '';
  if (code === '23503') {
    const text = `${typeof e?.detail === 'string' ? e.detail : ''} ${typeof e?.message === 'string' ? e.message : ''}`;
    if (/table "users"/.test(text)) return accountGone();
    return new HttpError(409, 'conflict', 'Something this request refers to was removed meanwhile. Reload and try again.');
  }
  if (code === '40P01' || code === '40001') {
    return new HttpError(409, 'conflict', 'The request collided with another change. Please try again.');
  }
  return null;
}
