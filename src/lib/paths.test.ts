import { describe, expect, it } from 'vitest';
import { decodeBrandName, encodeBrandName, inviteCodeFromPathname, inviteRedirectTarget, isInviteCode, parsePath, shareTargetRedirect, switchLangPath, withLang } from './paths';
import { detectLanguage } from './i18n';

describe('parsePath', () => {
  it('splits the language prefix', () => {
    expect(parsePath('/nl/wallet')).toEqual({ lang: 'nl', se: false, rest: '/wallet' });
    expect(parsePath('/en/menu')).toEqual({ lang: 'en', se: false, rest: '/menu' });
    expect(parsePath('/wallet/12')).toEqual({ lang: null, se: false, rest: '/wallet/12' });
    expect(parsePath('/nl')).toEqual({ lang: 'nl', se: false, rest: '/' });
    expect(parsePath('/')).toEqual({ lang: null, se: false, rest: '/' });
    expect(parsePath('')).toEqual({ lang: null, se: false, rest: '/' });
  });
  it('strips a leading se prefix, before or after the language', () => {
    expect(parsePath('/se/wallet')).toEqual({ lang: null, se: true, rest: '/wallet' });
    expect(parsePath('/se/nl/gift-card/3')).toEqual({ lang: 'nl', se: true, rest: '/gift-card/3' });
    expect(parsePath('/nl/se/menu')).toEqual({ lang: 'nl', se: true, rest: '/menu' });
    expect(parsePath('/se')).toEqual({ lang: null, se: true, rest: '/' });
  });
  it('does not treat other segments as prefixes', () => {
    expect(parsePath('/settings')).toEqual({ lang: null, se: false, rest: '/settings' });
    expect(parsePath('/de/menu').lang).toBeNull();
    expect(parsePath('/brand/nl')).toEqual({ lang: null, se: false, rest: '/brand/nl' });
  });
});

describe('withLang / switchLangPath', () => {
  it('prefixes Dutch and leaves English bare', () => {
    expect(withLang('/wallet', 'nl')).toBe('/nl/wallet');
    expect(withLang('/wallet', 'en')).toBe('/wallet');
    expect(withLang('/', 'nl')).toBe('/nl');
    expect(withLang('/', 'en')).toBe('/');
  });
  it('rewrites an existing prefix and keeps the query', () => {
    expect(switchLangPath('/nl/set-target?tab=selection', 'en')).toBe('/set-target?tab=selection');
    expect(switchLangPath('/set-target?tab=selection', 'nl')).toBe('/nl/set-target?tab=selection');
    expect(switchLangPath('/en/menu', 'nl')).toBe('/nl/menu');
    expect(switchLangPath('/se/nl/wallet', 'en')).toBe('/wallet');
  });
});

describe('brand names in URLs', () => {
  it('encodes spaces as underscores and appends the country', () => {
    expect(encodeBrandName('Green Shoes Co', 'NLD')).toBe('Green_Shoes_Co__NLD');
    expect(encodeBrandName('Bol', null)).toBe('Bol');
  });
  it('splits the __ALPHA3 suffix and restores spaces', () => {
    expect(decodeBrandName('Green_Shoes_Co__NLD')).toEqual({ name: 'Green Shoes Co', country: 'NLD' });
    expect(decodeBrandName('Green_Shoes_Co')).toEqual({ name: 'Green Shoes Co', country: null });
    expect(decodeBrandName('Caf%C3%A9_Noir__swe')).toEqual({ name: 'Café Noir', country: 'SWE' });
  });
  it('round-trips', () => {
    const e = encodeBrandName('A B C', 'NLD');
    expect(decodeBrandName(e)).toEqual({ name: 'A B C', country: 'NLD' });
  });
});

describe('invite codes', () => {
  it('accepts exactly 5 alphanumerics', () => {
    expect(isInviteCode('AB12C')).toBe(true);
    expect(isInviteCode('ab12c')).toBe(true);
    expect(isInviteCode('AB12')).toBe(false);
    expect(isInviteCode('AB12CD')).toBe(false);
    expect(isInviteCode('AB-2C')).toBe(false);
    expect(isInviteCode(null)).toBe(false);
  });
  it('reads the code from a real path', () => {
    expect(inviteCodeFromPathname('/invite/AB12C')).toBe('AB12C');
    expect(inviteCodeFromPathname('/nl/invite/AB12C/')).toBe('AB12C');
    expect(inviteCodeFromPathname('/invite/AB12')).toBeNull();
    expect(inviteCodeFromPathname('/')).toBeNull();
  });
  it('turns /invite/{code} into the root with #/menu in the path\'s language (the invite path leaves the address)', () => {
    expect(inviteRedirectTarget({ pathname: '/invite/AB12C', search: '', hash: '' })).toBe('/#/menu');
    expect(inviteRedirectTarget({ pathname: '/invite/AB12C', search: '', hash: '#/' })).toBe('/#/menu');
    expect(inviteRedirectTarget({ pathname: '/invite/AB12C', search: '?utm=x', hash: '#/menu' })).toBe('/?utm=x#/menu');
    expect(inviteRedirectTarget({ pathname: '/invite/AB12C', search: '', hash: '#/nl/menu' })).toBe('/#/nl/menu');
    expect(inviteRedirectTarget({ pathname: '/nl/invite/AB12C', search: '', hash: '' })).toBe('/#/nl/menu');
    expect(inviteRedirectTarget({ pathname: '/se/invite/AB12C/', search: '', hash: '' })).toBe('/#/menu');
    expect(inviteRedirectTarget({ pathname: '/invite/nope', search: '', hash: '' })).toBeNull();
    expect(inviteRedirectTarget({ pathname: '/', search: '', hash: '' })).toBeNull();
  });
});

describe('share target', () => {
  it('turns the share action into the in-app share route at the root, language kept', () => {
    expect(shareTargetRedirect({ pathname: '/share-target', search: '?url=https%3A%2F%2Fshop.example.nl%2Fa&text=Look&title=' })).toBe(
      '/#/share?url=https%3A%2F%2Fshop.example.nl%2Fa&text=Look&title=',
    );
    expect(shareTargetRedirect({ pathname: '/nl/share-target', search: '?text=https%3A%2F%2Fx.example' })).toBe('/#/nl/share?text=https%3A%2F%2Fx.example');
    expect(shareTargetRedirect({ pathname: '/share-target', search: '' })).toBe('/#/share');
  });
  it('cuts a hostile query at 8 kB', () => {
    expect(shareTargetRedirect({ pathname: '/share-target', search: `?text=${'a'.repeat(20_000)}` })).toHaveLength('/#/share'.length + 8192);
  });
  it('leaves every other path alone', () => {
    expect(shareTargetRedirect({ pathname: '/', search: '?url=https%3A%2F%2Fx.example' })).toBeNull();
    expect(shareTargetRedirect({ pathname: '/share-target/x', search: '' })).toBeNull();
  });
});

describe('language detection', () => {
  it('prefers the URL prefix, then the route param, then the current language, then English', () => {
    expect(detectLanguage({ prefix: 'nl', param: 'en', current: 'en' })).toBe('nl');
    expect(detectLanguage({ prefix: null, param: 'nl', current: 'en' })).toBe('nl');
    expect(detectLanguage({ prefix: null, param: 'xx', current: 'nl' })).toBe('nl');
    expect(detectLanguage({})).toBe('en');
  });
});
