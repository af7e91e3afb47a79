/**
 * The one entry of the deals chunk (see lazy-deals.ts): one lazy component for its three parts, so the
 * shop's first-paint JS holds a single import of it.
 */
import { DealsPanel, HighestRewardsRow } from './deals-panel';
import { RecentSearchesList } from './recent-searches-list';

export { rememberSearch } from './recent-searches';

export type DealsPartProps =
  | ({ part: 'panel' } & React.ComponentProps<typeof DealsPanel>)
  | ({ part: 'row' } & React.ComponentProps<typeof HighestRewardsRow>)
  | ({ part: 'recent' } & React.ComponentProps<typeof RecentSearchesList>);

export function DealsPart(props: DealsPartProps) {
  if (props.part === 'panel') return <DealsPanel {...props} />;
  if (props.part === 'row') return <HighestRewardsRow {...props} />;
  return <RecentSearchesList {...props} />;
}
