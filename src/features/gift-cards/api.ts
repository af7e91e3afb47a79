import type { PayResponse } from '@contract/types';
import { request } from '../../lib/http';

/** POST /corporate-partners/{id}/pay { amount } (euros, a number) → payment_url. */
export function createPayment(brandId: number, amount: number): Promise<PayResponse> {
  return request<PayResponse>(`/corporate-partners/${brandId}/pay`, { method: 'POST', body: { amount } });
}
