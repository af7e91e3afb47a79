import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { mergeContributions, type ContributionRow } from './contributions';
import { useLang } from '../../lib/i18n';
import { projectQueries } from '../../lib/projects/queries';
import { impactQueries } from './queries';

/**
 * Contribution loading. A failed contributions or targets call counts as empty;
 * the donation totals are loaded only when the first two steps leave the list empty.
 */
export function useContributions(): { rows: ContributionRow[]; currency: string; isPending: boolean } {
  const contributions = useQuery(impactQueries.contributions());
  const targets = useQuery(projectQueries.selectedTargets(useLang()));
  const firstStepsDone = !contributions.isPending && !targets.isPending;
  const firstSteps = useMemo(
    () => mergeContributions({ contributions: contributions.data, targets: targets.data?.results }),
    [contributions.data, targets.data],
  );
  const needTotals = firstStepsDone && firstSteps.needsDonationTotals;
  const transactions = useQuery({ ...impactQueries.allTransactions(), enabled: needTotals });
  const rows = useMemo(
    () =>
      needTotals
        ? mergeContributions({ contributions: contributions.data, targets: targets.data?.results, transactions: transactions.data?.results }).rows
        : firstSteps.rows,
    [needTotals, firstSteps, contributions.data, targets.data, transactions.data],
  );
  return {
    rows,
    currency: contributions.data?.currency || 'EUR',
    isPending: !firstStepsDone || (needTotals && transactions.isPending),
  };
}
