import { describe, expect, it } from 'vitest';
import { firstProblem } from '../../lib/validation';
import { editProfileSchema } from './validation';

const problem = (v: Record<string, string>) => {
  const r = editProfileSchema.safeParse({ country_id: '1', ...v });
  return r.success ? null : firstProblem(r.error.issues);
};

describe('edit profile', () => {
  it('requires every field after trimming and checks the email format', () => {
    expect(problem({ first_name: ' ', last_name: 'L', email: 'a@b.nl' })).toBe('validation.fillAllFields');
    expect(problem({ first_name: 'A', last_name: 'L', email: 'a@b' })).toBe('validation.incorrectEmail');
    expect(problem({ first_name: 'A', last_name: 'L', email: 'a@b.nl' })).toBeNull();
  });
  it('names longer than the server accepts are refused before sending', () => {
    expect(problem({ first_name: 'x'.repeat(101), last_name: 'L', email: 'a@b.nl' })).toBe('validation.nameTooLong');
  });
  it('sends the names and email trimmed', () => {
    expect(editProfileSchema.parse({ first_name: ' A ', last_name: 'L ', email: ' a@b.nl', country_id: '1' })).toEqual({
      first_name: 'A',
      last_name: 'L',
      email: 'a@b.nl',
      country_id: '1',
    });
  });
});
