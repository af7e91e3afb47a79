import { describe, expect, it, vi } from 'vitest';
import { act, fireEvent, render } from '@testing-library/react';
import { SearchBox, SEARCH_INPUT_ID } from './search-box';

describe('SearchBox', () => {
  it('answers while typing after a 150 ms pause, at once on Enter, and the X clears', () => {
    vi.useFakeTimers();
    try {
      const onSearch = vi.fn();
      const { container, getByRole } = render(<SearchBox onSearch={onSearch} />);
      act(() => vi.advanceTimersByTime(200));
      onSearch.mockClear();
      const input = container.querySelector(`#${SEARCH_INPUT_ID}`) as HTMLInputElement;
      fireEvent.change(input, { target: { value: 'gr' } });
      act(() => vi.advanceTimersByTime(100));
      fireEvent.change(input, { target: { value: 'groen' } });
      act(() => vi.advanceTimersByTime(100));
      expect(onSearch).not.toHaveBeenCalled();
      act(() => vi.advanceTimersByTime(60));
      expect(onSearch).toHaveBeenCalledTimes(1);
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
