// The shop page's search input has this id; header and footer focus it after a short delay
// (time for the modal to close and the page to scroll).
import { scrollBehavior } from '../ui/motion';

export const SHOP_SEARCH_INPUT_ID = 'shop-search-input';

export function focusShopSearch(delay = 300): void {
  setTimeout(() => {
    const input = document.getElementById(SHOP_SEARCH_INPUT_ID) as HTMLInputElement | null;
    if (!input) return;
    input.scrollIntoView({ block: 'center', behavior: scrollBehavior() });
    input.focus({ preventScroll: true });
  }, delay);
}
