import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { initI18n } from '../lib/i18n';
import { ErrorScreen } from './error-screen';
import { screenForPath } from './screens';

describe('error screen', () => {
  it("shows 'Unexpected Application Error!'", async () => {
    await initI18n('en');
    render(<ErrorScreen />);
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Unexpected Application Error!');
  });
});

describe('screen names (session screen value and tracking)', () => {
  it('maps routes to their screen names', () => {
    expect(screenForPath('/')).toBeNull();
    expect(screenForPath('/start')).toBe('Start Screen');
    expect(screenForPath('/menu')).toBe('Menu Screen');
    expect(screenForPath('/delete-account')).toBe('Delete Account Process');
    expect(screenForPath('/set-target/4')).toBe('Reward Target Details');
    expect(screenForPath('/project/2/thanks')).toBe('Thanks for donate');
    expect(screenForPath('/brand/Green_Shoes__NLD')).toBe('Corporate Details');
    expect(screenForPath('/wallet?orderId=3')).toBe('Wallet');
    expect(screenForPath('/corporate/7/slider')).toBe('Corporate Details Slider');
    expect(screenForPath('/corporate/7')).toBe('Corporate Details');
  });
});
