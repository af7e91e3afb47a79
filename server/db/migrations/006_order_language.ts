/** The language the user paid (or signed up for the fund) in: the sandbox pages speak it and send them back in it. */
export const sql = /* sql */ `
ALTER TABLE orders ADD COLUMN lang text NOT NULL DEFAULT 'en' CHECK (lang IN ('en', 'nl'));
ALTER TABLE fondo_journeys ADD COLUMN lang text NOT NULL DEFAULT 'en' CHECK (lang IN ('en', 'nl'));
`;
