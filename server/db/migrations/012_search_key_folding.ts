/**
 * Search keys fold every Latin letter now (contract/search-text.ts: ø → o, æ → ae, ß → ss …), so
 * "smorrebrod" finds "Smørrebrød Huis". Keys stored before were lower case with accents stripped: these
 * letters are all they can still hold, and replacing them gives the key searchKey makes today.
 */
import { FOLDED_LETTERS } from '../../contract/search-text.ts';

const folded = (col: string) =>
  Object.entries(FOLDED_LETTERS).reduce((sql, [from, to]) => `replace(${sql}, '${from}', '${to}')`, col);

export const sql = /* sql */ `
UPDATE brands SET search_key = ${folded('search_key')};
UPDATE projects SET search_key = ${folded('search_key')};
`;
