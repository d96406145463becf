import { act, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';

describe('DeferredToaster', () => {
  it('loads the toaster when a toast is raised before the page is idle, and shows that toast', async () => {
    // Fresh modules: the test setup preloads the shared toaster for every other test.
    vi.resetModules();
    vi.useFakeTimers();
    try {
      const { DeferredToaster } = await import('./deferred-toaster');
      const { toast } = await import('./use-toast');
      render(<DeferredToaster />);
      expect(screen.queryByRole('region')).toBeNull(); // no toaster in the first load
      act(() => void toast({ title: 'Plate saved' }));
      vi.useRealTimers();
      expect(await screen.findByText('Plate saved')).toBeInTheDocument();
      expect(screen.getByRole('region')).toBeInTheDocument();
    } finally {
      vi.useRealTimers();
    }
  });
});
