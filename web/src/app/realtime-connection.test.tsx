import { act, screen, waitFor } from '@testing-library/react';
import { useQuery } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { publishRealtimeEvent, publishRealtimeNotice, publishRealtimeReconnect, setRealtimeLive } from '../lib/realtime-events';
import { stubFetch } from '../test/fetch';
import { renderWithApp } from '../test/render';
import { PRESENCE_PING_EVERY_MS, PRESENCE_PING_FIRST_MS, RealtimeConnection } from './realtime-connection';

afterEach(() => {
  vi.useRealTimers();
  act(() => setRealtimeLive(false));
});

/** The connection beside a query of `key` that GETs `path` and never goes stale by itself; waits for its first answer. */
async function renderWithQuery(key: string[], path: string) {
  function Shown() {
    const { data } = useQuery({ queryKey: key, queryFn: () => fetch(path).then((r) => r.json()), staleTime: Infinity });
    return <p>{data ? 'loaded' : 'loading'}</p>;
  }
  renderWithApp(
    <>
      <RealtimeConnection />
      <Shown />
    </>,
  );
  expect(await screen.findByText('loaded')).toBeInTheDocument();
}

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

describe('RealtimeConnection after a reconnection', () => {
  it('refetches the queries on screen', async () => {
    const api = stubFetch({ 'GET /api/notifications': { body: { notifications: [], unreadCount: 0, nextCursor: null } } });
    await renderWithQuery(['probe'], '/api/notifications');
    expect(api.callsTo('GET', '/api/notifications')).toHaveLength(1);
    act(() => publishRealtimeReconnect());
    await waitFor(() => expect(api.callsTo('GET', '/api/notifications')).toHaveLength(2));
  });
});

describe('RealtimeConnection system messages', () => {
  it('shows a system_message from the server as a toast', async () => {
    renderWithApp(<RealtimeConnection />);
    act(() => publishRealtimeEvent('system_message', { message: 'Plates will be back in five minutes.', type: 'maintenance' }));
    expect(await screen.findByText('Plates will be back in five minutes.')).toBeInTheDocument();
  });
});

describe('RealtimeConnection maintenance changes', () => {
  it('asks again whether Plates is in maintenance when an admin switches it', async () => {
    const api = stubFetch({ 'GET /api/system/maintenance': { body: { maintenance: true, registration: 'open' } } });
    await renderWithQuery(['/api/system/maintenance'], '/api/system/maintenance');
    expect(api.callsTo('GET', '/api/system/maintenance')).toHaveLength(1);
    act(() => publishRealtimeEvent('maintenance_changed', { maintenance: true, registration: 'open' }));
    await waitFor(() => expect(api.callsTo('GET', '/api/system/maintenance')).toHaveLength(2));
  });
});

describe('RealtimeConnection presence over HTTP', () => {
  it('pings /api/chat/ping while the socket is not live, and stops once it is', async () => {
    vi.useFakeTimers();
    const api = stubFetch({ 'POST /api/chat/ping': { body: { ok: true, timestamp: 1 } } });
    const pings = () => api.callsTo('POST', '/api/chat/ping').length;
    const { unmount } = renderWithApp(<RealtimeConnection />);

    await act(() => vi.advanceTimersByTimeAsync(PRESENCE_PING_FIRST_MS - 1));
    expect(pings()).toBe(0);
    await act(() => vi.advanceTimersByTimeAsync(1));
    expect(pings()).toBe(1);
    await act(() => vi.advanceTimersByTimeAsync(PRESENCE_PING_EVERY_MS));
    expect(pings()).toBe(2);

    act(() => setRealtimeLive(true));
    await act(() => vi.advanceTimersByTimeAsync(PRESENCE_PING_EVERY_MS * 3));
    expect(pings()).toBe(2);

    act(() => setRealtimeLive(false));
    await act(() => vi.advanceTimersByTimeAsync(PRESENCE_PING_FIRST_MS));
    expect(pings()).toBe(3);
    unmount();
    await act(() => vi.advanceTimersByTimeAsync(PRESENCE_PING_EVERY_MS * 3));
    expect(pings()).toBe(3);
  });
});
