import { describe, expect, it } from 'vitest';
import { nextPageOffset } from './paging';

const page = (n: number, total: number) => ({ results: Array.from({ length: n }, (_, i) => i), metadata: { total, limit: 10, offset: 0 } });

describe('nextPageOffset', () => {
  it('asks for the next offset while pages come back full and more remain', () => {
    expect(nextPageOffset([page(10, 25)], 10)).toBe(10);
    expect(nextPageOffset([page(10, 25), page(10, 25)], 10)).toBe(20);
  });
  it('stops at a short page, or when everything the server has is loaded', () => {
    expect(nextPageOffset([page(10, 25), page(10, 25), page(5, 25)], 10)).toBeUndefined();
    expect(nextPageOffset([page(10, 10)], 10)).toBeUndefined();
    expect(nextPageOffset([], 10)).toBeUndefined();
  });
});
