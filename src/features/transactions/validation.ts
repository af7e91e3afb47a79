/** The missing-reward form: the purchase date (not before the trip, not ahead), the order number and the amount, as the server checks them. */
import { z } from '../../lib/zod';
import { claimAmountProblem, orderNumber, purchaseDateProblem, type ClaimAmountProblem, type PurchaseDateProblem } from '@contract/rules';
import type { MsgKey } from '../../lib/msg';
import { readEuroText } from '../../lib/euro-text';

const DATE_MESSAGES: Record<PurchaseDateProblem, MsgKey> = {
  invalid_date: 'transactions:claim.error.date',
  before_trip: 'transactions:claim.error.beforeTrip',
  in_future: 'transactions:claim.error.inFuture',
};
const AMOUNT_MESSAGES: Record<ClaimAmountProblem, MsgKey> = {
  not_positive: 'transactions:claim.error.amountNotPositive',
  too_many_decimals: 'transactions:claim.error.amountDecimals',
  above_max: 'transactions:claim.error.amountTooBig',
};

/** Filled in (trimmed), else the field's own message. */
const filled = (message: MsgKey) => z.string().trim().min(1, { message });

/** Each field has its own message (the form shows them on their fields: useSchemaForm's perField). */
export function claimSchema(tripAt: string, now: () => number = Date.now) {
  return z.object({
    purchase_date: filled('transactions:claim.error.dateMissing').superRefine((v, ctx) => {
      const problem = v ? purchaseDateProblem(v, tripAt, now()) : null;
      if (problem) ctx.addIssue({ code: 'custom', message: DATE_MESSAGES[problem] });
    }),
    order_number: orderNumber(z.string(), { blank: 'transactions:claim.error.orderNumberMissing', tooLong: 'validation.tooLong' }),
    amount: filled('transactions:claim.error.amountMissing').transform((v, ctx) => {
      const typed = readEuroText(v);
      const euros = typed?.value ?? null;
      const problem = typed === null ? null : (claimAmountProblem(typed.value) ?? (typed.decimals > 2 ? 'too_many_decimals' : null));
      if (euros === null || problem) {
        ctx.addIssue({ code: 'custom', message: euros === null ? 'transactions:claim.error.amount' : AMOUNT_MESSAGES[problem!] });
        return z.NEVER;
      }
      return euros;
    }),
  });
}
