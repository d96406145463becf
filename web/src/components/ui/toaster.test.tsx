import { act, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { Dialog, DialogContent, DialogDescription, DialogTitle } from './dialog';
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

  it("ends a warning about a dialog's fields when the dialog closes; the toast of its outcome outlives it", async () => {
    function Upload() {
      const [open, setOpen] = useState(true);
      return (
        <Dialog open={open} onOpenChange={setOpen}>
          <DialogContent>
            <DialogTitle>Upload</DialogTitle>
            <DialogDescription>Share a plate</DialogDescription>
            <button onClick={() => toast({ title: 'Location detection failed', endsWithDialog: true })}>Detect</button>
            <button
              onClick={() => {
                toast({ title: 'Plate shared' });
                setOpen(false);
              }}
            >
              Share
            </button>
          </DialogContent>
        </Dialog>
      );
    }
    const user = userEvent.setup();
    const first = render(
      <>
        <Toaster />
        <Upload />
      </>,
    );
    await user.click(screen.getByRole('button', { name: 'Detect' }));
    expect(screen.getByText('Location detection failed')).toBeInTheDocument();
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(screen.queryByText('Location detection failed')).not.toBeInTheDocument();
    first.unmount();

    render(
      <>
        <Toaster />
        <Upload />
      </>,
    );
    await user.click(screen.getByRole('button', { name: 'Share' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(screen.getByText('Plate shared')).toBeInTheDocument();
  });
});
