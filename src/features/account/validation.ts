import { isBlank, isEmail, type ValidationKey } from '../../lib/validation';

/** SPEC §5 Edit profile: first name, last name, email non-empty after trimming; email pattern. */
export function validateEditProfile(v: { first_name: string; last_name: string; email: string }): ValidationKey | null {
  if (isBlank(v.first_name) || isBlank(v.last_name) || isBlank(v.email)) return 'validation.fillAllFields';
  if (!isEmail(v.email)) return 'validation.incorrectEmail';
  return null;
}
