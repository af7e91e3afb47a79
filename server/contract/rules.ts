// Field rules the app checks before it sends and the server enforces on arrival, written once.
// Each side names its own messages: the server English sentences, the app translation keys.
import { z } from 'zod';

export const NAME_MAX = 100;
export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 1024;

/** A person's first or last name: not blank once trimmed, at most NAME_MAX characters. */
export const personName = (base: z.ZodString, m: { blank: string; tooLong: string }) =>
  base.trim().min(1, { message: m.blank }).max(NAME_MAX, { message: m.tooLong });

/** A new password: at least PASSWORD_MIN characters (spaces count), at most PASSWORD_MAX. */
export const newPassword = (base: z.ZodString, m: { tooShort: string; tooLong: string }) =>
  base.min(PASSWORD_MIN, { message: m.tooShort }).max(PASSWORD_MAX, { message: m.tooLong });

/** The confirmation repeats the password (reported on password_confirmation, code not_equal). */
export const passwordConfirmed = (message: string) =>
  z.refine<{ password?: unknown; password_confirmation?: unknown }>((v) => typeof v.password !== 'string' || v.password === v.password_confirmation, {
    path: ['password_confirmation'],
    message,
    params: { code: 'not_equal' },
  });
