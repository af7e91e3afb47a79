// The auth forms' schemas (what each form checks before it sends) and the reading of a failed sign-up.
import { z } from '../../lib/zod';
import type { Country } from '@contract/types';
import { passwordConfirmed } from '@contract/rules';
import { ApiRequestError } from '../../lib/http';
import { errorMsg, msg, rawMsg, type Msg } from '../../lib/msg';
import { email, name, password, required, requiredTrimmed, type ValidationKey } from '../../lib/validation';

export const signInSchema = z.object({ email, password: required });

export const forgotPasswordSchema = z.object({ email });

export const startSchema = z.object({ country_id: z.string().trim().min(1, { message: 'validation.selectCountry' satisfies ValidationKey }) });

/** Sign-up: every field, the email's form, the confirmation, a listed country, the password's length. */
export const signUpSchema = (countries: Pick<Country, 'id'>[]) =>
  z
    .object({
      first_name: name,
      last_name: name,
      email,
      password,
      password_confirmation: required,
      country_id: requiredTrimmed,
      // The terms are accepted before the account exists (not after, on Finish Sign Up).
      terms: z.boolean().refine((v) => v, { message: 'validation.acceptTerms' satisfies ValidationKey }),
    })
    .check(passwordConfirmed('validation.passwordsDoNotMatch' satisfies ValidationKey))
    .refine((v) => countries.some((c) => String(c.id) === v.country_id), {
      message: 'validation.invalidCountry' satisfies ValidationKey,
      path: ['country_id'],
      when: () => true,
    });

export type SignUpValues = z.input<ReturnType<typeof signUpSchema>>;

export type SignUpFailure =
  | { status: 'EMAIL_ALREADY_EXISTS' }
  | { status: 'VIOLATIONS'; fields: Partial<Record<keyof SignUpValues, Msg>> }
  | { status: 'ERROR'; message: Msg };

/** A server's words for "this email already has an account" (a violation's message, or the
 *  description of an older server's internal_server_error answer). */
const EMAIL_TAKEN = /already (registered|exists|in use|taken)|(email|e-mail).*(exists|taken|in use)/i;

/**
 * Maps a failed sign-up to what the screen shows. The email is reported as taken only when the
 * answer says so (this server's 422 `email_already_exists` violation, or an error description
 * naming it); any other 5xx or internal_server_error is an outage: "something went wrong".
 */
export function mapSignUpError(error: unknown): SignUpFailure {
  const failed: SignUpFailure = { status: 'ERROR', message: errorMsg(error, () => msg('auth:signUp.failed')) };
  if (!(error instanceof ApiRequestError) || error.kind === 'network_error') return failed;
  const body = error.body;
  const violations = body?.violations ?? [];
  if (violations.some((v) => v.code === 'email_already_exists' || (v.property_path === 'email' && EMAIL_TAKEN.test(v.message)))) {
    return { status: 'EMAIL_ALREADY_EXISTS' };
  }
  if (error.status >= 500 || body?.error === 'internal_server_error') {
    return EMAIL_TAKEN.test(body?.error_description ?? '') ? { status: 'EMAIL_ALREADY_EXISTS' } : failed;
  }
  if (!violations.length) return failed;
  const fields: Partial<Record<keyof SignUpValues, Msg>> = {};
  for (const v of violations) {
    switch (v.property_path) {
      case 'email':
        fields.email ??= msg('validation.incorrectEmail');
        break;
      case 'password':
        fields.password ??= v.code === 'too_short' || /8|short|min/i.test(v.message) ? msg('validation.passwordTooShort') : rawMsg(v.message);
        break;
      case 'password_confirmation':
        fields.password_confirmation ??= msg('validation.passwordsDoNotMatch');
        break;
      case 'country_id':
        fields.country_id ??= msg('validation.invalidCountry');
        break;
      case 'first_name':
      case 'last_name':
        fields[v.property_path] ??= msg('validation.fillAllFields');
        break;
      default:
        break;
    }
  }
  return Object.keys(fields).length ? { status: 'VIOLATIONS', fields } : failed;
}
