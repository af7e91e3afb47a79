// One row of the menu and settings lists: a link (in the app, or any href such as mailto:) with its arrow.
import type { ReactNode } from 'react';
import type { AppHref } from '../../lib/navigation';
import { AppLink } from '../../ui/app-link';
import { NextIcon } from '../../ui/icons';

export function MenuLink(props: { children: ReactNode; danger?: boolean } & ({ to: AppHref; href?: never } | { href: string; to?: never })) {
  const className = props.danger ? 'menu-item is-danger' : 'menu-item';
  const inner = (
    <>
      <span>{props.children}</span>
      <NextIcon />
    </>
  );
  return (
    <li>
      {props.to !== undefined ? (
        <AppLink to={props.to} className={className}>
          {inner}
        </AppLink>
      ) : (
        <a className={className} href={props.href}>
          {inner}
        </a>
      )}
    </li>
  );
}
