import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { lazyPart } from './lazy-part';

const Card = ({ name }: { name: string }) => <p>card {name}</p>;

/** A chunk that fails to download the first `failures` times, then loads. */
function flakyChunk(failures: number) {
  let calls = 0;
  return vi.fn(async () => {
    calls += 1;
    if (calls <= failures) throw new TypeError('Failed to fetch dynamically imported module');
    return Card;
  });
}

afterEach(cleanup);
// React reports the caught error; the part logs it once more. Neither matters here.
vi.spyOn(console, 'error').mockImplementation(() => undefined);

describe('lazyPart', () => {
  it('keeps a failed optional part to itself: the rest of the screen stays, and the next mount loads it', async () => {
    const load = flakyChunk(1);
    const Part = lazyPart(load, { optional: true, fallback: null });
    const { unmount } = render(
      <main>
        <h1>Shop</h1>
        <Part name="one" />
      </main>,
    );
    await act(async () => undefined);
    expect(screen.getByRole('heading', { name: 'Shop' })).toBeTruthy();
    expect(screen.queryByRole('alert')).toBeNull();
    expect(screen.queryByText(/card/)).toBeNull();
    unmount();

    render(<Part name="two" />);
    expect(await screen.findByText('card two')).toBeTruthy();
    expect(load).toHaveBeenCalledTimes(2);
  });

  it('says a failed part could not be loaded, and Try again loads it', async () => {
    const load = flakyChunk(1);
    const Part = lazyPart(load, { fallback: <p>loading</p> });
    render(<Part name="chart" />);
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('partFailed');
    fireEvent.click(screen.getByRole('button'));
    expect(await screen.findByText('card chart')).toBeTruthy();
    expect(screen.queryByRole('alert')).toBeNull();
    expect(load).toHaveBeenCalledTimes(2);
  });
});
