import { describe, expect, it } from 'vitest';
import { ApiRequestError } from '../../lib/http';
import { mapSignUpError, validateForgotPassword, validateSignIn, validateSignUp, validateStart, type SignUpValues } from './validation';

const countries = [{ id: 1 }];
const good: SignUpValues = {
  first_name: 'Ada',
  last_name: 'Lovelace',
  email: 'ada@example.test',
  password: 'secret-pass',
  password_confirmation: 'secret-pass',
  country_id: '1',
};

describe('sign in', () => {
  it('requires both fields after trimming', () => {
    expect(validateSignIn({ email: '  ', password: 'x' })).toBe('validation.fillAllFields');
    expect(validateSignIn({ email: 'a@b.co', password: '   ' })).toBe('validation.fillAllFields');
  });
  it('checks the email format', () => {
    expect(validateSignIn({ email: 'nope', password: 'x' })).toBe('validation.incorrectEmail');
    expect(validateSignIn({ email: 'a@b.co', password: 'x' })).toBeNull();
  });
});

describe('sign up', () => {
  it('requires every field', () => {
    for (const key of Object.keys(good) as (keyof SignUpValues)[]) {
      expect(validateSignUp({ ...good, [key]: ' ' }, countries)).toBe('validation.fillAllFields');
    }
  });
  it('checks email, password match and country', () => {
    expect(validateSignUp({ ...good, email: 'ada@' }, countries)).toBe('validation.incorrectEmail');
    expect(validateSignUp({ ...good, password_confirmation: 'other' }, countries)).toBe('validation.passwordsDoNotMatch');
    expect(validateSignUp({ ...good, country_id: '99' }, countries)).toBe('validation.invalidCountry');
    expect(validateSignUp(good, countries)).toBeNull();
  });
});

describe('start, forgot password', () => {
  it('start requires a country', () => {
    expect(validateStart('')).toBe('validation.selectCountry');
    expect(validateStart('1')).toBeNull();
  });
  it('forgot password', () => {
    expect(validateForgotPassword('')).toBe('validation.fillAllFields');
    expect(validateForgotPassword('x@')).toBe('validation.incorrectEmail');
    expect(validateForgotPassword('x@y.nl')).toBeNull();
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
    expect(mapSignUpError(new ApiRequestError('unknown_error', 500, null))).toEqual({ status: 'ERROR' });
    expect(mapSignUpError(new ApiRequestError('unknown_error', 503, null))).toEqual({ status: 'ERROR' });
    expect(
      mapSignUpError(
        new ApiRequestError('unknown_error', 500, { error: 'internal_server_error', error_description: 'Something went wrong. Please try again later.' }),
      ),
    ).toEqual({ status: 'ERROR' });
    expect(mapSignUpError(new ApiRequestError('validation_error', 400, { error: 'internal_server_error', error_description: '' }))).toEqual({
      status: 'ERROR',
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
        password: 'validation.passwordTooShort',
        password_confirmation: 'validation.passwordsDoNotMatch',
        email: 'validation.incorrectEmail',
        country_id: 'validation.invalidCountry',
      },
    });
  });
  it('anything else is the generic sign-up error', () => {
    expect(mapSignUpError(new ApiRequestError('network_error', 0, null))).toEqual({ status: 'ERROR' });
    expect(mapSignUpError(new Error('x'))).toEqual({ status: 'ERROR' });
  });
});
