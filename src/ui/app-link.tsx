// <a> to an app screen by its unprefixed path ('/wallet'); keeps the active language.
import type { AnchorHTMLAttributes, MouseEvent } from 'react';
import { useLang } from '../lib/i18n';
import { hashHref, useGo } from '../lib/navigation';

export function AppLink({ to, replace, onClick, ...rest }: { to: string; replace?: boolean } & AnchorHTMLAttributes<HTMLAnchorElement>) {
  const lang = useLang();
  const go = useGo();
  return (
    <a
      href={hashHref(to, lang)}
      onClick={(e: MouseEvent<HTMLAnchorElement>) => {
        onClick?.(e);
        if (e.defaultPrevented || e.button !== 0 || e.metaKey || e.ctrlKey || e.shiftKey || e.altKey) return;
        e.preventDefault();
        go(to, { replace });
      }}
      {...rest}
    />
  );
}
