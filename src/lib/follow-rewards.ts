/**
 * Queries whose data the reward loop moves on the server while the app is open (a partner's
 * conversion, the payout job, an operator's decision): fetched again whenever the screen shows, the
 * window regains focus or the connection returns, so each step appears without a reload.
 */
export const followRewards = {
  staleTime: 0,
  refetchOnWindowFocus: 'always',
  refetchOnReconnect: 'always',
} as const;
