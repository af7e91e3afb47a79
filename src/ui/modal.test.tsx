import { act, cleanup, fireEvent, render } from '@testing-library/react';
import { afterEach, beforeEach, expect, it, vi } from 'vitest';
import { Modal } from './modal';

// happy-dom lays nothing out; returnFocus only gives focus back to an element that is drawn.
beforeEach(() => {
  vi.spyOn(HTMLElement.prototype, 'getClientRects').mockReturnValue([new DOMRect(0, 0, 10, 10)] as unknown as DOMRectList);
});
afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

const settle = () => act(() => new Promise((r) => setTimeout(r, 10)));

/** A screen whose title is replaced once its data is in (a loading header, then the real one), with a
 *  nested info modal opened from a button, as the project sponsor screen has. */
function Screen(props: { loaded: boolean; info: boolean }) {
  return (
    <Modal size="screen" onClose={() => undefined} hideClose labelledBy="screen-title" focusKey="/project/1/sponsor">
      {props.loaded ? (
        <h1 key="loaded" id="screen-title" tabIndex={-1}>Sponsor Forest</h1>
      ) : (
        <h1 key="loading" id="screen-title" tabIndex={-1} />
      )}
      <button type="button">About your balance</button>
      <Modal open={props.info} title="Available balance" onClose={() => undefined}>
        <button type="button">Inner</button>
      </Modal>
    </Modal>
  );
}

it("a nested modal closed with a key gives focus back to its opener, not to the screen's newer title", async () => {
  const { rerender, getByText } = render(<Screen loaded={false} info={false} />);
  await settle();
  const about = getByText('About your balance');
  // The person moves on with the keyboard before the screen's data (and its real title) is in.
  fireEvent.keyDown(about, { key: 'Tab' });
  about.focus();
  rerender(<Screen loaded info={false} />);
  await settle();
  expect(document.activeElement).toBe(about);

  rerender(<Screen loaded info />);
  await settle();
  expect(getByText('Inner').closest('dialog')?.contains(document.activeElement)).toBe(true);
  rerender(<Screen loaded info={false} />);
  await settle();
  expect(document.activeElement).toBe(about);
});
