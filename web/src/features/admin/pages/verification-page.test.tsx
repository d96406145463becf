import { VERIFICATION_MESSAGES, type AdminVerificationRequestDto, type VerifiedMemberDto } from '@plates/common';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { sampleUser, stubFetch } from '../../../test/fetch';
import { renderWithApp } from '../../../test/render';
import VerificationPage, { accountAge } from './verification-page';

const person = { displayName: null, profileImage: null, isAdmin: false, isVerified: false, verifiedType: null, points: 0, level: 1 };
const request = (overrides: Partial<AdminVerificationRequestDto> = {}): AdminVerificationRequestDto => ({
  id: 11,
  reason: 'I run a bistro in Lyon',
  links: ['https://bistro.example/team'],
  status: 'pending',
  decisionReason: null,
  verifiedType: null,
  createdAt: '2026-03-01T10:00:00.000Z',
  decidedAt: null,
  member: { id: 40, username: 'lyon_chef', ...person, followerCount: 120, postCount: 1, memberSince: '2024-01-01T00:00:00.000Z', activeStrikes: 0, totalStrikes: 2 },
  ...overrides,
});
const verified = (overrides: Partial<VerifiedMemberDto> = {}): VerifiedMemberDto => ({
  member: { id: 41, username: 'gold_cook', ...person, isVerified: true, verifiedType: 'gold' },
  verifiedType: 'gold',
  verifiedReason: 'Known chef',
  grantedBy: { id: 1, username: 'boss' },
  grantedAt: '2026-02-01T10:00:00.000Z',
  ...overrides,
});

const admin = { 'GET /api/user': { body: { ...sampleUser, isAdmin: true } } };
const render = () => {
  localStorage.setItem('auth_token', 't');
  return renderWithApp(null, { routes: [{ path: '/admin/verification', element: <VerificationPage /> }], route: '/admin/verification' });
};

describe('VerificationPage', () => {
  it('shows each request with the member record, the reason and safe outside links', async () => {
    stubFetch({ ...admin, 'GET /api/admin/verification/requests': { body: { requests: [request()], nextCursor: null } } });
    render();
    const card = await screen.findByRole('listitem', { name: 'Request from @lyon_chef' });
    expect(within(card).getByText(/120 followers · 1 plate · member for \d+ years? · 0 active strikes \(2 in all\)/)).toBeInTheDocument();
    expect(within(card).getByText('I run a bistro in Lyon')).toBeInTheDocument();
    const link = within(card).getByRole('link', { name: /bistro\.example\/team/ });
    expect(link).toHaveAttribute('href', 'https://bistro.example/team');
    expect(link).toHaveAttribute('target', '_blank');
    expect(link).toHaveAttribute('rel', 'noopener noreferrer nofollow');
  });

  it('approves with the chosen badge and the request leaves the queue', async () => {
    let requests = [request()];
    const api = stubFetch({
      ...admin,
      'GET /api/admin/verification/requests': () => ({ body: { requests, nextCursor: null } }),
      'POST /api/admin/verification/requests/11/decision': () => {
        requests = [];
        return { body: { message: 'Request approved: the badge shows now.' } };
      },
    });
    render();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Approve @lyon_chef' }));
    const dialog = await screen.findByRole('dialog');
    await user.selectOptions(within(dialog).getByLabelText('Badge'), 'gold');
    expect(within(dialog).getByText(/now shows a gold badge/)).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Approve' }));
    expect(await screen.findByText('No verification requests are waiting.')).toBeInTheDocument();
    expect(api.callsTo('POST', '/api/admin/verification/requests/11/decision')[0]!.body).toEqual({ decision: 'approve', verifiedType: 'gold' });
  });

  it('declines only with a reason, and shows a 409 from the server in the dialog', async () => {
    const api = stubFetch({
      ...admin,
      'GET /api/admin/verification/requests': { body: { requests: [request()], nextCursor: null } },
      'POST /api/admin/verification/requests/11/decision': { status: 409, body: { message: VERIFICATION_MESSAGES.alreadyDecided, code: 'CONFLICT' } },
    });
    render();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Decline @lyon_chef' }));
    const dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('button', { name: 'Decline' }));
    expect(await within(dialog).findByText(VERIFICATION_MESSAGES.decisionReasonRequired)).toBeInTheDocument();
    expect(api.callsTo('POST', '/api/admin/verification/requests/11/decision')).toHaveLength(0);
    await user.type(within(dialog).getByLabelText('Reason'), 'Add a link to your restaurant.');
    await user.click(within(dialog).getByRole('button', { name: 'Decline' }));
    expect(await within(dialog).findByText(VERIFICATION_MESSAGES.alreadyDecided)).toBeInTheDocument();
    expect(api.callsTo('POST', '/api/admin/verification/requests/11/decision')[0]!.body).toEqual({ decision: 'decline', reason: 'Add a link to your restaurant.' });
  });

  it('lists verified members and revokes a badge with a reason', async () => {
    let members = [verified()];
    const api = stubFetch({
      ...admin,
      'GET /api/admin/verification/requests': { body: { requests: [], nextCursor: null } },
      'GET /api/admin/verification/members': () => ({ body: { members, nextCursor: null } }),
      'POST /api/admin/verification/members/41/revoke': () => {
        members = [];
        return { body: { message: 'Badge removed.' } };
      },
    });
    render();
    const user = userEvent.setup();
    expect(await screen.findByText('No verification requests are waiting.')).toBeInTheDocument();
    await user.click(screen.getByRole('tab', { name: 'Verified members' }));
    const list = await screen.findByRole('list', { name: 'Verified members' });
    expect(within(list).getByText('Gold')).toBeInTheDocument();
    expect(within(list).getByText(/by @boss/)).toBeInTheDocument();
    await user.click(within(list).getByRole('button', { name: 'Revoke @gold_cook’s badge' }));
    const dialog = await screen.findByRole('dialog');
    await user.type(within(dialog).getByLabelText('Reason'), 'Closed the restaurant');
    await user.click(within(dialog).getByRole('button', { name: 'Revoke badge' }));
    expect(await screen.findByText('No member is verified yet.')).toBeInTheDocument();
    expect(api.callsTo('POST', '/api/admin/verification/members/41/revoke')[0]!.body).toEqual({ reason: 'Closed the restaurant' });
  });

  it('loads further pages with Load more, and offers Try Again when the queue cannot load', async () => {
    let fail = true;
    const api = stubFetch({
      ...admin,
      'GET /api/admin/verification/requests': (req) =>
        fail
          ? { status: 500, body: { message: 'Boom', code: 'INTERNAL_ERROR' } }
          : req.url.searchParams.get('cursor') === 'next'
            ? { body: { requests: [request({ id: 12, member: { ...request().member, id: 42, username: 'second_cook' } })], nextCursor: null } }
            : { body: { requests: [request()], nextCursor: 'next' } },
    });
    render();
    const user = userEvent.setup();
    expect(await screen.findByRole('alert')).toHaveTextContent('Error loading verification requests: Boom');
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Try Again' }));
    await user.click(await screen.findByRole('button', { name: 'Load more' }));
    expect(await screen.findByRole('listitem', { name: 'Request from @second_cook' })).toBeInTheDocument();
    await waitFor(() => expect(api.callsTo('GET', '/api/admin/verification/requests').some((c) => c.url.searchParams.get('cursor') === 'next')).toBe(true));
  });

  it('says account age in years, months or days', () => {
    const now = new Date('2026-03-01T00:00:00Z');
    expect(accountAge('2024-02-01T00:00:00Z', now)).toBe('2 years');
    expect(accountAge('2025-11-01T00:00:00Z', now)).toBe('4 months');
    expect(accountAge('2026-02-28T00:00:00Z', now)).toBe('1 day');
  });
});
