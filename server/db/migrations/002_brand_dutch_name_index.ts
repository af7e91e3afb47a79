/** by-name lookups also match the Dutch name (the app builds brand URLs from name_nld in Dutch mode). */
export const sql = /* sql */ `
CREATE INDEX brands_lower_name_nld_idx ON brands (lower(name_nld));
`;
