import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { FakeObserver } from '../../test/intersection-observer';
import { LoadMore, type Pager } from './load-more';

function pager(overrides: Partial<Pager> = {}): Pager {
  return {
    hasNextPage: true,
    isFetchingNextPage: false,
    isFetchNextPageError: false,
    error: null,
    fetchNextPage: vi.fn(async () => undefined),
    ...overrides,
  };
}

afterEach(() => {
  vi.unstubAllGlobals();
  FakeObserver.instances = [];
});

describe('LoadMore', () => {
  it('loads the next page on click, and is disabled with its loading words while it loads', async () => {
    const user = userEvent.setup();
    const first = pager();
    const { rerender } = render(<LoadMore pager={first} label="Load more cooks" loadingLabel="Loading more cooks..." />);
    await user.click(screen.getByRole('button', { name: 'Load more cooks' }));
    expect(first.fetchNextPage).toHaveBeenCalledTimes(1);

    rerender(<LoadMore pager={pager({ isFetchingNextPage: true })} label="Load more cooks" loadingLabel="Loading more cooks..." />);
    expect(screen.getByRole('button', { name: /Loading more cooks/ })).toBeDisabled();
  });

  it('shows nothing at the end of the list', () => {
    const { container } = render(<LoadMore pager={pager({ hasNextPage: false })} />);
    expect(container).toBeEmptyDOMElement();
  });

  it('tells that a page failed and retries only when asked', async () => {
    const user = userEvent.setup();
    const failed = pager({ isFetchNextPageError: true, error: new Error('Network error') });
    render(<LoadMore pager={failed} errorText={(m) => `Error loading search results: ${m}`} />);
    expect(screen.getByRole('alert')).toHaveTextContent('Error loading search results: Network error');
    expect(screen.queryByRole('button', { name: 'Load more' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Try Again' }));
    expect(failed.fetchNextPage).toHaveBeenCalledTimes(1);
  });

  it('scrolls infinitely, but never retries a failed page by itself', () => {
    vi.stubGlobal('IntersectionObserver', FakeObserver);
    const ok = pager();
    const { rerender } = render(<LoadMore pager={ok} autoLoadMargin="800px 0px" />);
    FakeObserver.instances.at(-1)!.showAll();
    expect(ok.fetchNextPage).toHaveBeenCalledTimes(1);

    const failed = pager({ isFetchNextPageError: true, error: new Error('boom') });
    rerender(<LoadMore pager={failed} autoLoadMargin="800px 0px" />);
    for (const observer of FakeObserver.instances) observer.showAll();
    expect(failed.fetchNextPage).not.toHaveBeenCalled();
  });
});
