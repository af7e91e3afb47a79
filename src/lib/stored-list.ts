/**
 * A short list of strings kept in Web Storage, newest last. Storage may be blocked (privacy settings) or
 * hold something else under the key: that reads as an empty list, and a write that fails keeps nothing.
 */
export function readList(store: () => Storage, key: string): string[] {
  try {
    const v: unknown = JSON.parse(store().getItem(key) ?? '[]');
    return Array.isArray(v) ? v.filter((s): s is string => typeof s === 'string') : [];
  } catch {
    return [];
  }
}

/** Keeps the last `max` of `list` (an empty list removes the key). */
export function writeList(store: () => Storage, key: string, list: string[], max: number): void {
  try {
    if (list.length) store().setItem(key, JSON.stringify(list.slice(-max)));
    else store().removeItem(key);
  } catch {
    /* not kept */
  }
}
