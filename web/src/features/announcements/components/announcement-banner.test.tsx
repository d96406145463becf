import type { AnnouncementDto } from '@plates/common';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { RealtimeConnection } from '../../../app/realtime-connection';
import { publishRealtimeEvent } from '../../../lib/realtime-events';
import { sampleUser, stubFetch } from '../../../test/fetch';
import { renderWithApp } from '../../../test/render';
import { AnnouncementBanner } from './announcement-banner';

const announcement = (overrides: Partial<AnnouncementDto> = {}): AnnouncementDto => ({
  id: 1,
  title: 'Maintenance tonight',
  content: 'Plates is down from 22:00.\nBack by midnight.',
  type: 'warning',
  isPinned: false,
  showAsAlert: false,
  startDate: null,
  endDate: null,
  createdAt: '2026-01-01T00:00:00.000Z',
  ...overrides,
});

beforeEach(() => {
  sessionStorage.clear();
  localStorage.clear();
});

describe('AnnouncementBanner', () => {
  it('shows each announcement as text (never HTML) with its type and pin', async () => {
    stubFetch({
      'GET /api/user': { status: 401, body: { message: 'Please log in to continue.', code: 'UNAUTHORIZED' } },
      'GET /api/announcements': {
        body: { announcements: [announcement({ isPinned: true }), announcement({ id: 2, title: '<b>Bold</b>', content: '<img src=x onerror=alert(1)>', type: 'urgent' })] },
      },
    });
    const { container } = renderWithApp(<AnnouncementBanner />);
    const region = await screen.findByRole('region', { name: 'Announcements' });
    const [first, second] = within(region).getAllByRole('listitem');
    expect(within(first!).getByRole('heading', { name: /^Pinned:\s*Maintenance tonight$/ })).toBeInTheDocument();
    expect(within(first!).getByRole('img', { name: 'Warning' })).toBeInTheDocument();
    expect(first).toHaveTextContent('Plates is down from 22:00. Back by midnight.');
    expect(within(second!).getByRole('heading', { name: '<b>Bold</b>' })).toBeInTheDocument();
    expect(within(second!).getByRole('img', { name: 'Urgent' })).toBeInTheDocument();
    expect(second).toHaveTextContent('<img src=x onerror=alert(1)>');
    expect(container.querySelector('b, img')).toBeNull();
  });

  it('renders nothing when there are none', async () => {
    const api = stubFetch({
      'GET /api/user': { status: 401, body: { message: 'Please log in to continue.', code: 'UNAUTHORIZED' } },
      'GET /api/announcements': { body: { announcements: [] } },
    });
    renderWithApp(<AnnouncementBanner />);
    await waitFor(() => expect(api.callsTo('GET', '/api/announcements')).toHaveLength(1));
    expect(screen.queryByRole('region', { name: 'Announcements' })).toBeNull();
  });

  it('a visitor dismisses for the session: gone at once and after a remount, nothing sent', async () => {
    const api = stubFetch({
      'GET /api/user': { status: 401, body: { message: 'Please log in to continue.', code: 'UNAUTHORIZED' } },
      'GET /api/announcements': { body: { announcements: [announcement()] } },
    });
    const user = userEvent.setup();
    const first = renderWithApp(<AnnouncementBanner />);
    await user.click(await screen.findByRole('button', { name: 'Dismiss “Maintenance tonight”' }));
    expect(screen.queryByRole('region', { name: 'Announcements' })).toBeNull();
    expect(api.callsTo('POST', '/api/announcements/1/dismiss')).toHaveLength(0);
    first.unmount();
    renderWithApp(<AnnouncementBanner />);
    await waitFor(() => expect(api.callsTo('GET', '/api/announcements').length).toBeGreaterThanOrEqual(2));
    expect(screen.queryByRole('region', { name: 'Announcements' })).toBeNull();
  });

  it('a member dismisses through the server; a pushed announcement shows at once', async () => {
    localStorage.setItem('auth_token', 't');
    let announcements = [announcement()];
    const api = stubFetch({
      'GET /api/user': { body: sampleUser },
      'GET /api/announcements': () => ({ body: { announcements } }),
      'POST /api/announcements/1/dismiss': () => {
        announcements = [];
        return { status: 204 };
      },
    });
    const user = userEvent.setup();
    renderWithApp(
      <>
        <RealtimeConnection />
        <AnnouncementBanner />
      </>,
    );
    await user.click(await screen.findByRole('button', { name: 'Dismiss “Maintenance tonight”' }));
    expect(screen.queryByRole('heading', { name: 'Maintenance tonight' })).toBeNull();
    expect(api.callsTo('POST', '/api/announcements/1/dismiss')).toHaveLength(1);

    announcements = [announcement({ id: 3, title: 'New menu', content: 'Try it', type: 'success', showAsAlert: true })];
    act(() => publishRealtimeEvent('system_message', { message: 'New menu', type: 'success', announcementId: 3 }));
    expect(await screen.findByRole('heading', { name: 'New menu' })).toBeInTheDocument();
    // Quietly: no toast repeats it.
    expect(screen.getAllByText('New menu')).toHaveLength(1);
  });
});
