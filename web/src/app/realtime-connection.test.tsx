import { act, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { publishRealtimeNotice } from '../lib/realtime-events';
import { renderWithApp } from '../test/render';
import { RealtimeConnection } from './realtime-connection';

// The socket module is a no-op here (test/setup.ts); lib/socket's own notices are tested in
// lib/connection-mode.test.ts. This is the other half: a notice on the bus becomes a toast.
describe('RealtimeConnection toasts', () => {
  it('"Connection Error" and "Reconnecting..." while mounted (signed in), nothing after unmount (logout)', async () => {
    const { unmount } = renderWithApp(<RealtimeConnection />);
    act(() => publishRealtimeNotice('connection_error'));
    expect(await screen.findByText('Connection Error')).toBeInTheDocument();
    act(() => publishRealtimeNotice('reconnecting'));
    expect(await screen.findByText('Reconnecting...')).toBeInTheDocument();
    expect(screen.getByText('The live connection dropped. Trying to reconnect.')).toBeInTheDocument();
    unmount();
    renderWithApp(<p>Signed out</p>);
    act(() => publishRealtimeNotice('connection_error'));
    expect(await screen.findByText('Signed out')).toBeInTheDocument();
    expect(screen.queryByText('Connection Error')).not.toBeInTheDocument();
  });
});
