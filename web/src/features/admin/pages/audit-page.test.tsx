import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { makeAuditEntry, moderatorPermissions } from '../../../test/admin';
import { sampleUser, stubFetch } from '../../../test/fetch';
import { renderWithApp } from '../../../test/render';
import AuditPage from './audit-page';

describe('AuditPage', () => {
  it('shows entries newest first with who, action, target and reason; details on demand; filters and pages through the address', async () => {
    localStorage.setItem('auth_token', 't');
    const api = stubFetch({
      'GET /api/user': { body: { ...sampleUser, permissions: moderatorPermissions } },
      'GET /api/admin/audit': (req) => {
        const page = Number(req.url.searchParams.get('page'));
        return {
          body: {
            entries: [
              makeAuditEntry({ id: page * 100, reason: `Reason on page ${page}`, before: { accountStatus: 'active' } }),
              makeAuditEntry({
                id: page * 100 + 1,
                admin: { id: 5, username: 'mod_mia' },
                adminRole: 'moderator',
                action: 'user_suspend',
                targetType: 'user',
                targetId: 40,
                targetLabel: 'grill_gus',
                reason: null,
                success: false,
                errorMessage: 'Admins cannot be acted on from the admin area.',
              }),
            ],
            page,
            totalPages: 3,
            total: 102,
          },
        };
      },
    });
    const user = userEvent.setup();
    renderWithApp(null, { routes: [{ path: '/admin/audit', element: <AuditPage /> }], route: '/admin/audit' });
    const list = await screen.findByRole('list', { name: 'Audit entries' });
    expect(screen.getByText('102 entries, newest first')).toBeInTheDocument();
    const [first, second] = within(list).getAllByRole('listitem');
    expect(within(first!).getByText('Report warn')).toBeInTheDocument();
    expect(within(first!).getByText('@admin')).toBeInTheDocument();
    expect(within(first!).getByRole('link', { name: 'Plate “Burnt toast” #300' })).toHaveAttribute('href', '/posts/300');
    expect(within(first!).getByText('“Reason on page 1”')).toBeInTheDocument();
    // a moderator without manage_users gets the public profile
    expect(within(second!).getByRole('link', { name: 'Member “grill_gus” #40' })).toHaveAttribute('href', '/profile/40');
    expect(within(second!).getByText('Refused')).toBeInTheDocument();
    expect(within(second!).getByText('(moderator)')).toBeInTheDocument();
    expect(within(second!).getByText('Admins cannot be acted on from the admin area.')).toBeInTheDocument();

    const more = within(first!).getByText('More');
    expect(within(first!).getByText('198.51.100.4')).not.toBeVisible();
    await user.click(more);
    expect(within(first!).getByText('198.51.100.4')).toBeVisible();
    expect(within(first!).getByText('Mozilla/5.0 (X11)')).toBeVisible();
    expect(within(first!).getByText(/"accountStatus": "active"/)).toBeVisible();
    expect(within(first!).getByText(/"strikeId": 501/)).toBeVisible();

    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByText('“Reason on page 2”')).toBeInTheDocument();
    expect(screen.getByTestId('location')).toHaveTextContent('/admin/audit?page=2');

    await user.type(screen.getByRole('combobox', { name: 'Action' }), 'user_suspend');
    await user.type(screen.getByRole('spinbutton', { name: 'Admin id' }), '5');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Target type' }), 'user');
    await user.type(screen.getByRole('spinbutton', { name: 'Target id' }), '40');
    await user.click(screen.getByRole('button', { name: 'Filter' }));
    await waitFor(() =>
      expect(screen.getByTestId('location')).toHaveTextContent('/admin/audit?action=user_suspend&adminId=5&targetType=user&targetId=40'),
    );
    await waitFor(() => {
      const q = api.callsTo('GET', '/api/admin/audit').at(-1)!.url.searchParams;
      expect(Object.fromEntries(q)).toMatchObject({ action: 'user_suspend', adminId: '5', targetType: 'user', targetId: '40', page: '1' });
    });
    await user.click(screen.getByRole('button', { name: 'Clear' }));
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(/^\/admin\/audit$/));
  });
});
