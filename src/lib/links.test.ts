import { describe, expect, it } from 'vitest';
import { newClickRef, withClickRef, CLICK_REF_PATTERN } from '@contract/click-ref';
import { normalizeExternalUrl } from './links';

describe('outbound links with a click reference', () => {
  it("sets the click reference under the brand's parameter and keeps every other parameter", () => {
    expect(withClickRef('https://groenhuis.example/?ref=socialpay', 'subid', 'abc123abc123abc123')).toBe(
      'https://groenhuis.example/?ref=socialpay&subid=abc123abc123abc123',
    );
    expect(withClickRef('https://shop.example/p?ref=x&subid=old', 'subid', 'new0new0new0new0')).toBe('https://shop.example/p?ref=x&subid=new0new0new0new0');
    expect(withClickRef('https://shop.example/p', undefined, 'r1r1r1r1r1r1r1r1')).toBe('https://shop.example/p?subid=r1r1r1r1r1r1r1r1');
    expect(withClickRef('https://shop.example/p?a=1', 'clickref', 'zzzzzzzzzzzzzzzz')).toBe('https://shop.example/p?a=1&clickref=zzzzzzzzzzzzzzzz');
  });

  it('makes a new opaque reference each time, in the pattern the server accepts', () => {
    const a = newClickRef();
    expect(a).toMatch(CLICK_REF_PATTERN);
    expect(newClickRef()).not.toBe(a);
  });

  it('a path is on this server; other links get https and only http(s) passes', () => {
    expect(normalizeExternalUrl('/sandbox/partner-shop/4?ref=socialpay')).toBe(`${location.origin}/sandbox/partner-shop/4?ref=socialpay`);
    expect(normalizeExternalUrl('shop.example/x')).toBe('https://shop.example/x');
    expect(normalizeExternalUrl('//shop.example/x')).toBe('https://shop.example/x');
    expect(normalizeExternalUrl('javascript:alert(1)')).toBeNull();
  });
});
