/**
 * The shop search: answers on every keystroke (no debounce: the query's signal aborts the request a newer
 * text replaced, and the grid shows cached matches at once meanwhile), Search button and Enter too, X clears.
 */
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

export const SEARCH_INPUT_ID = 'shop-search-input';
/** The shop's "Sort & filter" button (the deals panel gives focus back to it when it closes). */
export const DEALS_BUTTON_ID = 'shop-deals-button';

/**
 * `onFocus`: the field got focus (the shop page starts loading the results grid then). `onSubmit`: the
 * Search button or Enter (a search worth remembering). `initial`: the field's first text (the shop
 * remounts it with a recent search picked).
 */
export function SearchBox(props: {
  onSearch: (text: string) => void;
  onFocus?: () => void;
  onSubmit?: (text: string) => void;
  initial?: string;
}) {
  const { t } = useTranslation('shop');
  const [text, setText] = useState(props.initial ?? '');
  const { onSearch, onFocus, onSubmit } = props;
  return (
    <form
      className="sp-search"
      role="search"
      aria-label={t('search_label')}
      onSubmit={(e) => {
        e.preventDefault();
        onSearch(text.trim());
        onSubmit?.(text.trim());
      }}
    >
      <label htmlFor={SEARCH_INPUT_ID} className="sp-visually-hidden">{t('search_label')}</label>
      {/* The field and its clear button stay together when large text puts the submit button below. */}
      <div className="sp-search__field">
      <input
        id={SEARCH_INPUT_ID}
        className="sp-search__input"
        type="search"
        enterKeyHint="search"
        autoComplete="off"
        placeholder={t('search_placeholder')}
        value={text}
        onFocus={onFocus}
        onChange={(e) => {
          setText(e.target.value);
          onSearch(e.target.value.trim());
        }}
      />
      {text ? (
        <button
          type="button"
          className="sp-search__clear"
          aria-label={t('search_clear')}
          onClick={() => {
            setText('');
            onSearch('');
            document.getElementById(SEARCH_INPUT_ID)?.focus();
          }}
        >
          <span aria-hidden="true">×</span>
        </button>
      ) : null}
      </div>
      <button type="submit" className="sp-button sp-button--primary sp-search__submit">{t('search')}</button>
    </form>
  );
}
