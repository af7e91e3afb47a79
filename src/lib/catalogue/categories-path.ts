/**
 * The categories are the same for everyone, so visitors and users read the one public list, and
 * index.html preloads exactly this request (vite.config.ts builds the link from it): a cold start
 * has the categories, which the first rows wait for, while its JS still downloads.
 */
export const CATEGORIES_PATH = '/site/categories?limit=200&offset=0';
