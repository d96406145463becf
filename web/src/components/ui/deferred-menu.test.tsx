import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { deferred, DeferredMenu, type Deferred } from './deferred-menu';

/** The "real" menu: a trigger that toggles a list, open at once when asked. */
function RealMenu({ defaultOpen }: { defaultOpen: boolean }) {
  const [open, setOpen] = useState(defaultOpen);
  return (
    <>
      <button type="button" aria-label="Options" onClick={() => setOpen((o) => !o)}>
        real
      </button>
      {open ? <ul role="menu" aria-label="Options menu" /> : null}
    </>
  );
}

function controlled() {
  let resolve!: (m: { RealMenu: typeof RealMenu }) => void;
  let reject!: (e: Error) => void;
  const load = vi.fn(
    () =>
      new Promise<{ RealMenu: typeof RealMenu }>((res, rej) => {
        resolve = res;
        reject = rej;
      }),
  );
  return { module: deferred(load), load, resolve: (m = { RealMenu }) => resolve(m), reject: (e = new Error('offline')) => reject(e) };
}

function Menu({ module }: { module: Deferred<{ RealMenu: typeof RealMenu }> }) {
  return (
    <DeferredMenu
      module={module}
      trigger={(intent) => (
        <button type="button" aria-label="Options" {...intent}>
          stand-in
        </button>
      )}
      render={(m, open) => <m.RealMenu defaultOpen={open} />}
    />
  );
}

describe('DeferredMenu', () => {
  it('opens the real menu once it loads when the stand-in was tapped', async () => {
    const user = userEvent.setup();
    const m = controlled();
    render(<Menu module={m.module} />);
    await user.click(screen.getByRole('button', { name: 'Options' }));
    expect(screen.getByRole('button', { name: 'Options' })).toHaveTextContent('stand-in');
    expect(screen.queryByRole('menu')).toBeNull();
    await act(async () => m.resolve());
    expect(screen.getByRole('button', { name: 'Options' })).toHaveTextContent('real');
    expect(screen.getByRole('menu')).toBeInTheDocument();
    expect(m.load).toHaveBeenCalledTimes(1);
  });

  it('opens the real menu when it arrives between the press on the stand-in and the release', async () => {
    const user = userEvent.setup();
    const m = controlled();
    render(<Menu module={m.module} />);
    const standIn = screen.getByRole('button', { name: 'Options' });
    await user.pointer({ keys: '[MouseLeft>]', target: standIn });
    await act(async () => m.resolve());
    const real = screen.getByRole('button', { name: 'Options' });
    expect(real).toHaveTextContent('real');
    await user.pointer({ keys: '[/MouseLeft]', target: real }); // pressed on one element, released on another: no click
    expect(screen.getByRole('menu')).toBeInTheDocument();
  });

  it('opens the real menu when the press starts after the module arrived but before the swap was drawn', async () => {
    const m = controlled();
    render(<Menu module={m.module} />);
    const standIn = screen.getByRole('button', { name: 'Options' });
    fireEvent.pointerEnter(standIn); // asks for the module
    // The module arrives and its callbacks run (no press yet), but React has not drawn the swap:
    // a loaded machine can take the press in between.
    m.resolve();
    for (let i = 0; i < 10; i += 1) await Promise.resolve();
    expect(screen.getByRole('button', { name: 'Options' })).toHaveTextContent('stand-in');
    fireEvent.pointerDown(standIn);
    await waitFor(() => expect(screen.getByRole('button', { name: 'Options' })).toHaveTextContent('real'));
    fireEvent.pointerUp(screen.getByRole('button', { name: 'Options' })); // released on the real trigger: no click
    expect(screen.getByRole('menu')).toBeInTheDocument();
  });

  it('does not open the menu for a press that was let go or dragged away before it arrived', async () => {
    const user = userEvent.setup();
    const m = controlled();
    render(<Menu module={m.module} />);
    const standIn = screen.getByRole('button', { name: 'Options' });
    await user.pointer({ keys: '[MouseLeft>]', target: standIn });
    await user.pointer({ target: document.body }); // dragged off the button
    await act(async () => m.resolve());
    expect(screen.getByRole('button', { name: 'Options' })).toHaveTextContent('real');
    expect(screen.queryByRole('menu')).toBeNull();
  });

  it('moves keyboard focus from the stand-in to the real trigger, closed', async () => {
    const user = userEvent.setup();
    const m = controlled();
    render(<Menu module={m.module} />);
    await user.tab();
    expect(screen.getByRole('button', { name: 'Options' })).toHaveFocus();
    await act(async () => m.resolve());
    const real = screen.getByRole('button', { name: 'Options' });
    expect(real).toHaveTextContent('real');
    expect(real).toHaveFocus();
    expect(screen.queryByRole('menu')).toBeNull();
  });

  it('loads by itself once the page has loaded and the browser is idle', async () => {
    vi.useFakeTimers();
    try {
      const m = controlled();
      render(<Menu module={m.module} />);
      expect(m.load).not.toHaveBeenCalled();
      await act(async () => vi.advanceTimersByTime(1000)); // jsdom has no requestIdleCallback: the timer stands in
      expect(m.load).toHaveBeenCalledTimes(1);
      await act(async () => m.resolve());
      expect(screen.getByRole('button', { name: 'Options' })).toHaveTextContent('real');
    } finally {
      vi.useRealTimers();
    }
  });

  it('keeps the stand-in when the code cannot load, and tries again on the next intent', async () => {
    const user = userEvent.setup();
    const m = controlled();
    render(<Menu module={m.module} />);
    await user.hover(screen.getByRole('button', { name: 'Options' }));
    await act(async () => m.reject());
    expect(screen.getByRole('button', { name: 'Options' })).toHaveTextContent('stand-in');
    await user.click(screen.getByRole('button', { name: 'Options' }));
    expect(m.load).toHaveBeenCalledTimes(2);
    await act(async () => m.resolve());
    await waitFor(() => expect(screen.getByRole('menu')).toBeInTheDocument());
  });
});
