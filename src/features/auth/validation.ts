// SPEC §5 validation rules as pure functions. They return translation keys of the 'common'
// namespace (validation.*), so the screens show the SPEC messages in the active language.
import type { Country } from '../../../server/contract/types';
import { ApiRequestError } from '../../lib/http';
import { isEmail, isBlank, type ValidationKey } from '../../lib/validation';

export type { ValidationKey };
export { isEmail };

const blank = isBlank;

export function validateSignIn(v: { email: string; password: string }): ValidationKey | null {
  if (blank(v.email) || blank(v.password)) return 'validation.fillAllFields';
  if (!isEmail(v.email)) return 'validation.incorrectEmail';
  return null;
}

export interface SignUpValues {
  first_name: string;
  last_name: string;
  email: string;
  password: string;
  password_confirmation: string;
  country_id: string;
}

export function validateSignUp(v: SignUpValues, countries: Pick<Country, 'id'>[]): ValidationKey | null {
  if ([v.first_name, v.last_name, v.email, v.password, v.password_confirmation, v.country_id].some(blank)) {
    return 'validation.fillAllFields';
  }
  if (!isEmail(v.email)) return 'validation.incorrectEmail';
  if (v.password !== v.password_confirmation) return 'validation.passwordsDoNotMatch';
  if (!countries.some((c) => String(c.id) === String(v.country_id))) return 'validation.invalidCountry';
  return null;
}

export function validateStart(countryId: string | null | undefined): ValidationKey | null {
  return blank(countryId) ? 'validation.selectCountry' : null;
}

export function validateForgotPassword(email: string): ValidationKey | null {
  if (blank(email)) return 'validation.fillAllFields';
  if (!isEmail(email)) return 'validation.incorrectEmail';
  return null;
}

export type SignUpFailure =
  | { status: 'EMAIL_ALREADY_EXISTS' }
  | { status: 'VIOLATIONS'; fields: Partial<Record<keyof SignUpValues, ValidationKey | string>> }
  | { status: 'ERROR' };

/** A server's words for "this email already has an account" (a violation's message, or the
 *  description of an older server's internal_server_error answer). */
const EMAIL_TAKEN = /already (registered|exists|in use|taken)|(email|e-mail).*(exists|taken|in use)/i;

/**
 * Maps a failed sign-up to what the screen shows. The email is reported as taken only when the
 * answer says so (this server's 422 `email_already_exists` violation, or an error description
 * naming it); any other 5xx or internal_server_error is an outage: "something went wrong".
 */
export function mapSignUpError(error: unknown): SignUpFailure {
  if (!(error instanceof ApiRequestError) || error.kind === 'network_error') return { status: 'ERROR' };
  const body = error.body;
  const violations = body?.violations ?? [];
  if (violations.some((v) => v.code === 'email_already_exists' || (v.property_path === 'email' && EMAIL_TAKEN.test(v.message)))) {
    return { status: 'EMAIL_ALREADY_EXISTS' };
  }
  if (error.status >= 500 || body?.error === 'internal_server_error') {
    return EMAIL_TAKEN.test(body?.error_description ?? '') ? { status: 'EMAIL_ALREADY_EXISTS' } : { status: 'ERROR' };
  }
  if (!violations.length) return { status: 'ERROR' };
  const fields: Partial<Record<keyof SignUpValues, ValidationKey | string>> = {};
  for (const v of violations) {
    switch (v.property_path) {
      case 'email':
        fields.email ??= 'validation.incorrectEmail';
        break;
      case 'password':
        fields.password ??= v.code === 'too_short' || /8|short|min/i.test(v.message) ? 'validation.passwordTooShort' : v.message;
        break;
      case 'password_confirmation':
        fields.password_confirmation ??= 'validation.passwordsDoNotMatch';
        break;
      case 'country_id':
        fields.country_id ??= 'validation.invalidCountry';
        break;
      case 'first_name':
      case 'last_name':
        fields[v.property_path] ??= 'validation.fillAllFields';
        break;
      default:
        break;
    }
  }
  return Object.keys(fields).length ? { status: 'VIOLATIONS', fields } : { status: 'ERROR' };
}
