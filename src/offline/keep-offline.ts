// Which queries the saved query cache keeps for offline starts, and for how long. A query factory
// opts in by spreading keepOffline into its options; query-persist.ts saves exactly those queries
// (the flag travels in the query's meta, so a restored query keeps it) and drops copies older
// than KEEP_OFFLINE_MS.
export const KEEP_OFFLINE_MS = 7 * 24 * 60 * 60 * 1000;

export const keepOffline = { gcTime: KEEP_OFFLINE_MS, meta: { keepOffline: true } } as const;

export function isKeptOffline(meta: Record<string, unknown> | undefined): boolean {
  return meta?.keepOffline === true;
}
