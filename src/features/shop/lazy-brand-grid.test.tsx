import { describe, expect, it, vi } from 'vitest';
import { act, render } from '@testing-library/react';

// The real grid needs a query client and the API; what is tested here is only how the lazy wrapper mounts it.
vi.mock('./brand-grid', () => ({ BrandGrid: (p: { name: string }) => <p>grid for {p.name}</p> }));

const props = { lang: 'en', audience: 'visitor', category: 'all', name: 'kiezel', onOpen: () => undefined } as const;

describe('BrandGrid (lazy wrapper)', () => {
  it('renders a prefetched grid in the same commit, with no spinner (a suspend would be held back up to 300 ms)', async () => {
    const { BrandGrid, preloadBrandGrid } = await import('./lazy-brand-grid');
    await act(async () => {
      await preloadBrandGrid();
    });
    const { container } = render(<BrandGrid {...props} />);
    // Synchronously after render: no await, no act flush of a suspended boundary.
    expect(container.textContent).toBe('grid for kiezel');
  });
});
