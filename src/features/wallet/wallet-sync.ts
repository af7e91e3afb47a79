/**
 * What happens when a wallet change queued in the outbox reaches the server, or is refused: the
 * server's card replaces the cached one (so the balance never steps back while the list is fetched
 * again), and a refusal (a spend more than another device left on the card) is told in a toast.
 * Installed by the wallet screens, and at boot when wallet changes wait in the queue (src/offline/boot.ts).
 */
import type { QueryClient } from '@tanstack/react-query';
import type { ApiError, BalanceEventResult, WalletItem } from '@contract/types';
import { fixedT, getLang } from '../../lib/i18n';
import { formatMoney } from '../../lib/money';
import type { OutboxChange } from '../../offline/outbox-change';
import { onOutboxRejected, onOutboxSynced } from '../../offline/outbox-state';
import { showToast } from '../../ui/toast';
import { walletQueries } from './queries';

let installedFor: QueryClient | null = null;

function isWalletItem(v: unknown): v is WalletItem {
  return !!v && typeof v === 'object' && typeof (v as WalletItem).id === 'number' && typeof (v as WalletItem).amount === 'number';
}

function patchCard(qc: QueryClient, card: WalletItem): void {
  qc.setQueryData<WalletItem[]>(walletQueries.list().queryKey, (old) => old?.map((i) => (i.id === card.id ? { ...i, ...card } : i)));
}

/** The translated reason a wallet change was refused. */
export async function rejectionMessage(change: OutboxChange, error: ApiError | null, cardName: string | null): Promise<string> {
  // This may run outside the wallet's screens (loaded at boot), so it loads its namespace itself.
  const t = await fixedT('wallet');
  const name = cardName ?? t('card_title');
  if (change.kind === 'balance') {
    const amount = formatMoney(change.cents, 'EUR', getLang());
    const code = error?.violations?.[0]?.code;
    const base = change.type === 'spend' ? t('rejected_spend', { amount, name }) : t('rejected_correction', { amount, name });
    if (code === 'exceeds_balance') return `${base} ${t('rejected_exceeds_balance')}`;
    if (error?.error === 'not_found') return `${base} ${t('rejected_not_found')}`;
    return `${base} ${t('rejected_other')}`;
  }
  return t(change.kind === 'wallet-used' && change.used ? 'rejected_mark_used' : 'rejected_restore', { name });
}

export function installWalletSync(qc: QueryClient): void {
  if (installedFor === qc) return;
  installedFor = qc;
  onOutboxSynced((change, result) => {
    if (change.kind === 'balance') {
      const card = (result as BalanceEventResult | undefined)?.wallet_item;
      if (isWalletItem(card)) patchCard(qc, card);
      void qc.invalidateQueries({ queryKey: walletQueries.events(change.walletId).queryKey });
    } else if (change.kind === 'wallet-used') {
      if (isWalletItem(result)) patchCard(qc, result);
    } else return;
    void qc.invalidateQueries({ queryKey: walletQueries.list().queryKey });
  });
  onOutboxRejected((change, error) => {
    if (change.kind !== 'balance' && change.kind !== 'wallet-used') return;
    const card = qc.getQueryData<WalletItem[]>(walletQueries.list().queryKey)?.find((i) => i.id === change.walletId);
    void qc.invalidateQueries({ queryKey: walletQueries.all() });
    void rejectionMessage(change, error, card?.corporate_partner.name ?? null).then((text) => showToast(text, { tone: 'error', duration: 8000 }));
  });
}
