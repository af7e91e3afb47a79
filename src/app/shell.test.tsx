import { render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { initI18n } from '../lib/i18n';
import { ErrorScreen } from './error-screen';
import { screenRoutes } from './routes';
import { preloadScreenForPath, screenDataForPath, screenForPath } from './screens';

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
    expect(screenForPath('/invite/ABC123')).toBe('Menu Screen');
    expect(screenForPath('/journey/success')).toBe('Fondo Success');
    expect(screenForPath('/no-such-screen')).toBe('/no-such-screen');
  });

  it('every screen route names its screen; only the wallet screens prefetch at boot', () => {
    for (const route of screenRoutes) expect(route.options.staticData?.screen, JSON.stringify(route.options)).toBeTruthy();
    expect(screenDataForPath('/wallet')?.prefetch).toBeTypeOf('function');
    expect(screenDataForPath('/wallet/5')?.prefetch).toBeTypeOf('function');
    expect(screenDataForPath('/menu')?.prefetch).toBeUndefined();
  });

  it('starts loading the screen a path opens before the router exists, and nothing for the shop', () => {
    const component = (path: string) => screenRoutes.find((r) => 'path' in r.options && r.options.path === path)!.options.component as unknown as { preload?: () => Promise<unknown> };
    const wallet = component('wallet/$walletId');
    const menu = component('menu');
    const saved = [wallet.preload, menu.preload];
    const preloadWallet = vi.fn(() => Promise.resolve());
    const preloadMenu = vi.fn(() => Promise.resolve());
    wallet.preload = preloadWallet;
    menu.preload = preloadMenu;
    try {
      preloadScreenForPath('/');
      preloadScreenForPath('/no-such-screen');
      expect(preloadWallet).not.toHaveBeenCalled();
      expect(preloadMenu).not.toHaveBeenCalled();
      preloadScreenForPath('/wallet/5?till=1');
      expect(preloadWallet).toHaveBeenCalledTimes(1);
      expect(preloadMenu).not.toHaveBeenCalled();
    } finally {
      [wallet.preload, menu.preload] = saved;
    }
  });
});
