import { describe, expect, it } from 'vitest';
import { hostMatchesSite, pickBrandForHost, sharedHost, siteHost } from './shared-link';

describe('sharedHost', () => {
  it('takes the host of the url, without www. and in lower case', () => {
    expect(sharedHost({ url: 'https://WWW.Example.nl/shoes?size=42#top' })).toBe('example.nl');
    expect(sharedHost({ url: 'http://shop.example.nl' })).toBe('shop.example.nl');
    expect(sharedHost({ url: 'shop.example.nl/sale' })).toBe('shop.example.nl');
  });

  it('finds the link inside text (as many apps share it), then inside title', () => {
    expect(sharedHost({ text: 'Look at these! https://www.northwind.example/p/123 via the app' })).toBe('northwind.example');
    expect(sharedHost({ url: '', text: 'no link here', title: 'Deal https://deals.example.com/x' })).toBe('deals.example.com');
  });

  it('reads a bare host written in the text, but not two words run together', () => {
    expect(sharedHost({ text: 'Bestel vandaag bij Northwind.example/sale!' })).toBe('northwind.example');
    expect(sharedHost({ text: '(shop.example.nl)' })).toBe('shop.example.nl');
    expect(sharedHost({ text: 'A great deal.Check it out, e.g. today' })).toBeNull();
    expect(sharedHost({ text: 'Costs 3.50 euro' })).toBeNull();
  });

  it('gives no host for garbage and hostile input', () => {
    for (const input of [
      {},
      { url: 'javascript:alert(1)' },
      { url: 'data:text/html,<script>alert(1)</script>' },
      { text: 'javascript://example.com/%0aalert(1)' },
      { url: 'file:///etc/passwd' },
      { url: 'https://localhost/x' },
      { url: 'https://[::1]/' },
      { url: 'https://127.0.0.1/' },
      { url: 'x'.repeat(10_000) },
      { text: `${'a'.repeat(10_000)} https://example.com` },
      { url: 42, text: { toString: () => 'https://example.com' } },
    ]) {
      expect(sharedHost(input as never), JSON.stringify(input).slice(0, 80)).toBeNull();
    }
  });
});

describe('matching a host to a brand site', () => {
  it('reads sites with or without scheme and www', () => {
    expect(siteHost('northwind.example')).toBe('northwind.example');
    expect(siteHost('https://www.Example.nl/')).toBe('example.nl');
    expect(siteHost('')).toBeNull();
    expect(siteHost('javascript:alert(1)')).toBeNull();
  });

  it('ignores subdomains of the shared host, never the other way round', () => {
    expect(hostMatchesSite('shop.example.nl', 'example.nl')).toBe(true);
    expect(hostMatchesSite('example.nl', 'example.nl')).toBe(true);
    expect(hostMatchesSite('example.nl', 'shop.example.nl')).toBe(false);
    expect(hostMatchesSite('notexample.nl', 'example.nl')).toBe(false);
  });

  it('prefers the most specific site, then the preferred country', () => {
    const brands = [
      { id: 1, site: 'example.nl', country: { alpha3: 'DEU' } },
      { id: 2, site: 'https://www.example.nl', country: { alpha3: 'NLD' } },
      { id: 3, site: 'shop.example.nl', country: { alpha3: 'DEU' } },
      { id: 4, site: 'other.nl', country: { alpha3: 'NLD' } },
    ];
    expect(pickBrandForHost(brands, 'shop.example.nl')?.id).toBe(3);
    expect(pickBrandForHost(brands, 'www2.example.nl', 'NLD')?.id).toBe(2);
    expect(pickBrandForHost(brands, 'www2.example.nl')?.id).toBe(1);
    expect(pickBrandForHost(brands, 'example.com')).toBeNull();
  });
});
