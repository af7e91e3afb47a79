/**
 * The recent searches under the search field (shown while it has focus and no text): one tap searches
 * again, "Clear" forgets them all. A lazy chunk (lazy-deals.tsx) with its texts in the deals namespace.
 */
import { useId, useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import { announce } from '../../ui/announcer';
import { clearRecentSearches, recentSearches, subscribeRecent } from './recent-searches';
import { SEARCH_INPUT_ID } from './search-box';

const focusSearch = () => setTimeout(() => document.getElementById(SEARCH_INPUT_ID)?.focus(), 0);

/** `onPick`: search for it again (focus goes back to the search field, which gets the text). */
export function RecentSearchesList(props: { onPick: (text: string) => void }) {
  const { t } = useTranslation('deals');
  const headingId = useId();
  const list = useSyncExternalStore(subscribeRecent, recentSearches, () => []);
  if (!list.length) return null;
  return (
    <section className="sp-recent" aria-labelledby={headingId}>
      <div className="sp-row__head">
        <h2 id={headingId} className="sp-recent__title">{t('recent_title')}</h2>
        <button
          type="button"
          className="sp-link-button"
          onClick={() => {
            clearRecentSearches();
            announce(t('recent_cleared'));
            focusSearch();
          }}
        >
          {t('recent_clear')}
        </button>
      </div>
      <ul className="sp-recent__list">
        {list.map((text) => (
          <li key={text}>
            <button type="button" className="sp-chip" onClick={() => {
                props.onPick(text);
                focusSearch();
              }}>{text}</button>
          </li>
        ))}
      </ul>
    </section>
  );
}
