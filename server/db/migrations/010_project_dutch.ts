/**
 * Project content in Dutch beside the English: type and category names, description, unit description
 * and unit names. NULL (or empty) means "no Dutch": the API then sends the English (server/services/
 * project-select.ts). The demo rows get their Dutch from the seed (seedProjectDutch).
 */
export const sql = /* sql */ `
ALTER TABLE project_types ADD COLUMN name_nld text;
ALTER TABLE project_categories ADD COLUMN name_nld text;
ALTER TABLE projects ADD COLUMN description_nld text;
ALTER TABLE projects ADD COLUMN unit_description_nld text;
ALTER TABLE projects ADD COLUMN unit_nld text;
ALTER TABLE projects ADD COLUMN accumulation_units_plural_nld text;
`;
