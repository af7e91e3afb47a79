/**
 * What the app does when the outbox settles a reward-target change, wherever the user is (installed
 * once by the app layout): the target queries are refreshed, and a refused change, which the outbox
 * has already undone on the server, is announced in a toast. Part of the first-paint bundle, so it
 * keeps to the boot namespace ('offline') and imports nothing heavy.
 */
import type { QueryClient } from '@tanstack/react-query';
import type { ApiError } from '@contract/types';
import { i18next } from '../../lib/i18n';
import { onOutboxRejected, onOutboxSynced } from '../../offline/outbox-state';
import { showToast } from '../../ui/toast';

/** Refreshes what a settled target change shows; the query factories load on demand (not first paint). */
async function refresh(qc: QueryClient, contributions: boolean): Promise<void> {
  const modules = await Promise.all([import('../../lib/projects/queries'), import('../impact/queries')]).catch(() => null);
  if (!modules) return; // the chunks did not load: the screens fetch again when they open
  const [{ projectQueries }, { impactQueries }] = modules;
  void qc.invalidateQueries({ queryKey: projectQueries.targets() });
  if (contributions) void qc.invalidateQueries({ queryKey: impactQueries.contributions().queryKey });
}

/** Server refusals that have their own message; anything else is 'other'. */
const KNOWN_REFUSALS = ['at_least_one_should_be_social', 'loyalty_project_not_found', 'max_two_targets'] as const;
export type RefusalCode = (typeof KNOWN_REFUSALS)[number] | 'other';

export function refusalCode(error: Pick<ApiError, 'error' | 'violations'> | null | undefined): RefusalCode {
  const codes = [error?.error, ...(error?.violations ?? []).map((v) => v.message)];
  for (const code of codes) if ((KNOWN_REFUSALS as readonly (string | undefined)[]).includes(code)) return code as RefusalCode;
  return 'other';
}

let installedFor: QueryClient | null = null;

export function installTargetOutbox(qc: QueryClient): void {
  if (installedFor === qc) return;
  installedFor = qc;
  onOutboxSynced((change) => {
    if (change.kind !== 'target') return;
    void refresh(qc, true);
  });
  onOutboxRejected((change, error) => {
    if (change.kind !== 'target') return;
    void refresh(qc, false);
    showToast(i18next.t(`rejected.target.${refusalCode(error)}`, { ns: 'offline' }), { tone: 'error', duration: 8000 });
  });
}
