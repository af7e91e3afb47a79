/** A brand list page's filter and its result (ids in list order, total), shared by the SQL query
 *  (brands.ts) and the in-memory index (list-index.ts). */
export interface ListFilter {
  categoryId?: number;
  name?: string;
  country?: string;
  primary?: boolean;
  favoritesOnly?: boolean;
}

export interface PageIds {
  ids: number[];
  total: number;
}
