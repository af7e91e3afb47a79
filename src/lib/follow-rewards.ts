/**
 * Queries whose data the reward loop moves on the server while the app is open (a partner's
 * conversion, the payout job, an operator's decision): fetched again whenever the window regains
 * focus or the connection returns, so each step appears without a reload.
 */
export const followRewards = {
  refetchOnWindowFocus: 'always',
  refetchOnReconnect: 'always',
} as const;

/** The same, and fetched again whenever its screen shows (single requests; not the paged history,
 *  whose every loaded page a refetch repeats). */
export const followRewardsOnShow = { ...followRewards, staleTime: 0 } as const;
