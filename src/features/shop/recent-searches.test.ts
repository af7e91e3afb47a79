import { afterEach, describe, expect, it } from 'vitest';
import { STORAGE_KEYS } from '../../offline/storage-keys';
import { addRecent, clearRecentSearches, parseRecent, RECENT_MAX, recentSearches, rememberSearch } from './recent-searches';

describe('recent searches', () => {
  afterEach(() => clearRecentSearches());

  it('puts the newest on top, moves a repeat (ignoring case) up and keeps at most RECENT_MAX', () => {
    expect(addRecent(['groen', 'kiezel'], 'Kiezel')).toEqual(['Kiezel', 'groen']);
    expect(addRecent(['a'], '   ')).toEqual(['a']);
    const many = Array.from({ length: 20 }, (_, i) => `s${i}`).reduce<string[]>((l, s) => addRecent(l, s), []);
    expect(many).toHaveLength(RECENT_MAX);
    expect(many[0]).toBe('s19');
  });
  it('reads only a list of strings from storage', () => {
    expect(parseRecent(null)).toEqual([]);
    expect(parseRecent('{oops')).toEqual([]);
    expect(parseRecent('{"a":1}')).toEqual([]);
    expect(parseRecent('["a", 3, "", "b"]')).toEqual(['a', 'b']);
  });
  it('keeps them in localStorage and clears them', () => {
    rememberSearch('groen');
    rememberSearch('kiezel');
    expect(recentSearches()).toEqual(['kiezel', 'groen']);
    expect(JSON.parse(localStorage.getItem(STORAGE_KEYS.recentSearches)!)).toEqual(['kiezel', 'groen']);
    clearRecentSearches();
    expect(recentSearches()).toEqual([]);
    expect(localStorage.getItem(STORAGE_KEYS.recentSearches)).toBeNull();
  });
});
