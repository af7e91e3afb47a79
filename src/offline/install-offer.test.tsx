import { act, cleanup, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { isIosSafari } from './install-card';
import { InstallOffer } from './install-offer';
import { STORAGE_KEYS } from './storage-keys';

function fireBeforeInstallPrompt() {
  const prompt = vi.fn(async () => undefined);
  const ev = Object.assign(new Event('beforeinstallprompt', { cancelable: true }), {
    prompt,
    userChoice: Promise.resolve({ outcome: 'accepted' as const }),
  });
  act(() => {
    window.dispatchEvent(ev);
  });
  return { ev, prompt };
}

/** The 20 s quiet start, then the card's lazy chunk. */
async function quietStartPasses() {
  await act(async () => {
    vi.advanceTimersByTime(20_000);
    await import('./install-card');
  });
}

beforeEach(() => {
  vi.useFakeTimers();
  localStorage.clear();
});
afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

describe('install offer', () => {
  it('keeps the browser prompt for later, offers it after a quiet start, and installs on request', async () => {
    const { ev, prompt } = fireBeforeInstallPrompt();
    expect(ev.defaultPrevented).toBe(true);
    render(<InstallOffer />);
    expect(screen.queryByRole('region')).toBeNull(); // not at once
    await quietStartPasses();
    expect(screen.getByRole('region')).toBeTruthy();
    await act(async () => {
      screen.getByRole('button', { name: 'install.accept' }).click();
    });
    expect(prompt).toHaveBeenCalledTimes(1);
    expect(screen.queryByRole('region')).toBeNull();
  });

  it('remembers a dismissal and does not nag', async () => {
    fireBeforeInstallPrompt();
    const first = render(<InstallOffer />);
    await quietStartPasses();
    act(() => {
      screen.getByRole('button', { name: 'install.dismiss' }).click();
    });
    expect(screen.queryByRole('region')).toBeNull();
    expect(Number(localStorage.getItem(STORAGE_KEYS.installDismissed))).toBeGreaterThan(0);
    first.unmount();
    fireBeforeInstallPrompt();
    render(<InstallOffer />);
    await quietStartPasses();
    expect(screen.queryByRole('region')).toBeNull();
  });

  it('recognises iOS Safari (Add to Home Screen instructions) but not other iOS browsers', () => {
    const safari = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1';
    const chromeIos = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) CriOS/124.0 Mobile/15E148 Safari/604.1';
    const ipadDesktopUa = 'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Safari/605.1.15';
    expect(isIosSafari(safari, 5)).toBe(true);
    expect(isIosSafari(chromeIos, 5)).toBe(false);
    expect(isIosSafari(ipadDesktopUa, 5)).toBe(true);
    expect(isIosSafari(ipadDesktopUa, 0)).toBe(false);
    expect(isIosSafari('Mozilla/5.0 (X11; Linux x86_64) Chrome/130 Safari/537.36', 0)).toBe(false);
  });
});
