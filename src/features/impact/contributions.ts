/**
 * The three-step contribution list (docs/product.md#reward-targets-and-donations), as pure functions:
 * (1) the user's contributions; (2) every selected target not yet listed, at 0, with missing
 * images filled from the target's background image; (3) only if the list is still empty, the
 * totals of donation transactions per project. Sorted by amount descending, then name.
 */
import type { ContributionItem, TargetItem, Transaction } from '@contract/types';

export interface ContributionRow {
  projectId: number;
  name: string;
  /** Minor units (1 point = 1 cent). */
  amount: number;
  imageUrl: string | null;
}

/** The original contract calls the list `result`, the reference server sends `results`: read either. */
export interface ContributionPayload {
  currency?: string | null;
  results?: ContributionItem[] | null;
  result?: ContributionItem[] | null;
}

export function fromContributions(payload: ContributionPayload | null | undefined): ContributionRow[] {
  const items = payload?.results ?? payload?.result ?? [];
  return items.map((item) => ({
    projectId: item.project_id,
    name: item.project_name,
    amount: item.amount,
    imageUrl: item.badge_url || null,
  }));
}

export function addTargets(rows: ContributionRow[], targets: TargetItem[]): ContributionRow[] {
  const byProject = new Map(targets.map((t) => [t.target.id, t.target]));
  const merged = rows.map((row) =>
    row.imageUrl ? row : { ...row, imageUrl: byProject.get(row.projectId)?.background_image?.url ?? null },
  );
  const listed = new Set(merged.map((row) => row.projectId));
  for (const { target } of targets) {
    if (listed.has(target.id)) continue;
    listed.add(target.id);
    merged.push({ projectId: target.id, name: target.name, amount: 0, imageUrl: target.background_image?.url ?? null });
  }
  return merged;
}

export function totalsFromDonations(transactions: Transaction[]): ContributionRow[] {
  const totals = new Map<number, ContributionRow>();
  for (const tx of transactions) {
    if (tx.type.name !== 'donation') continue;
    const creditProject = tx.credit_account.project;
    const project = creditProject ?? tx.debit_account.project;
    if (!project) continue;
    const amount = creditProject ? tx.credit_amount.amount : tx.debit_amount.amount;
    const row = totals.get(project.id) ?? { projectId: project.id, name: project.name, amount: 0, imageUrl: null };
    row.amount += amount;
    totals.set(project.id, row);
  }
  return [...totals.values()];
}

export function sortContributions(rows: ContributionRow[]): ContributionRow[] {
  return [...rows].sort((a, b) => b.amount - a.amount || a.name.localeCompare(b.name));
}

export interface MergeInput {
  contributions: ContributionPayload | null | undefined;
  targets: TargetItem[] | null | undefined;
  /** Only consulted when steps 1 and 2 give nothing. */
  transactions?: Transaction[] | null;
}

/** Steps 1 and 2; `needsDonationTotals` tells the caller whether step 3 must be loaded. */
export function mergeContributions({ contributions, targets, transactions }: MergeInput): {
  rows: ContributionRow[];
  needsDonationTotals: boolean;
} {
  const rows = addTargets(fromContributions(contributions), targets ?? []);
  if (rows.length > 0) return { rows: sortContributions(rows), needsDonationTotals: false };
  return { rows: sortContributions(totalsFromDonations(transactions ?? [])), needsDonationTotals: true };
}
