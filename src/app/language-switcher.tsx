// Language switcher: button NL / ENG, list NEDERLANDS / ENGLISH. Opens on a mouse's hover (closes when
// the mouse leaves), on click or tap and from the keyboard (Enter/Space/ArrowDown; Escape closes). Switching
// rewrites the current path with or without the prefix and keeps the screen and its query.
import { useNavigate, useRouterState } from '@tanstack/react-router';
import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LANGS, useLang, type Lang } from '../lib/i18n';
import { switchLangPath } from '../lib/paths';
import { moveFocus } from '../ui/focus';
import { ChevronDownIcon } from '../ui/icons';

export function LanguageSwitcher({ variant = 'header' }: { variant?: 'header' | 'modal' }) {
  const { t } = useTranslation('common');
  const lang = useLang();
  const navigate = useNavigate();
  const location = useRouterState({ select: (s) => s.location });
  const [open, setOpenState] = useState(false);
  // Hover opens; a click while hover-opened keeps it open (otherwise hover + click would toggle it shut).
  // Refs, not state, because mouseenter and click can arrive before a re-render.
  const openRef = useRef(false);
  const openedBy = useRef<'hover' | 'click' | null>(null);
  const setOpen = (next: boolean, by: 'hover' | 'click' | null = null) => {
    if (next && !openRef.current) openedBy.current = by;
    if (!next) openedBy.current = null;
    openRef.current = next;
    setOpenState(next);
  };
  const listId = useId();
  const rootRef = useRef<HTMLDivElement>(null);
  const optionRefs = useRef<(HTMLButtonElement | null)[]>([]);

  useEffect(() => {
    if (!open) return;
    const onDoc = (e: MouseEvent) => {
      if (!rootRef.current?.contains(e.target as Node)) setOpen(false);
    };
    document.addEventListener('mousedown', onDoc);
    return () => document.removeEventListener('mousedown', onDoc);
  }, [open]);

  const choose = (next: Lang) => {
    // The chosen option goes as the list closes: focus stays on the switcher, not on the page's body.
    if (rootRef.current?.contains(document.activeElement)) {
      const button = rootRef.current.querySelector<HTMLElement>('.lang-button');
      if (button) moveFocus(button);
    }
    setOpen(false);
    if (next === lang) return;
    const href = switchLangPath(location.pathname, next) + (location.searchStr ?? '');
    void navigate({ href });
  };

  const focusOption = (i: number) => setTimeout(() => optionRefs.current[(i + LANGS.length) % LANGS.length]?.focus(), 0);

  return (
    <div
      ref={rootRef}
      className={`lang-switcher lang-switcher-${variant}${open ? ' is-open' : ''}`}
      // Hover is a mouse's: a finger's tap also sends enter and leave events, which closed the list it opened.
      onPointerEnter={(e) => e.pointerType === 'mouse' && setOpen(true, 'hover')}
      onPointerLeave={(e) => e.pointerType === 'mouse' && setOpen(false)}
      onKeyDown={(e) => {
        if (e.key === 'Escape' && open) {
          e.stopPropagation();
          e.preventDefault();
          setOpen(false);
          (rootRef.current?.querySelector('.lang-button') as HTMLElement | null)?.focus();
        }
      }}
    >
      <button
        type="button"
        className="lang-button"
        aria-haspopup="true"
        aria-expanded={open}
        aria-controls={listId}
        aria-label={`${t('language.choose')}: ${t(`language.${lang}.long`)}`}
        onClick={() => {
          if (openRef.current && openedBy.current === 'hover') openedBy.current = 'click';
          else setOpen(!openRef.current, 'click');
        }}
        onKeyDown={(e) => {
          if (e.key === 'ArrowDown') {
            e.preventDefault();
            setOpen(true);
            focusOption(0);
          }
        }}
      >
        <span aria-hidden="true">{t(`language.${lang}.short`)}</span>
        <ChevronDownIcon />
      </button>
      <ul id={listId} className="lang-list" hidden={!open}>
        {LANGS.map((l, i) => (
          <li key={l}>
            <button
              ref={(el) => {
                optionRefs.current[i] = el;
              }}
              type="button"
              lang={l}
              aria-current={l === lang ? 'true' : undefined}
              className={l === lang ? 'lang-option is-current' : 'lang-option'}
              onClick={() => choose(l)}
              onKeyDown={(e) => {
                if (e.key === 'ArrowDown') {
                  e.preventDefault();
                  focusOption(i + 1);
                } else if (e.key === 'ArrowUp') {
                  e.preventDefault();
                  focusOption(i - 1);
                }
              }}
            >
              {t(`language.${l}.long`)}
            </button>
          </li>
        ))}
      </ul>
    </div>
  );
}
