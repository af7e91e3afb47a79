/**
 * Pay now (a new payment link in the active language; the browser leaves for it) and Cancel for an
 * order awaiting payment: what the purchases rows and the receipt share. A refused action says why in
 * `problem` and refreshes the purchases (the order was paid, cancelled or expired meanwhile).
 */
import { useState } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Order } from '@contract/types';
import { ApiRequestError } from '../../lib/http';
import { cancelOrder, resumeOrder } from './api';
import { openPaymentPage } from './amount';
import { purchaseQueries, putOrder } from './queries';
import { useResetOnReturn } from './use-reset-on-return';
import { afterNextPaint } from '../../lib/after-paint';

export type OrderProblem = 'already_paid' | 'already_cancelled' | 'already_expired' | 'action_failed';

/** What a refused cancel or resume means to the user. */
function problemOf(err: unknown): OrderProblem {
  const code = err instanceof ApiRequestError ? err.body?.error : undefined;
  return code === 'order_paid'
    ? 'already_paid'
    : code === 'order_cancelled'
      ? 'already_cancelled'
      : code === 'order_expired'
        ? 'already_expired'
        : 'action_failed';
}

export function useOrderActions(order: Order, onCancelled: (o: Order) => void) {
  const qc = useQueryClient();
  const [problem, setProblem] = useState<OrderProblem | null>(null);
  const refresh = () => qc.invalidateQueries({ queryKey: purchaseQueries.all() });
  const failed = (err: unknown) => {
    setProblem(problemOf(err));
    void refresh();
  };

  const cancel = useMutation({
    mutationFn: () => cancelOrder(order.id),
    onSuccess: (o) => {
      putOrder(qc, o);
      void refresh();
      setProblem(null);
      // Once the confirmation (CancelOrder) has closed: the page under it is inert while it is open.
      afterNextPaint(() => onCancelled(o));
    },
    onError: failed,
  });
  const resume = useMutation({
    mutationFn: () => resumeOrder(order.id),
    onSuccess: (res) => {
      if (!openPaymentPage(res?.payment_url)) setProblem('action_failed');
    },
    onError: failed,
  });
  useResetOnReturn(resume.reset);
  // While the browser leaves for the payment page the button stays busy.
  const leaving = resume.isPending || (resume.isSuccess && problem === null);

  return {
    problem,
    leaving,
    cancelling: cancel.isPending,
    busy: leaving || cancel.isPending,
    payNow: () => {
      setProblem(null);
      resume.mutate();
    },
    cancel: () => {
      setProblem(null);
      cancel.mutate();
    },
  };
}
