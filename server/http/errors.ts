/** The contract's error shape (ApiError) and a throwable carrying it. */
import type { ApiError, Violation } from '../contract/types.ts';

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

export const notFound = (what = 'Resource') => new HttpError(404, 'not_found', `${what} not found.`);
export const badRequest = (description: string, violations?: Violation[]) =>
  new HttpError(400, 'invalid_request', description, violations);
export const validationError = (violations: Violation[], description = 'The request is not valid.') =>
  new HttpError(422, 'validation_error', description, violations);
