import type { RoleGrantDto } from '@plates/common';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { makeAuditEntry, makeMemberDetail, makeStrike } from '../../../test/admin';
import { sampleUser, stubFetch } from '../../../test/fetch';
import { renderWithApp } from '../../../test/render';
import MemberPage from './member-page';

const APPEAL_LINE = 'If you think this is a mistake, you can appeal within 20 days from Settings, Your account.';
const ALL = ['manage_users', 'manage_verifications', 'manage_roles', 'manage_reports', 'review_posts', 'view_audit_log'];

function setup(permissions: string[], routes: Parameters<typeof stubFetch>[0] = {}) {
  localStorage.setItem('auth_token', 't');
  const api = stubFetch({
    'GET /api/user': { body: { ...sampleUser, permissions } },
    'GET /api/admin/users/40': { body: makeMemberDetail() },
    'GET /api/admin/templates': { body: { templates: [] } },
    ...routes,
  });
  renderWithApp(null, {
    routes: [
      { path: '/admin/users/:userId', element: <MemberPage /> },
      { path: '/admin/users', element: <p>Members list</p> },
    ],
    route: '/admin/users/40',
  });
  return { api, user: userEvent.setup() };
}

/** A sign-up awaiting approval, from an address under an approval block; email not yet verified. */
const waiting = () =>
  makeMemberDetail(
    {
      strikes: [],
      signIns: [],
      sessions: [],
      approval: {
        signUpIp: '203.0.113.45',
        blockRange: '203.0.113.0/24',
        blockId: 7,
        blockReason: 'Burst of throwaway accounts',
        createdAt: '2026-03-01T08:00:00.000Z',
      },
    },
    { accountStatus: 'awaiting_approval', emailVerified: false, lastLoginAt: null },
  );

describe('MemberPage', () => {
  it('shows the record: profile, plates, reports, strikes, sign-ins with their outcome, sessions', async () => {
    setup(ALL);
    expect(await screen.findByRole('heading', { name: 'Gus Grill', level: 1 })).toBeInTheDocument();
    expect(screen.getByText(/gus@example.test/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Burnt toast' })).toHaveAttribute('href', '/posts/300');
    const received = screen.getByRole('region', { name: /Reports received/ });
    expect(within(received).getByText('Spam or misleading')).toBeInTheDocument();
    expect(within(screen.getByRole('region', { name: /Strikes/ })).getByText('Spam in comments')).toBeInTheDocument();
    const signIns = screen.getByRole('region', { name: /Sign-in history/ });
    expect(within(signIns).getByText('Signed in')).toBeInTheDocument();
    expect(within(signIns).getByText('Failed: bad password')).toBeInTheDocument();
    expect(within(signIns).getAllByText('203.0.113.9')).toHaveLength(2);
    expect(within(screen.getByRole('region', { name: /Live sessions/ })).getByText(/Mozilla\/5.0 \(iPhone\)/)).toBeInTheDocument();
  });

  it("shows the member's slice of the audit log to view_audit_log holders only", async () => {
    const { api } = setup(ALL, {
      'GET /api/admin/audit': {
        body: {
          entries: [makeAuditEntry({ id: 9, action: 'user_warn', targetType: 'user', targetId: 40, targetLabel: 'grill_gus', reason: 'Mind the tone' })],
          page: 1,
          total: 1,
          totalPages: 1,
        },
      },
    });
    const region = await screen.findByRole('region', { name: 'Audit log' });
    expect(await within(region).findByText('“Mind the tone”')).toBeInTheDocument();
    const asked = api.callsTo('GET', '/api/admin/audit')[0]!.url.searchParams;
    expect([asked.get('targetType'), asked.get('targetId')]).toEqual(['user', '40']);
  });

  it('has no audit slice without view_audit_log', async () => {
    const { api } = setup(ALL.filter((p) => p !== 'view_audit_log'));
    expect(await screen.findByRole('heading', { name: 'Gus Grill', level: 1 })).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Audit log' })).not.toBeInTheDocument();
    expect(api.callsTo('GET', '/api/admin/audit')).toHaveLength(0);
  });

  it('warns with a reason: the preview is the notice, the body is posted, the record is asked again', async () => {
    const { api, user } = setup(ALL, { 'POST /api/admin/users/40/actions': { body: { message: 'Warning sent.', strike: makeStrike() } } });
    const actions = await screen.findByRole('group', { name: 'Actions' });
    await user.click(within(actions).getByRole('button', { name: 'Warn' }));
    const dialog = await screen.findByRole('dialog', { name: 'Warn @grill_gus' });
    await user.type(within(dialog).getByRole('textbox', { name: 'Reason' }), 'Keep it kind');
    expect(within(dialog).getByText(`A moderator warned you: Keep it kind. ${APPEAL_LINE}`)).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Send warning' }));
    expect(await screen.findByText('Warning sent.')).toBeInTheDocument();
    expect(api.callsTo('POST', '/api/admin/users/40/actions')[0]!.body).toEqual({ action: 'warn', reason: 'Keep it kind' });
    await waitFor(() => expect(api.callsTo('GET', '/api/admin/users/40')).toHaveLength(2));
  });

  it('restricts for some days and verifies with a badge; shows the server’s refusal', async () => {
    let answer: { status?: number; body: unknown } = { body: { message: 'Member restricted.', strike: null } };
    const { api, user } = setup(ALL, { 'POST /api/admin/users/40/actions': () => answer });
    const actions = await screen.findByRole('group', { name: 'Actions' });
    await user.click(within(actions).getByRole('button', { name: 'Restrict' }));
    let dialog = await screen.findByRole('dialog', { name: 'Restrict @grill_gus' });
    await user.type(within(dialog).getByRole('textbox', { name: 'Reason' }), 'Spam');
    const days = within(dialog).getByRole('spinbutton', { name: 'days' });
    await user.clear(days);
    await user.type(days, '3');
    await user.click(within(dialog).getByRole('button', { name: 'Restrict' }));
    expect(await screen.findByText('Member restricted.')).toBeInTheDocument();
    expect(api.callsTo('POST', '/api/admin/users/40/actions')[0]!.body).toEqual({ action: 'restrict', reason: 'Spam', days: 3 });

    answer = { status: 403, body: { message: 'Admins cannot be acted on from the admin area.', code: 'FORBIDDEN' } };
    await user.click(within(actions).getByRole('button', { name: 'Verify' }));
    dialog = await screen.findByRole('dialog', { name: 'Verify @grill_gus' });
    await user.selectOptions(within(dialog).getByRole('combobox', { name: 'Badge' }), 'gold');
    await user.type(within(dialog).getByRole('textbox', { name: 'Reason' }), 'Known chef');
    await user.click(within(dialog).getByRole('button', { name: 'Grant badge' }));
    expect(await within(dialog).findByText('Admins cannot be acted on from the admin area.')).toBeInTheDocument();
    expect(api.callsTo('POST', '/api/admin/users/40/actions')[1]!.body).toEqual({ action: 'verify', reason: 'Known chef', verifiedType: 'gold' });
  });

  it('offers Unsuspend to a suspended member, and hides what the viewer may not do', async () => {
    const { user } = setup(['manage_users'], {
      'GET /api/admin/users/40': { body: makeMemberDetail({}, { accountStatus: 'suspended', suspensionReason: 'Harassment', isVerified: true, verifiedType: 'blue' }) },
    });
    const actions = await screen.findByRole('group', { name: 'Actions' });
    expect(within(actions).getAllByRole('button').map((b) => b.textContent)).toEqual(['Warn', 'Restrict', 'Unsuspend', 'Sign out everywhere']);
    expect(screen.getByText('Harassment')).toBeInTheDocument();
    // no manage_roles: the roles are shown, not changed
    expect(screen.queryByRole('button', { name: 'Grant a role' })).not.toBeInTheDocument();
    await user.click(within(actions).getByRole('button', { name: 'Unsuspend' }));
    const dialog = await screen.findByRole('dialog', { name: 'Lift @grill_gus’s suspension' });
    expect(within(dialog).queryByRole('spinbutton')).not.toBeInTheDocument();
  });

  it('says why a sign-up waits, and offers only Approve and Reject', async () => {
    const { api, user } = setup([...ALL, 'manage_ip_blocks'], {
      'GET /api/admin/users/40': { body: waiting() },
      'POST /api/admin/users/40/actions': { body: { message: 'Account approved: the member can sign in.', strike: null } },
    });
    expect(await screen.findByText('Awaiting approval')).toBeInTheDocument();
    expect(screen.getByText('203.0.113.45')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: '203.0.113.0/24' })).toHaveAttribute('href', '/admin/ip-blocking');
    expect(screen.getByText(/Burst of throwaway accounts/)).toBeInTheDocument();
    expect(screen.getByText('awaiting approval')).toBeInTheDocument(); // the status chip, in words
    const actions = screen.getByRole('group', { name: 'Actions' });
    expect(within(actions).getAllByRole('button').map((b) => b.textContent)).toEqual(['Approve', 'Reject']);

    await user.click(within(actions).getByRole('button', { name: 'Approve' }));
    const dialog = await screen.findByRole('dialog', { name: 'Approve @grill_gus' });
    expect(within(dialog).getByText('Kept in the audit log.')).toBeInTheDocument();
    // Not verified yet: the mail says what is left to do.
    expect(within(dialog).getByText(/Once you have verified your email address/)).toBeInTheDocument();
    await user.type(within(dialog).getByRole('textbox', { name: 'Reason' }), 'Looks genuine');
    await user.click(within(dialog).getByRole('button', { name: 'Approve' }));
    expect(await screen.findByText('Account approved: the member can sign in.')).toBeInTheDocument();
    expect(api.callsTo('POST', '/api/admin/users/40/actions')[0]!.body).toEqual({ action: 'approve', reason: 'Looks genuine' });
    await waitFor(() => expect(api.callsTo('GET', '/api/admin/users/40')).toHaveLength(2));
  });

  it('rejects a sign-up with the reason the member is mailed, then goes back to the waiting list', async () => {
    const { api, user } = setup(['manage_users'], {
      'GET /api/admin/users/40': { body: waiting() },
      'POST /api/admin/users/40/actions': { body: { message: 'Sign-up rejected: the account was deleted.', strike: null } },
    });
    // Without manage_ip_blocks the range is text, not a link.
    expect(await screen.findByText('203.0.113.0/24')).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: '203.0.113.0/24' })).not.toBeInTheDocument();
    await user.click(within(screen.getByRole('group', { name: 'Actions' })).getByRole('button', { name: 'Reject' }));
    const dialog = await screen.findByRole('dialog', { name: 'Reject @grill_gus’s sign-up' });
    await user.type(within(dialog).getByRole('textbox', { name: 'Reason' }), 'Spam wave');
    expect(
      within(dialog).getByText(
        'A moderator reviewed your new account and did not approve it, so it has been deleted with everything in it. Reason: Spam wave',
      ),
    ).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Reject and delete' }));
    expect(await screen.findByText('Members list')).toBeInTheDocument();
    expect(screen.getByTestId('location')).toHaveTextContent('/admin/users?status=awaiting_approval');
    expect(api.callsTo('POST', '/api/admin/users/40/actions')[0]!.body).toEqual({ action: 'reject', reason: 'Spam wave' });
    // The deleted record is not asked for again.
    expect(api.callsTo('GET', '/api/admin/users/40')).toHaveLength(1);
  });

  it('no actions on an admin', async () => {
    setup(ALL, { 'GET /api/admin/users/40': { body: makeMemberDetail({}, { isAdmin: true, roles: ['admin'] }) } });
    expect(await screen.findByText('Admins cannot be acted on from the admin area.')).toBeInTheDocument();
    expect(screen.queryByRole('group', { name: 'Actions' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Grant a role' })).not.toBeInTheDocument();
  });

  it('grants a narrower role with an end, and revokes a live one', async () => {
    const grant: RoleGrantDto = {
      id: 3,
      role: 'moderator',
      permissions: ['review_posts', 'manage_reports', 'view_audit_log'],
      grantedBy: 1,
      expiresAt: null,
      createdAt: '2026-01-01T00:00:00.000Z',
      isActive: true,
    };
    const { api, user } = setup(ALL, {
      'GET /api/admin/users/40': { body: makeMemberDetail({ roles: [grant] }) },
      'POST /api/admin/users/40/roles': { status: 201, body: { ...grant, id: 4, permissions: ['review_posts', 'manage_reports'] } },
      'DELETE /api/admin/users/40/roles/3': { body: { ...grant, isActive: false } },
    });
    const roles = await screen.findByRole('region', { name: /Roles/ });
    expect(within(roles).getByRole('list', { name: 'Permissions of the moderator role' })).toHaveTextContent('Review postsManage reportsView audit log');

    await user.click(within(roles).getByRole('button', { name: 'Grant a role' }));
    const dialog = await screen.findByRole('dialog', { name: 'Grant a role to @grill_gus' });
    expect(within(dialog).getByRole('checkbox', { name: 'Review posts' })).toBeChecked();
    await user.click(within(dialog).getByRole('checkbox', { name: 'View audit log' }));
    await user.type(within(dialog).getByLabelText('Ends (optional)'), '2030-01-31T12:00');
    await user.click(within(dialog).getByRole('button', { name: 'Grant role' }));
    expect(await screen.findByText('Role granted')).toBeInTheDocument();
    expect(api.callsTo('POST', '/api/admin/users/40/roles')[0]!.body).toEqual({
      role: 'moderator',
      permissions: ['review_posts', 'manage_reports'],
      expiresAt: new Date('2030-01-31T12:00').toISOString(),
    });

    await user.click(within(roles).getByRole('button', { name: 'Revoke the moderator role' }));
    await user.click(within(await screen.findByRole('alertdialog', { name: 'Revoke this role?' })).getByRole('button', { name: 'Revoke' }));
    expect(await screen.findByText('Role revoked')).toBeInTheDocument();
    expect(api.callsTo('DELETE', '/api/admin/users/40/roles/3')).toHaveLength(1);
  });

  it('a role the granter does not hold cannot be given', async () => {
    const { user } = setup(['manage_users', 'manage_roles', 'review_posts']);
    await user.click(await screen.findByRole('button', { name: 'Grant a role' }));
    const dialog = await screen.findByRole('dialog', { name: 'Grant a role to @grill_gus' });
    expect(within(dialog).getByRole('checkbox', { name: /Manage reports/ })).toBeDisabled();
    expect(within(dialog).getByRole('checkbox', { name: /Manage reports/ })).not.toBeChecked();
    expect(within(dialog).getByRole('checkbox', { name: 'Review posts' })).toBeChecked();
  });
});
