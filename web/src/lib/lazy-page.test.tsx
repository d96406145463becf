import { render, screen } from '@testing-library/react';
import { Suspense } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { lazyPage } from './lazy-page';

const Page = ({ name }: { name: string }) => <h1>{name}</h1>;

function renderInSuspense(element: React.ReactNode) {
  return render(<Suspense fallback={<p>Loading page</p>}>{element}</Suspense>);
}

describe('lazyPage', () => {
  it('renders at once, with no fallback, when its code was loaded before', async () => {
    const load = vi.fn(() => Promise.resolve({ default: Page }));
    const Lazy = lazyPage(load);
    await Lazy.preload();
    renderInSuspense(<Lazy name="Plate" />);
    expect(screen.getByRole('heading', { name: 'Plate' })).toBeInTheDocument();
    expect(screen.queryByText('Loading page')).not.toBeInTheDocument();
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('suspends like React.lazy when it was not, and asks again after a failed load', async () => {
    const load = vi
      .fn<() => Promise<{ default: typeof Page }>>()
      .mockRejectedValueOnce(new Error('chunk failed'))
      .mockResolvedValue({ default: Page });
    const Lazy = lazyPage(load);
    await expect(Lazy.preload()).rejects.toThrow('chunk failed');
    renderInSuspense(<Lazy name="Profile" />);
    expect(screen.getByText('Loading page')).toBeInTheDocument();
    expect(await screen.findByRole('heading', { name: 'Profile' })).toBeInTheDocument();
    expect(load).toHaveBeenCalledTimes(2);
  });
});
