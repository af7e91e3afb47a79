// A message kept in state as a typed translation key ('errors.offline', 'auth:signUp.failed'), not
// translated text, so it follows a language switch while on screen; raw server text stays raw.
// errorMsg() is the one mapping from a failed request to what the user reads.
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import type { ParseKeys } from 'i18next';
import { ApiRequestError } from './http';
import type { I18nResources } from './i18n-resources';

/** A key of any namespace: 'common' keys bare, the others as 'ns:key'. */
export type MsgKey = ParseKeys<(keyof I18nResources)[]>;
export type Msg = { key: MsgKey; opts?: Record<string, unknown> } | { raw: string };

export const msg = (key: MsgKey, opts?: Record<string, unknown>): Msg => ({ key, opts });
export const rawMsg = (raw: string): Msg => ({ raw });

/**
 * What to tell the user about a failed request: offline when the network failed, else what `read`
 * makes of the server's answer (null: no special meaning), else the generic error.
 */
export function errorMsg(err: unknown, read?: (e: ApiRequestError) => Msg | null | undefined): Msg {
  if (!(err instanceof ApiRequestError)) return msg('errors.generic');
  if (err.kind === 'network_error') return msg('errors.offline');
  return read?.(err) ?? msg('errors.generic');
}

export function useMsg(): (m: Msg | null | undefined) => string | null {
  const { t, i18n } = useTranslation();
  return useCallback(
    (m: Msg | null | undefined) => {
      if (!m) return null;
      if ('raw' in m) return m.raw;
      return (t as unknown as (k: string, o?: Record<string, unknown>) => string)(m.key, m.opts);
    },
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [t, i18n.language],
  );
}
