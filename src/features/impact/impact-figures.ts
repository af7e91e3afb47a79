/**
 * The year's figures for "Share my impact", taken from what My Impact already loads: the savings of
 * the year (year to date), the projects supported (contributions above 0) and the units funded per
 * project (e.g. m² rewilded). Pure.
 */
import type { Project, SavingsSummary } from '@contract/types';
import type { ContributionRow } from './contributions';
import type { Lang } from '../../lib/i18n';
import { unitName } from './donation';

/** Unit lines drawn on the picture at most (the largest first). */
export const MAX_UNIT_LINES = 3;

export interface ImpactFigures {
  year: number;
  /** Minor units. */
  savings: number;
  currency: string;
  projects: number;
  /** `unit` is '' where the server's (English) unit word would not be in the user's language. */
  units: { count: number; unit: string; project: string }[];
}

/** "m2" as people write it; the server's unit words are English, so other languages get none (m² is a symbol). */
function displayUnit(unit: string, lang: Lang): string {
  const shown = unit.replace(/\bm2\b/g, 'm²');
  return lang === 'en' || shown === 'm²' ? shown : '';
}

export function impactFigures(input: {
  year: number;
  lang: Lang;
  savings: Pick<SavingsSummary, 'year_to_date' | 'currency'> | null | undefined;
  contributions: readonly ContributionRow[];
  projects: readonly Pick<Project, 'name' | 'unit' | 'accumulation_units_plural' | 'user_total_units_amount'>[] | null | undefined;
}): ImpactFigures {
  const units = (input.projects ?? [])
    .filter((p) => p.user_total_units_amount > 0)
    .sort((a, b) => b.user_total_units_amount - a.user_total_units_amount || a.name.localeCompare(b.name))
    .slice(0, MAX_UNIT_LINES)
    .map((p) => ({ count: p.user_total_units_amount, unit: displayUnit(unitName(p, p.user_total_units_amount), input.lang), project: p.name }));
  return {
    year: input.year,
    savings: Math.max(0, input.savings?.year_to_date ?? 0),
    currency: input.savings?.currency || 'EUR',
    projects: input.contributions.filter((r) => r.amount > 0).length,
    units,
  };
}
