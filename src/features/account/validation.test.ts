import { describe, expect, it } from 'vitest';
import { validateEditProfile } from './validation';

describe('edit profile', () => {
  it('requires every field after trimming and checks the email format', () => {
    expect(validateEditProfile({ first_name: ' ', last_name: 'L', email: 'a@b.nl' })).toBe('validation.fillAllFields');
    expect(validateEditProfile({ first_name: 'A', last_name: 'L', email: 'a@b' })).toBe('validation.incorrectEmail');
    expect(validateEditProfile({ first_name: 'A', last_name: 'L', email: 'a@b.nl' })).toBeNull();
  });
});
