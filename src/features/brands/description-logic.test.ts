import { describe, expect, it } from 'vitest';
import { COLLAPSE_THRESHOLD, startsCollapsed, visibleTextLength } from './description-logic';

describe('description collapse', () => {
  it('is open below 400 visible characters', () => {
    expect(startsCollapsed('a'.repeat(399))).toBe(false);
    expect(startsCollapsed('')).toBe(false);
    expect(startsCollapsed(null)).toBe(false);
  });
  it('is collapsed from 400 visible characters', () => {
    expect(startsCollapsed('a'.repeat(COLLAPSE_THRESHOLD))).toBe(true);
    expect(startsCollapsed(`<p>${'b'.repeat(500)}</p>`)).toBe(true);
  });
  it('counts text, not markup', () => {
    const html = `<p><strong>${'c'.repeat(300)}</strong></p><a href="https://example.com/a/very/long/link/that/is/not/text">x</a>`;
    expect(visibleTextLength(html)).toBeLessThan(COLLAPSE_THRESHOLD);
    expect(startsCollapsed(html)).toBe(false);
    expect(visibleTextLength('Tom &amp; Jerry')).toBe('Tom x Jerry'.length);
  });
});
