/**
 * What a rule refuses, in the domain's words: services and the catalogue throw a DomainError and know
 * nothing of HTTP. http/errors.ts is the one place that turns it into a status and the contract's
 * error body (`{ error, error_description, violations? }`).
 */
import type { Violation } from '../contract/types.ts';

/** not_found: no such thing for this caller; invalid: the input breaks a rule (with violations);
 *  conflict: the thing's state does not allow it now; account_gone: the caller's account was deleted
 *  while the request ran. */
export type DomainErrorKind = 'not_found' | 'invalid' | 'conflict' | 'account_gone';

export class DomainError extends Error {
  constructor(
    readonly kind: DomainErrorKind,
    /** The contract's `error` code, e.g. order_paid. */
    readonly code: string,
    /** The contract's `error_description`. */
    readonly description: string,
    readonly violations?: Violation[],
  ) {
    super(description);
  }
}

export const notFound = (what = 'Resource') => new DomainError('not_found', 'not_found', `${what} not found.`);
export const validationError = (violations: Violation[], description = 'The request is not valid.') =>
  new DomainError('invalid', 'validation_error', description, violations);
export const conflict = (code: string, description: string) => new DomainError('conflict', code, description);
export const accountGone = () => new DomainError('account_gone', 'unauthorized', 'The account no longer exists.');
