import type { LedgerEntryDto, PointRuleDto } from '@plates/common';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { sampleUser, stubFetch } from '../../../test/fetch';
import { renderWithApp } from '../../../test/render';
import PointSystemPage from './point-system-page';

const rule = (overrides: Partial<PointRuleDto> = {}): PointRuleDto => ({
  id: 1,
  actionType: 'rating_given',
  description: 'Rating a plate',
  pointsAwarded: 5,
  isActive: true,
  dailyCap: null,
  updatedAt: '2026-01-01T00:00:00.000Z',
  ...overrides,
});
const member = { id: 42, username: 'tomato_tom', displayName: null, points: 120, level: 1 };
const entry = (overrides: Partial<LedgerEntryDto> = {}): LedgerEntryDto => ({
  id: 1,
  points: 100,
  balance: 100,
  description: 'Plate approved',
  rule: { id: 2, actionType: 'post_approved' },
  relatedEntityType: 'post',
  relatedEntityId: 9,
  manual: false,
  timestamp: '2026-01-02T10:00:00.000Z',
  ...overrides,
});

const admin = { 'GET /api/user': { body: { ...sampleUser, isAdmin: true } } };
const render = (route = '/admin/point-system') => {
  localStorage.setItem('auth_token', 't');
  return renderWithApp(null, { routes: [{ path: '/admin/point-system', element: <PointSystemPage /> }], route });
};

describe('PointSystemPage', () => {
  it('edits a rule inline: checks the bounds, sends only a valid row, an empty cap meaning none', async () => {
    const api = stubFetch({
      ...admin,
      'GET /api/admin/points/rules': { body: { rules: [rule(), rule({ id: 2, actionType: 'post_approved', pointsAwarded: 100, dailyCap: 300 })] } },
      'PATCH /api/admin/points/rules/1': ({ body }) => ({ body: rule(body as Partial<PointRuleDto>) }),
    });
    const user = userEvent.setup();
    render();
    const row = await screen.findByRole('form', { name: 'Rating given' });
    const save = within(row).getByRole('button', { name: 'Save Rating given' });
    expect(save).toBeDisabled();
    expect(within(screen.getByRole('form', { name: 'Plate approved' })).getByLabelText('Daily cap')).toHaveValue(300);

    await user.clear(within(row).getByLabelText('Points'));
    await user.type(within(row).getByLabelText('Points'), '5000');
    await user.click(save);
    expect(await within(row).findByText('Points must be between -1000 and 1000')).toBeInTheDocument();
    await user.type(within(row).getByLabelText('Daily cap'), '0');
    await user.clear(within(row).getByLabelText('Points'));
    await user.type(within(row).getByLabelText('Points'), '8');
    await user.click(save);
    expect(await within(row).findByText('The daily cap must be between 1 and 100000')).toBeInTheDocument();
    expect(api.callsTo('PATCH', '/api/admin/points/rules/1')).toHaveLength(0);

    await user.clear(within(row).getByLabelText('Daily cap'));
    await user.type(within(row).getByLabelText('Daily cap'), '40');
    await user.click(within(row).getByRole('switch', { name: 'Active' }));
    await user.click(save);
    await waitFor(() => expect(api.callsTo('PATCH', '/api/admin/points/rules/1')).toHaveLength(1));
    expect(api.callsTo('PATCH', '/api/admin/points/rules/1')[0]!.body).toEqual({ pointsAwarded: 8, isActive: false, dailyCap: 40 });
    expect(await screen.findByText('Rating given saved')).toBeInTheDocument();
  });

  it('shows the loading and error states of the rules, with a retry', async () => {
    let fail = true;
    stubFetch({
      ...admin,
      'GET /api/admin/points/rules': () => (fail ? { status: 500, body: { message: 'Something went wrong', code: 'INTERNAL_ERROR' } } : { body: { rules: [] } }),
    });
    const user = userEvent.setup();
    render();
    expect(screen.getByText('Loading rules')).toBeInTheDocument();
    expect(await screen.findByText(/Error loading rules/)).toBeInTheDocument();
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Try Again' }));
    expect(await screen.findByText('No point rules yet.')).toBeInTheDocument();
  });

  it('finds a member, shows their ledger with running totals and filters, and adjusts with a reason', async () => {
    const api = stubFetch({
      ...admin,
      'GET /api/admin/points/rules': { body: { rules: [rule()] } },
      'GET /api/admin/points/members': { body: { members: [member] } },
      'GET /api/admin/points/members/42/ledger': ({ url }) => ({
        body: {
          member,
          entries: url.searchParams.get('manual') === 'true' ? [] : [entry({ id: 2, points: 20, balance: 120, rule: { id: 3, actionType: 'follow_received' } }), entry()],
          nextCursor: null,
        },
      }),
      'POST /api/admin/points/members/42/adjustments': ({ body }) => ({
        status: 201,
        body: { member: { ...member, points: 170 }, entry: entry({ id: 3, points: 50, balance: 170, manual: true, rule: null, description: (body as { reason: string }).reason }) },
      }),
    });
    const user = userEvent.setup();
    render('/admin/point-system?tab=ledger');
    expect(await screen.findByText('Find a member by username to see their points.')).toBeInTheDocument();
    await user.type(screen.getByLabelText('Member'), 'tom');
    await user.click(screen.getByRole('button', { name: 'Find' }));
    await user.click(await screen.findByRole('button', { name: /tomato_tom/ }));

    const list = await screen.findByRole('list', { name: 'Transactions' });
    const [first, second] = within(list).getAllByRole('listitem');
    expect(first).toHaveTextContent('New follower');
    expect(first).toHaveTextContent('+20');
    expect(first).toHaveTextContent('= 120');
    expect(second).toHaveTextContent('Plate approved');
    expect(screen.getByTestId('member-points')).toHaveTextContent('120 points');

    await user.selectOptions(screen.getByLabelText('Type'), 'manual');
    expect(await screen.findByText('No transactions match these filters.')).toBeInTheDocument();
    expect(api.callsTo('GET', '/api/admin/points/members/42/ledger').at(-1)!.url.searchParams.get('manual')).toBe('true');

    await user.click(screen.getByRole('button', { name: 'Adjust points' }));
    const dialog = await screen.findByRole('dialog', { name: 'Adjust points' });
    await user.click(within(dialog).getByRole('button', { name: 'Adjust points' }));
    expect(await within(dialog).findByText('A reason is required')).toBeInTheDocument();
    await user.type(within(dialog).getByLabelText('Points'), '0');
    await user.type(within(dialog).getByLabelText('Reason'), 'Contest winner');
    await user.click(within(dialog).getByRole('button', { name: 'Adjust points' }));
    expect(await within(dialog).findByText('The adjustment cannot be 0')).toBeInTheDocument();
    await user.clear(within(dialog).getByLabelText('Points'));
    await user.type(within(dialog).getByLabelText('Points'), '50');
    await user.click(within(dialog).getByRole('button', { name: 'Adjust points' }));
    await waitFor(() => expect(api.callsTo('POST', '/api/admin/points/members/42/adjustments')).toHaveLength(1));
    expect(api.callsTo('POST', '/api/admin/points/members/42/adjustments')[0]!.body).toEqual({ points: 50, reason: 'Contest winner' });
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Adjust points' })).toBeNull());
    expect(await screen.findByText('tomato_tom now has 170 points.')).toBeInTheDocument();
  });

  it('recomputes after a confirmation and says how many totals changed', async () => {
    const api = stubFetch({
      ...admin,
      'GET /api/admin/points/rules': { body: { rules: [rule()] } },
      'POST /api/admin/points/recompute': { body: { members: 1200, changed: 3 } },
    });
    const user = userEvent.setup();
    render('/admin/point-system?tab=recompute');
    await user.click(await screen.findByRole('button', { name: 'Recompute totals' }));
    const confirm = await screen.findByRole('alertdialog', { name: "Recompute every member's points?" });
    await user.click(within(confirm).getByRole('button', { name: 'Recompute' }));
    expect(await screen.findByText(/Read 1,200 members; 3 totals changed\./)).toBeInTheDocument();
    expect(api.callsTo('POST', '/api/admin/points/recompute')).toHaveLength(1);
  });
});
