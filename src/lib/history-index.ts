/** The history index of an entry (TanStack's history keeps it in the entry's state). */
export function historyIndex(state: unknown): number {
  return (state as { __TSR_index?: number } | null)?.__TSR_index ?? 0;
}
