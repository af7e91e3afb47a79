// A message kept in component state as a translation key (not a translated string), so it is shown
// in the new language when the user switches while the message is on screen. Raw server text stays raw.
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';

export type Msg = { key: string; ns?: string; opts?: Record<string, unknown> } | { raw: string };

export const msg = (key: string, ns = 'common', opts?: Record<string, unknown>): Msg => ({ key, ns, opts });
export const rawMsg = (raw: string): Msg => ({ raw });

export function useMsg(): (m: Msg | null | undefined) => string | null {
  const { t, i18n } = useTranslation();
  return useCallback(
    (m: Msg | null | undefined) => {
      if (!m) return null;
      if ('raw' in m) return m.raw;
      return (t as unknown as (k: string, o: Record<string, unknown>) => string)(m.key, { ns: m.ns ?? 'common', ...m.opts });
    },
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [t, i18n.language],
  );
}
