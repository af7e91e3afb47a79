import { describe, expect, it } from 'vitest';
import type { Project, TargetItem, Transaction } from '@contract/types';
import { addTargets, fromContributions, mergeContributions, sortContributions, totalsFromDonations } from './contributions';

function project(id: number, name: string, image: string | null = null): Project {
  return {
    id, name, description: '', unit_description: null, social: false,
    background_image: image ? { url: image } : null, type: null, category: null,
    unit: 'tree', unit_points: 100, unit_amount: 1, user_total_units_amount: 0, accumulation_units_plural: 'trees',
  };
}
const target = (id: number, name: string, image: string | null = null): TargetItem => ({ id: id + 1000, target: project(id, name, image) });

function tx(partial: Partial<Transaction> & Pick<Transaction, 'type'>): Transaction {
  return {
    id: 1, date: '2026-01-01T10:00:00Z',
    debit_account: { id: 1, user: null, project: null },
    credit_account: { id: 2, user: null, project: null },
    debit_amount: { amount: 0, currency: 'PTS' }, credit_amount: { amount: 0, currency: 'PTS' },
    units: null, external_transaction: null, ...partial,
  };
}

describe('contributions', () => {
  it('reads `results` or `result`', () => {
    const item = { project_id: 1, project_name: 'Trees', amount: 500, badge_url: '/media/a.png' };
    const expected = [{ projectId: 1, name: 'Trees', amount: 500, imageUrl: '/media/a.png' }];
    expect(fromContributions({ currency: 'EUR', results: [item] })).toEqual(expected);
    expect(fromContributions({ currency: 'EUR', result: [item] })).toEqual(expected);
    expect(fromContributions(null)).toEqual([]);
  });

  it('adds unlisted targets at 0 and fills missing images from the background image', () => {
    const rows = addTargets(
      [{ projectId: 1, name: 'Trees', amount: 500, imageUrl: null }],
      [target(1, 'Trees', '/media/trees.jpg'), target(2, 'Meals', '/media/meals.jpg'), target(3, 'Water')],
    );
    expect(rows).toEqual([
      { projectId: 1, name: 'Trees', amount: 500, imageUrl: '/media/trees.jpg' },
      { projectId: 2, name: 'Meals', amount: 0, imageUrl: '/media/meals.jpg' },
      { projectId: 3, name: 'Water', amount: 0, imageUrl: null },
    ]);
  });

  it('totals donations per project: credit amount when the credit account has a project, else debit', () => {
    const rows = totalsFromDonations([
      tx({ type: { id: 8, name: 'donation' }, debit_account: { id: 9, user: null, project: { id: 5, name: 'Reefs' } },
        credit_account: { id: 3, user: { id: 7 }, project: null }, debit_amount: { amount: 300, currency: 'PTS' }, credit_amount: { amount: 999, currency: 'PTS' } }),
      tx({ type: { id: 8, name: 'donation' }, credit_account: { id: 9, user: null, project: { id: 5, name: 'Reefs' } },
        debit_amount: { amount: 999, currency: 'PTS' }, credit_amount: { amount: 200, currency: 'PTS' } }),
      tx({ type: { id: 9, name: 'purchase' }, debit_account: { id: 9, user: null, project: { id: 5, name: 'Reefs' } },
        debit_amount: { amount: 10_000, currency: 'PTS' } }),
      tx({ type: { id: 8, name: 'donation' } }),
    ]);
    expect(rows).toEqual([{ projectId: 5, name: 'Reefs', amount: 500, imageUrl: null }]);
  });

  it('sorts by amount descending, then name', () => {
    const rows = sortContributions([
      { projectId: 1, name: 'b', amount: 0, imageUrl: null },
      { projectId: 2, name: 'a', amount: 0, imageUrl: null },
      { projectId: 3, name: 'z', amount: 900, imageUrl: null },
    ]);
    expect(rows.map((r) => r.name)).toEqual(['z', 'a', 'b']);
  });

  it('uses donation totals only when contributions and targets give nothing', () => {
    const donation = tx({ type: { id: 8, name: 'donation' }, debit_account: { id: 9, user: null, project: { id: 5, name: 'Reefs' } }, debit_amount: { amount: 300, currency: 'PTS' } });
    expect(mergeContributions({ contributions: { results: [] }, targets: [target(2, 'Meals')], transactions: [donation] }))
      .toEqual({ rows: [{ projectId: 2, name: 'Meals', amount: 0, imageUrl: null }], needsDonationTotals: false });
    expect(mergeContributions({ contributions: { results: [] }, targets: [], transactions: [donation] }))
      .toEqual({ rows: [{ projectId: 5, name: 'Reefs', amount: 300, imageUrl: null }], needsDonationTotals: true });
  });
});
