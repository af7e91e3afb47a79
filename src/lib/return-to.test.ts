// A remembered way back serves only the sign-in or sign-up it was saved for (issue 32).
import { beforeEach, describe, expect, it } from 'vitest';
import { expireReturnTo, forgetReturnTo, saveReturnTo, takeReturnTo } from './return-to';

describe('return-to expiry', () => {
  beforeEach(() => forgetReturnTo());

  it('is kept while the visitor stays on the sign-in screens, and read once', () => {
    saveReturnTo('/wallet');
    expireReturnTo(true);
    expireReturnTo(true);
    expect(takeReturnTo()).toBe('/wallet');
    expect(takeReturnTo()).toBeNull();
  });

  it('is forgotten on the first screen outside them', () => {
    saveReturnTo('/brand/Groenhuis');
    expireReturnTo(false);
    expireReturnTo(true);
    expect(takeReturnTo()).toBeNull();
  });
});
