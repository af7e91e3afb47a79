import { describe, expect, it, vi } from 'vitest';
import { fireEvent, render } from '@testing-library/react';
import { SearchBox, SEARCH_INPUT_ID } from './search-box';

describe('SearchBox', () => {
  it('answers on every keystroke, at once on Enter, and the X clears', () => {
    vi.useFakeTimers();
    try {
      const onSearch = vi.fn();
      const { container, getByRole } = render(<SearchBox onSearch={onSearch} />);
      const input = container.querySelector(`#${SEARCH_INPUT_ID}`) as HTMLInputElement;
      fireEvent.change(input, { target: { value: 'gr' } });
      expect(onSearch).toHaveBeenLastCalledWith('gr');
      fireEvent.change(input, { target: { value: 'groen' } });
      expect(onSearch).toHaveBeenCalledTimes(2);
      expect(onSearch).toHaveBeenLastCalledWith('groen');

      fireEvent.change(input, { target: { value: 'groenhuis ' } });
      fireEvent.submit(getByRole('search'));
      expect(onSearch).toHaveBeenLastCalledWith('groenhuis');

      fireEvent.click(container.querySelector('.sp-search__clear')!);
      expect(onSearch).toHaveBeenLastCalledWith('');
      expect(input.value).toBe('');
    } finally {
      vi.useRealTimers();
    }
  });
});
