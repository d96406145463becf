import type { AdminAnnouncementDto } from '@plates/common';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { sampleUser, stubFetch } from '../../../test/fetch';
import { renderWithApp } from '../../../test/render';
import AnnouncementsPage from './announcements-page';

const item = (overrides: Partial<AdminAnnouncementDto> = {}): AdminAnnouncementDto => ({
  id: 1,
  title: 'Maintenance tonight',
  content: 'Down from 22:00',
  type: 'warning',
  targetAudience: 'all',
  isActive: true,
  isPinned: false,
  showAsAlert: false,
  startDate: null,
  endDate: null,
  status: 'active',
  createdBy: { id: 7, username: 'chef_ana' },
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
  ...overrides,
});

const admin = { 'GET /api/user': { body: { ...sampleUser, isAdmin: true } } };
const render = () => {
  localStorage.setItem('auth_token', 't');
  return renderWithApp(null, { routes: [{ path: '/admin/announcements', element: <AnnouncementsPage /> }], route: '/admin/announcements' });
};

describe('AnnouncementsPage', () => {
  it('lists every announcement with its status, type, audience and schedule', async () => {
    stubFetch({
      ...admin,
      'GET /api/admin/announcements': {
        body: {
          announcements: [
            item({ isPinned: true, showAsAlert: true }),
            item({ id: 2, title: 'Later', type: 'info', status: 'scheduled', targetAudience: 'new_members', startDate: '2030-01-01T10:00:00.000Z' }),
            item({ id: 3, title: 'Old', status: 'expired', targetAudience: 'admins', endDate: '2020-01-01T10:00:00.000Z' }),
            item({ id: 4, title: 'Off', status: 'inactive', isActive: false, targetAudience: 'members' }),
          ],
        },
      },
    });
    render();
    const list = await screen.findByRole('list', { name: 'Announcements' });
    const [active, scheduled, expired, off] = within(list).getAllByRole('listitem');
    expect(active).toHaveTextContent('Active');
    expect(active).toHaveTextContent('Warning');
    expect(active).toHaveTextContent('Pinned');
    expect(active).toHaveTextContent('Alert');
    expect(active).toHaveTextContent('Everyone (visitors too) · No schedule · by chef_ana');
    expect(scheduled).toHaveTextContent('Scheduled');
    expect(scheduled).toHaveTextContent('New members (first 14 days)');
    expect(scheduled).toHaveTextContent(/From .*2030.*, no end/);
    expect(expired).toHaveTextContent('Expired');
    expect(expired).toHaveTextContent(/From now until .*2020/);
    expect(off).toHaveTextContent('Inactive');
    expect(within(off!).getByRole('switch', { name: 'Off active' })).not.toBeChecked();
  });

  it('shows the empty state, and the error state with a retry', async () => {
    let fail = true;
    stubFetch({
      ...admin,
      'GET /api/admin/announcements': () =>
        fail ? { status: 500, body: { message: 'Something went wrong', code: 'INTERNAL_ERROR' } } : { body: { announcements: [] } },
    });
    const user = userEvent.setup();
    render();
    expect(await screen.findByText(/Error loading announcements/)).toBeInTheDocument();
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Try Again' }));
    expect(await screen.findByText(/No announcements yet/)).toBeInTheDocument();
  });

  it('checks the form with the server rules, then publishes with ISO dates', async () => {
    const api = stubFetch({
      ...admin,
      'GET /api/admin/announcements': { body: { announcements: [] } },
      'POST /api/admin/announcements': ({ body }) => ({ status: 201, body: item({ ...(body as object), id: 9 }) }),
    });
    const user = userEvent.setup();
    render();
    await user.click((await screen.findAllByRole('button', { name: 'New announcement' }))[0]!);
    const form = await screen.findByRole('form', { name: 'New announcement' });
    await user.click(within(form).getByRole('button', { name: 'Publish' }));
    expect(await within(form).findByText('A title is required')).toBeInTheDocument();
    expect(within(form).getByText('Some content is required')).toBeInTheDocument();

    await user.type(within(form).getByLabelText('Title'), 'New menu');
    await user.type(within(form).getByLabelText('Content'), 'Try the autumn plates');
    await user.selectOptions(within(form).getByLabelText('Type'), 'success');
    await user.selectOptions(within(form).getByLabelText('Audience'), 'members');
    await user.type(within(form).getByLabelText('Starts (optional)'), '2030-05-02T10:00');
    await user.type(within(form).getByLabelText('Ends (optional)'), '2030-05-01T10:00');
    await user.click(within(form).getByRole('button', { name: 'Publish' }));
    expect(await within(form).findByText('The end must be after the start.')).toBeInTheDocument();
    expect(api.callsTo('POST', '/api/admin/announcements')).toHaveLength(0);

    await user.clear(within(form).getByLabelText('Ends (optional)'));
    await user.type(within(form).getByLabelText('Ends (optional)'), '2030-05-03T10:00');
    await user.click(within(form).getByLabelText(/Alert signed-in members now/));
    await user.click(within(form).getByLabelText(/Also send by email/));
    await user.click(within(form).getByRole('button', { name: 'Publish' }));
    await waitFor(() => expect(api.callsTo('POST', '/api/admin/announcements')).toHaveLength(1));
    expect(api.callsTo('POST', '/api/admin/announcements')[0]!.body).toEqual({
      title: 'New menu',
      content: 'Try the autumn plates',
      type: 'success',
      targetAudience: 'members',
      isActive: true,
      isPinned: false,
      showAsAlert: true,
      sendEmail: true,
      startDate: new Date('2030-05-02T10:00').toISOString(),
      endDate: new Date('2030-05-03T10:00').toISOString(),
    });
    await waitFor(() => expect(screen.queryByRole('form', { name: 'New announcement' })).toBeNull());
  });

  it('switches one off and deletes one after confirmation', async () => {
    const api = stubFetch({
      ...admin,
      'GET /api/admin/announcements': { body: { announcements: [item()] } },
      'PATCH /api/admin/announcements/1': { body: item({ isActive: false, status: 'inactive' }) },
      'DELETE /api/admin/announcements/1': { status: 204 },
    });
    const user = userEvent.setup();
    render();
    await user.click(await screen.findByRole('switch', { name: 'Maintenance tonight active' }));
    await waitFor(() => expect(api.callsTo('PATCH', '/api/admin/announcements/1')).toHaveLength(1));
    expect(api.callsTo('PATCH', '/api/admin/announcements/1')[0]!.body).toEqual({ isActive: false });

    await user.click(screen.getByRole('button', { name: 'Delete Maintenance tonight' }));
    const confirm = await screen.findByRole('alertdialog', { name: 'Delete this announcement?' });
    await user.click(within(confirm).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(api.callsTo('DELETE', '/api/admin/announcements/1')).toHaveLength(1));
  });
});
