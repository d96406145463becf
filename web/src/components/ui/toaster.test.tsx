import { act, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Toaster } from './toaster';
import { TOAST_REMOVE_DELAY, toast, useToast } from './use-toast';

function Count() {
  const { toasts } = useToast();
  return <output data-testid="count">{toasts.length}</output>;
}

afterEach(() => vi.useRealTimers());

describe('Toaster', () => {
  it('shows at most one toast: the newest', () => {
    render(<Toaster />);
    act(() => {
      toast({ title: 'First', description: 'one' });
      toast({ title: 'Second', description: 'two' });
    });
    expect(screen.getByText('Second')).toBeInTheDocument();
    expect(screen.queryByText('First')).not.toBeInTheDocument();
    // the words exist once (no second copy in an announcer), inside a polite live region
    expect(screen.getAllByText('Second')).toHaveLength(1);
    expect(screen.getByText('Second').closest('[aria-live="polite"]')).not.toBeNull();
  });

  it('keeps a dismissed toast in state, closed, until the remove delay', () => {
    vi.useFakeTimers();
    render(
      <>
        <Toaster />
        <Count />
      </>,
    );
    let handle!: ReturnType<typeof toast>;
    act(() => {
      handle = toast({ title: 'Saved', variant: 'destructive' });
    });
    act(() => handle.dismiss());
    expect(screen.getByTestId('count')).toHaveTextContent('1');
    act(() => vi.advanceTimersByTime(TOAST_REMOVE_DELAY - 1));
    expect(screen.getByTestId('count')).toHaveTextContent('1');
    act(() => vi.advanceTimersByTime(1));
    expect(screen.getByTestId('count')).toHaveTextContent('0');
    expect(TOAST_REMOVE_DELAY).toBe(1_000_000);
  });
});
