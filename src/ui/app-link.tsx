// <a> to an app screen by its unprefixed path ('/wallet') and optional search; keeps the active language.
import type { AnchorHTMLAttributes, MouseEvent } from 'react';
import { useLang } from '../lib/i18n';
import { hashHref, useGo, withSearch, type AppHref, type Search } from '../lib/navigation';

export function AppLink({
  to,
  search,
  replace,
  onClick,
  ...rest
}: { to: AppHref; search?: Search; replace?: boolean } & AnchorHTMLAttributes<HTMLAnchorElement>) {
  const lang = useLang();
  const go = useGo();
  const path = withSearch(to, search);
  return (
    <a
      href={hashHref(path, lang)}
      onClick={(e: MouseEvent<HTMLAnchorElement>) => {
        onClick?.(e);
        if (e.defaultPrevented || e.button !== 0 || e.metaKey || e.ctrlKey || e.shiftKey || e.altKey) return;
        e.preventDefault();
        go(path, { replace });
      }}
      {...rest}
    />
  );
}
