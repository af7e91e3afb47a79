import { describe, expect, it } from 'vitest';
import { impactFigures } from './impact-figures';

const project = (name: string, units: number, unit = 'tree', plural = 'trees') => ({
  name,
  unit,
  accumulation_units_plural: plural,
  user_total_units_amount: units,
});

describe('impact figures for the shared picture', () => {
  it('takes the year to date, the projects with a contribution and the largest unit totals', () => {
    const f = impactFigures({
      year: 2026,
      lang: 'en',
      savings: { year_to_date: 12345, currency: 'EUR' },
      contributions: [
        { projectId: 1, name: 'Rewilding', amount: 500, imageUrl: null },
        { projectId: 2, name: 'Meals', amount: 0, imageUrl: null },
        { projectId: 3, name: 'Trees', amount: 200, imageUrl: null },
      ],
      projects: [project('Trees', 1), project('REWILDING', 12.5, 'm2', 'm2'), project('Meals', 0, 'meal', 'meals'), project('Wells', 3, 'well', 'wells'), project('Bees', 2, 'hive', 'hives')],
    });
    expect(f).toEqual({
      year: 2026,
      savings: 12345,
      currency: 'EUR',
      projects: 2,
      units: [
        { count: 12.5, unit: 'm²', project: 'REWILDING' },
        { count: 3, unit: 'wells', project: 'Wells' },
        { count: 2, unit: 'hives', project: 'Bees' },
      ],
    });
  });
  it('shows zeros, not nothing, before anything was loaded', () => {
    expect(impactFigures({ year: 2026, lang: 'en', savings: null, contributions: [], projects: undefined })).toEqual({ year: 2026, savings: 0, currency: 'EUR', projects: 0, units: [] });
  });
  it('in Dutch, drops the English unit words (m² is a symbol and stays)', () => {
    const f = impactFigures({
      year: 2026,
      lang: 'nl',
      savings: null,
      contributions: [],
      projects: [project('Clean Water Wells', 80, 'litre', 'litres'), project('REWILDING', 4, 'm2', 'm2')],
    });
    expect(f.units).toEqual([
      { count: 80, unit: '', project: 'Clean Water Wells' },
      { count: 4, unit: 'm²', project: 'REWILDING' },
    ]);
  });
});
