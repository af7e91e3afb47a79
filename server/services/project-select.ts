/**
 * The columns a Project is read with, in the caller's language: Dutch texts where the row has them,
 * the English where it has none (NULL or empty), so a project never shows an empty description.
 * Names of projects are names, like brands': the same in both languages.
 */
import type { Lang } from '../text.ts';

/** `col` in Dutch with the English as the fallback, or `col` itself in English. */
const text = (lang: Lang, col: string) => (lang === 'nl' ? `coalesce(nullif(${col}_nld, ''), ${col})` : col);

/** The SELECT list of a ProjectRowOut ($1 is the user whose funded units are counted). */
export function projectSelect(lang: Lang): string {
  return `
  p.id, p.name, ${text(lang, 'p.description')} AS description, ${text(lang, 'p.unit_description')} AS unit_description,
  p.social, p.has_image, p.type_id, ${text(lang, 'pt.name')} AS type_name,
  p.category_id, ${text(lang, 'pc.name')} AS category_name, ${text(lang, 'p.unit')} AS unit, p.unit_points, p.unit_amount,
  ${text(lang, 'p.accumulation_units_plural')} AS accumulation_units_plural, p.loyalty_eligible,
  (SELECT sum(t.units) FROM loyalty_transactions t WHERE t.user_id = $1 AND t.project_id = p.id AND t.direction = 'out') AS user_units`;
}

export const PROJECT_FROM = `projects p LEFT JOIN project_types pt ON pt.id = p.type_id LEFT JOIN project_categories pc ON pc.id = p.category_id`;
