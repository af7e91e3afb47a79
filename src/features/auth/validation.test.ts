import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { ApiRequestError } from '../../lib/http';
import { msg } from '../../lib/msg';
import { firstProblem } from '../../lib/validation';
import { forgotPasswordSchema, mapSignUpError, signInSchema, signUpSchema, startSchema, type SignUpValues } from './validation';

const countries = [{ id: 1 }];
const good: SignUpValues = {
  first_name: 'Ada',
  last_name: 'Lovelace',
  email: 'ada@example.test',
  password: 'secret-pass',
  password_confirmation: 'secret-pass',
  country_id: '1',
  terms: true,
};
/** The message the form shows for these values (null: it sends them). */
const problem = (schema: z.ZodType, values: unknown) => {
  const r = schema.safeParse(values);
  return r.success ? null : firstProblem(r.error.issues);
};
const signUp = (v: SignUpValues) => problem(signUpSchema(countries), v);

describe('sign in', () => {
  it('requires both fields after trimming', () => {
    expect(problem(signInSchema, { email: '  ', password: 'x' })).toBe('validation.fillAllFields');
    expect(problem(signInSchema, { email: 'a@b.co', password: '   ' })).toBe('validation.fillAllFields');
  });
  it('checks the email format', () => {
    expect(problem(signInSchema, { email: 'nope', password: 'x' })).toBe('validation.incorrectEmail');
    expect(problem(signInSchema, { email: 'a@b.co', password: 'x' })).toBeNull();
  });
});

describe('sign up', () => {
  it('requires every field', () => {
    for (const key of Object.keys(good) as (keyof SignUpValues)[]) {
      if (key !== 'terms') expect(signUp({ ...good, [key]: ' ' })).toBe('validation.fillAllFields');
    }
  });
  it('requires the terms to be accepted before the account is created', () => {
    expect(signUp({ ...good, terms: false })).toBe('validation.acceptTerms');
    expect(signUp(good)).toBeNull();
  });
  it('checks email, password match, country and password length, in that order', () => {
    expect(signUp({ ...good, email: 'ada@', password_confirmation: 'other', country_id: '99' })).toBe('validation.incorrectEmail');
    expect(signUp({ ...good, password: 'short', password_confirmation: 'other', country_id: '99' })).toBe('validation.passwordsDoNotMatch');
    expect(signUp({ ...good, password: 'short', password_confirmation: 'short', country_id: '99' })).toBe('validation.invalidCountry');
    expect(signUp({ ...good, password: 'short', password_confirmation: 'short' })).toBe('validation.passwordTooShort');
    expect(signUp(good)).toBeNull();
  });
  it('sends names and email trimmed, the password as typed', () => {
    const sent = signUpSchema(countries).parse({ ...good, first_name: ' Ada ', email: ' ada@example.test ', password: ' secret-pass', password_confirmation: ' secret-pass' });
    expect(sent).toMatchObject({ first_name: 'Ada', email: 'ada@example.test', password: ' secret-pass' });
  });
});

describe('start, forgot password', () => {
  it('start requires a country', () => {
    expect(problem(startSchema, { country_id: '' })).toBe('validation.selectCountry');
    expect(problem(startSchema, { country_id: '1' })).toBeNull();
  });
  it('forgot password', () => {
    expect(problem(forgotPasswordSchema, { email: '' })).toBe('validation.fillAllFields');
    expect(problem(forgotPasswordSchema, { email: 'x@' })).toBe('validation.incorrectEmail');
    expect(problem(forgotPasswordSchema, { email: 'x@y.nl' })).toBeNull();
  });
});

describe('sign-up server errors', () => {
  it('understands the 422 email_already_exists violation', () => {
    const e = new ApiRequestError('validation_error', 422, {
      error: 'validation_error',
      error_description: 'x',
      violations: [{ property_path: 'email', message: 'This email is already registered.', code: 'email_already_exists' }],
    });
    expect(mapSignUpError(e)).toEqual({ status: 'EMAIL_ALREADY_EXISTS' });
  });
  it('an outage (5xx, internal_server_error) is "something went wrong", not a taken email', () => {
    expect(mapSignUpError(new ApiRequestError('unknown_error', 500, null))).toEqual({ status: 'ERROR', message: msg('auth:signUp.failed') });
    expect(mapSignUpError(new ApiRequestError('unknown_error', 503, null))).toEqual({ status: 'ERROR', message: msg('auth:signUp.failed') });
    expect(
      mapSignUpError(
        new ApiRequestError('unknown_error', 500, { error: 'internal_server_error', error_description: 'Something went wrong. Please try again later.' }),
      ),
    ).toEqual({ status: 'ERROR', message: msg('auth:signUp.failed') });
    expect(mapSignUpError(new ApiRequestError('validation_error', 400, { error: 'internal_server_error', error_description: '' }))).toEqual({
      status: 'ERROR',
      message: msg('auth:signUp.failed'),
    });
  });
  it('an older server 500 that names the taken email is still the duplicate path', () => {
    expect(
      mapSignUpError(new ApiRequestError('unknown_error', 500, { error: 'internal_server_error', error_description: 'Email already exists' })),
    ).toEqual({ status: 'EMAIL_ALREADY_EXISTS' });
  });
  it('maps violations to fields', () => {
    const e = new ApiRequestError('validation_error', 422, {
      error: 'validation_error',
      error_description: 'x',
      violations: [
        { property_path: 'password', message: 'too short', code: 'too_short' },
        { property_path: 'password_confirmation', message: 'not equal', code: 'not_equal' },
        { property_path: 'email', message: 'invalid', code: 'invalid_email' },
        { property_path: 'country_id', message: 'unknown' },
      ],
    });
    expect(mapSignUpError(e)).toEqual({
      status: 'VIOLATIONS',
      fields: {
        password: msg('validation.passwordTooShort'),
        password_confirmation: msg('validation.passwordsDoNotMatch'),
        email: msg('validation.incorrectEmail'),
        country_id: msg('validation.invalidCountry'),
      },
    });
  });
  it('offline says offline; anything else is a generic error', () => {
    expect(mapSignUpError(new ApiRequestError('network_error', 0, null))).toEqual({ status: 'ERROR', message: msg('errors.offline') });
    expect(mapSignUpError(new Error('x'))).toEqual({ status: 'ERROR', message: msg('errors.generic') });
  });
});
