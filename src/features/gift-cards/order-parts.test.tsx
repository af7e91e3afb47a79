// An order the server cancelled because it was not paid in time says Expired, in both languages; one the
// user cancelled says Canceled.
import { act, render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { initI18n, loadNamespaces, setLanguage } from '../../lib/i18n';
import { OrderStatus } from './order-parts';

describe('OrderStatus', () => {
  it('names an expired order Expired (Verlopen), a cancelled one Canceled (Geannuleerd), a pending one as waiting', async () => {
    await initI18n('en');
    await loadNamespaces(['purchases']);
    const { rerender } = render(<OrderStatus order={{ status: 'cancelled', expired: true }} />);
    expect(screen.getByText('Expired')).toBeTruthy();
    rerender(<OrderStatus order={{ status: 'cancelled', expired: false }} />);
    expect(screen.getByText('Canceled')).toBeTruthy();
    rerender(<OrderStatus order={{ status: 'cancelled' }} />);
    expect(screen.getByText('Canceled')).toBeTruthy();
    rerender(<OrderStatus order={{ status: 'pending', expired: false }} />);
    expect(screen.getByText('Awaiting payment')).toBeTruthy();

    await act(() => setLanguage('nl'));
    await loadNamespaces(['purchases']);
    rerender(<OrderStatus order={{ status: 'cancelled', expired: true }} />);
    expect(await screen.findByText('Verlopen')).toBeTruthy();
    rerender(<OrderStatus order={{ status: 'cancelled', expired: false }} />);
    expect(screen.getByText('Geannuleerd')).toBeTruthy();
  });
});
