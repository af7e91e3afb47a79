// The app's field rules as zod schemas whose messages are 'common' keys (validation.*). Rules the
// server enforces too come from server/contract/rules.ts; a form shows one problem at a time, the
// one earliest in PROBLEM_ORDER.
import { z } from './zod';
import { NAME_MAX, PASSWORD_MAX, newPassword, personName } from '@contract/rules';
import type { MsgKey } from './msg';

export type ValidationKey = Extract<MsgKey, `validation.${string}`>;

/** The order problems are reported in when a form has several. */
const PROBLEM_ORDER: ValidationKey[] = [
  'validation.fillAllFields',
  'validation.selectCountry',
  'validation.incorrectEmail',
  'validation.passwordsDoNotMatch',
  'validation.invalidCountry',
  'validation.passwordTooShort',
  'validation.nameTooLong',
  'validation.passwordTooLong',
  'validation.tooLong',
  'validation.acceptTerms',
];

/** The problem a form shows for these zod issues (their messages are validation keys). */
export function firstProblem(issues: readonly { message: string }[]): ValidationKey | null {
  let best: ValidationKey | null = null;
  for (const { message } of issues) {
    const rank = PROBLEM_ORDER.indexOf(message as ValidationKey);
    if (rank >= 0 && (best === null || rank < PROBLEM_ORDER.indexOf(best))) best = message as ValidationKey;
  }
  return best ?? ((issues[0]?.message as ValidationKey | undefined) ?? null);
}

export const EMAIL_RE = /^[^\s@]+@[^\s@]+\.[^\s@]{2,}$/;

const FILL: ValidationKey = 'validation.fillAllFields';

/** Required, checked and sent as typed (passwords). */
export const required = z.string().refine((v) => v.trim() !== '', { message: FILL });
/** Required, sent trimmed. */
export const requiredTrimmed = z.string().trim().min(1, { message: FILL });
export const email = requiredTrimmed.regex(EMAIL_RE, { message: 'validation.incorrectEmail' });
export const name = personName(z.string(), { blank: FILL, tooLong: 'validation.nameTooLong' });
export const password = required.pipe(newPassword(z.string(), { tooShort: 'validation.passwordTooShort', tooLong: 'validation.passwordTooLong' }));

/** The numbers a form-level message names (the limit it states). */
export const PROBLEM_OPTS: Partial<Record<ValidationKey, Record<string, number>>> = {
  'validation.nameTooLong': { max: NAME_MAX },
  'validation.passwordTooLong': { max: PASSWORD_MAX },
};
