/**
 * Brands by the host of a shop page (the share target: a person shares a shop's page and the app
 * opens that brand). A brand matches when its site is the host or a parent domain of it
 * (shop.example.nl → example.nl; "www." ignored); the most specific site comes first and, between
 * equals, the brands of the preferred country.
 */
import type { Db } from '../db/open.ts';
import type { Brand } from '../contract/types.ts';
import { loadBrands } from './brands.ts';

export const BY_SITE_LIMIT = 10;
/** A domain name: labels and a top-level domain (no address, no port, no path). */
const HOST = /^(?:[a-z0-9-]{1,63}\.)+(?:[a-z]{2,63}|xn--[a-z0-9-]{1,59})$/;

/** The site column as a bare host: scheme, "www.", port and path removed, lower case. */
const SITE_HOST = `regexp_replace(regexp_replace(lower(site), '^[a-z][a-z0-9+.-]*://', ''), '^www\\.|[/:?#].*$', '', 'g')`;

/** The host in lower case without "www." and a final dot; null when it is not a domain name. */
export function normalizeHost(raw: string): string | null {
  const host = raw.toLowerCase().replace(/\.$/, '').replace(/^www\./, '');
  return host.length <= 253 && HOST.test(host) ? host : null;
}

/** The host and each parent domain with at least two labels: a.b.example.nl → [a.b.example.nl, b.example.nl, example.nl]. */
export function siteCandidates(host: string): string[] {
  const labels = host.split('.');
  const out: string[] = [];
  for (let i = 0; i <= labels.length - 2; i += 1) out.push(labels.slice(i).join('.'));
  return out;
}

export async function brandsBySite(db: Db, host: string, country?: string): Promise<Brand[]> {
  const { rows } = await db.query<{ id: number }>(
    `SELECT id FROM brands WHERE ${SITE_HOST} = ANY($1::text[])
      ORDER BY length(${SITE_HOST}) DESC, (country_alpha3 = $2) DESC, id LIMIT ${BY_SITE_LIMIT}`,
    [siteCandidates(host), country ?? ''],
  );
  return loadBrands(db, rows.map((r) => r.id));
}
