// Which way back a visitor sent to Start carries into signing in (issue 32: a way back serves only the
// sign-in or sign-up it was saved for).
import { beforeEach, describe, expect, it } from 'vitest';
import { saveInviteCode } from '../features/auth/invite';
import { forgetReturnTo, saveReturnTo, takeReturnTo } from '../lib/return-to';
import { requireSignedIn } from './route-guards';
import { screenDataForPath } from './screens';

const visit = (pathname: string, preload = false) => {
  expect(() => requireSignedIn({ params: {}, preload, location: { pathname, searchStr: '' } })).toThrow();
};

describe('the signed-in guard (a visitor)', () => {
  beforeEach(() => forgetReturnTo());

  it('remembers the screen the visitor tried to open', () => {
    visit('/nl/wallet');
    expect(takeReturnTo()).toBe('/wallet');
  });

  it('opening the Menu starts a sign-in of its own: an earlier way back is forgotten', () => {
    saveReturnTo('/brand/Groenhuis');
    visit('/menu');
    expect(takeReturnTo()).toBeNull();
  });

  it('a preload (a hovered link) remembers nothing', () => {
    visit('/wallet', true);
    expect(takeReturnTo()).toBeNull();
  });
});

it('an invite link forgets a way back remembered earlier in the tab', () => {
  saveReturnTo('/wallet');
  saveInviteCode('ABCDE');
  expect(takeReturnTo()).toBeNull();
});

it('the sign-in journey: its screens keep a way back, any other screen ends it', () => {
  for (const path of ['/start', '/sign-in', '/sign-up', '/finish-sign-up', '/forgot-password', '/terms']) {
    expect(screenDataForPath(path)?.signInJourney, path).toBe(true);
  }
  for (const path of ['/', '/menu', '/wallet', '/faq', '/brand/Groenhuis', '/gift-card/3']) {
    expect(screenDataForPath(path)?.signInJourney, path).toBeUndefined();
  }
});
