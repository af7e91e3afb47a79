/** The operator desk's rows (services/operator-desk.ts reads them) → contract shapes. */
import type { OperatorAction, OperatorClaim, OperatorConversion } from '../contract/types.ts';
import { isoDate } from './serialize.ts';

export interface ClaimRow {
  id: number;
  trip_id: number;
  user_id: number;
  brand_id: number;
  brand_name: string;
  trip_created_at: unknown;
  click_ref: string | null;
  purchase_date: string;
  order_number: string;
  amount: number;
  currency: string;
  status: 'submitted' | 'reviewing' | 'approved' | 'rejected';
  reason: string | null;
  transaction_id: number | null;
  created_at: unknown;
  updated_at: unknown;
}

export interface ConversionListRow {
  id: number;
  network: string;
  order_ref: string;
  click_ref: string;
  status: OperatorConversion['status'];
  order_amount: number;
  currency: string;
  reason: string | null;
  occurred_at: unknown;
  created_at: unknown;
  trip_id: number | null;
  transaction_id: number | null;
  declined_after_payout: boolean;
}

export interface ActionRow {
  id: number;
  operator: string;
  action: 'approve_claim' | 'confirm_claim' | 'reject_claim' | 'match_conversion';
  subject: string;
  detail: unknown;
  created_at: unknown;
}

export function toOperatorClaim(r: ClaimRow): OperatorClaim {
  return {
    id: r.id,
    trip_id: r.trip_id,
    user_id: r.user_id,
    corporate_partner: { id: r.brand_id, name: r.brand_name },
    trip_created_at: isoDate(r.trip_created_at),
    click_ref: r.click_ref,
    purchase_date: r.purchase_date,
    order_number: r.order_number,
    amount: { amount: r.amount, currency: r.currency },
    status: r.status,
    reason: r.reason,
    transaction_id: r.transaction_id,
    created_at: isoDate(r.created_at),
    updated_at: isoDate(r.updated_at),
  };
}

export function toOperatorConversion(r: ConversionListRow): OperatorConversion {
  return {
    id: r.id,
    network: r.network,
    order_ref: r.order_ref,
    click_ref: r.click_ref,
    status: r.status,
    order_amount: { amount: r.order_amount, currency: r.currency },
    reason: r.reason,
    occurred_at: isoDate(r.occurred_at),
    created_at: isoDate(r.created_at),
    trip_id: r.trip_id,
    transaction_id: r.transaction_id,
    declined_after_payout: Boolean(r.declined_after_payout),
  };
}

export function toOperatorAction(r: ActionRow): OperatorAction {
  return {
    id: r.id,
    operator: r.operator,
    action: r.action,
    subject: r.subject,
    detail: (typeof r.detail === 'string' ? JSON.parse(r.detail) : r.detail) as Record<string, unknown>,
    created_at: isoDate(r.created_at),
  };
}
