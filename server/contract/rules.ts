// Field rules the app checks before it sends and the server enforces on arrival, written once.
// Each side names its own messages: the server English sentences, the app translation keys.
import { z } from 'zod';
import { hasWholeCents } from './pay-amount.ts';

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

// ---------- a missing-reward claim (the form and POST /shopping-trips/{id}/claim) ----------

export const ORDER_NUMBER_MAX = 64;
export const CLAIM_AMOUNT_MAX = 10_000;

/** The shop's order number: not blank once trimmed, at most ORDER_NUMBER_MAX characters. */
export const orderNumber = (base: z.ZodString, m: { blank: string; tooLong: string }) =>
  base.trim().min(1, { message: m.blank }).max(ORDER_NUMBER_MAX, { message: m.tooLong });

export type ClaimAmountProblem = 'not_positive' | 'too_many_decimals' | 'above_max';

/** What is wrong with a purchase amount in euros (more than 0, whole cents, at most CLAIM_AMOUNT_MAX), or null. */
export function claimAmountProblem(value: number): ClaimAmountProblem | null {
  if (!(value > 0)) return 'not_positive';
  if (!hasWholeCents(value)) return 'too_many_decimals';
  if (value > CLAIM_AMOUNT_MAX) return 'above_max';
  return null;
}

export type PurchaseDateProblem = 'invalid_date' | 'before_trip' | 'in_future';

/**
 * What is wrong with a purchase date (YYYY-MM-DD) for a trip made at `tripAt`, or null. A day of
 * slack either side covers the user's time zone against UTC.
 */
export function purchaseDateProblem(date: string, tripAt: string, now: number = Date.now()): PurchaseDateProblem | null {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(date)) return 'invalid_date';
  const day = Date.parse(`${date}T00:00:00Z`);
  if (Number.isNaN(day) || new Date(day).toISOString().slice(0, 10) !== date) return 'invalid_date';
  const dayMs = 86_400_000;
  const tripDay = Date.parse(`${new Date(tripAt).toISOString().slice(0, 10)}T00:00:00Z`);
  if (day < tripDay - dayMs) return 'before_trip';
  if (day > now + dayMs) return 'in_future';
  return null;
}
