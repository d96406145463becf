import { SUSPENSION_APPEAL_LINE, type ReportGroupDto } from '@plates/common';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { makeAppeal, makeReportGroup, makeTemplate, moderatorPermissions } from '../../../test/admin';
import { sampleUser, stubFetch } from '../../../test/fetch';
import { renderWithApp } from '../../../test/render';
import ReportsPage from './reports-page';

const APPEAL_LINE = 'If you think this is a mistake, you can appeal within 20 days from Settings, Your account.';

function setup(routes: Parameters<typeof stubFetch>[0] = {}, permissions: string[] = moderatorPermissions, route = '/admin/reports') {
  localStorage.setItem('auth_token', 't');
  const api = stubFetch({
    'GET /api/user': { body: { ...sampleUser, permissions } },
    'GET /api/admin/templates': { body: { templates: [makeTemplate(), makeTemplate({ id: 2, kind: 'rejection', title: 'Blurry', body: 'Too blurry to see.' })] } },
    ...routes,
  });
  renderWithApp(null, { routes: [{ path: '/admin/reports', element: <ReportsPage /> }], route });
  return { api, user: userEvent.setup() };
}

/** A queue that empties once the item is resolved, as the server's does. */
function queue(groups: ReportGroupDto[]) {
  let list = groups;
  return {
    get: () => ({ body: { groups: list, total: list.length } }),
    empty: () => {
      list = [];
    },
  };
}

describe('ReportsPage', () => {
  it('shows a queue item as members see it, with every reporter and the owner’s record', async () => {
    const q = queue([makeReportGroup()]);
    setup({ 'GET /api/admin/reports': q.get });
    const card = await screen.findByRole('article', { name: 'Burnt toast' });
    expect(within(card).getByRole('img', { name: 'Burnt toast' })).toHaveAttribute('src', '/uploads/burnt.jpg');
    expect(within(card).getByText('Charcoal, really.')).toBeInTheDocument();
    expect(within(card).getByRole('link', { name: 'Gus Grill' })).toHaveAttribute('href', '/profile/40');
    expect(within(card).getByText('2 reports')).toBeInTheDocument();
    expect(within(card).getByText('3 earlier reports')).toBeInTheDocument();
    const reports = within(card).getByRole('region', { name: 'Reports' });
    expect(within(reports).getByText('Rae Report')).toBeInTheDocument();
    expect(within(reports).getByText('12 reports made, 9 upheld')).toBeInTheDocument();
    expect(within(reports).getByText('Spam or misleading')).toBeInTheDocument();
    expect(within(reports).getByText('Posted five times today')).toBeInTheDocument();
    expect(within(reports).getByText('1 report made, 0 upheld')).toBeInTheDocument();
    expect(within(reports).getByText('Offensive or harmful')).toBeInTheDocument();
    expect(within(card).getByText('@grill_gus has 1 strike on record')).toBeInTheDocument();
    expect(within(card).getByText('Stolen photo')).toBeInTheDocument();
    expect(within(card).getByRole('button', { name: 'Remove plate' })).toBeInTheDocument();
    // a moderator's default role holds no manage_appeals: no Appeals tab
    expect(screen.getAllByRole('tab').map((t) => t.textContent)).toEqual(['Pending', 'Resolved', 'Dismissed']);
  });

  it('warns from a template: the preview is the notice the member will get, the body is posted, the item leaves with a toast', async () => {
    const q = queue([makeReportGroup()]);
    const { api, user } = setup({
      'GET /api/admin/reports': q.get,
      'POST /api/admin/reports/71/resolve': () => {
        q.empty();
        return { body: { message: 'Report resolved.', resolved: 2, strike: null } };
      },
    });
    const card = await screen.findByRole('article', { name: 'Burnt toast' });
    await user.click(within(card).getByRole('button', { name: 'Warn' }));
    const dialog = await screen.findByRole('dialog', { name: 'Warn @grill_gus' });
    const preview = within(dialog).getByRole('region', { name: 'Preview' });
    expect(within(preview).getByText(`A moderator warned you: [your reason]. ${APPEAL_LINE}`)).toBeInTheDocument();
    // only the report templates are offered
    const templates = within(dialog).getByRole('combobox', { name: 'Start from a template' });
    expect(within(templates).getAllByRole('option').map((o) => o.textContent)).toEqual(['Write your own', 'Spam']);
    await user.selectOptions(templates, 'Spam');
    const reason = within(dialog).getByRole('textbox', { name: 'Reason' });
    expect(reason).toHaveValue('Posting the same plate again and again is spam.');
    await user.type(reason, ' Last warning.');
    expect(
      within(preview).getByText(`A moderator warned you: Posting the same plate again and again is spam. Last warning. ${APPEAL_LINE}`),
    ).toBeInTheDocument();
    expect(within(preview).getByText('Thanks for your report of the plate "Burnt toast". A moderator reviewed it and took action.')).toBeInTheDocument();
    expect(within(dialog).queryByRole('spinbutton')).not.toBeInTheDocument();

    await user.click(within(dialog).getByRole('button', { name: 'Send warning' }));
    expect(await screen.findByText('Report resolved')).toBeInTheDocument();
    expect(api.callsTo('POST', '/api/admin/reports/71/resolve')[0]!.body).toEqual({
      action: 'warn',
      reason: 'Posting the same plate again and again is spam. Last warning.',
    });
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(screen.queryByRole('article', { name: 'Burnt toast' })).not.toBeInTheDocument();
    expect(await screen.findByText('No reports are waiting. The community is behaving.')).toBeInTheDocument();
  });

  it('suspends for some days or until lifted, and the preview follows', async () => {
    const q = queue([makeReportGroup()]);
    const { api, user } = setup({
      'GET /api/admin/reports': q.get,
      'POST /api/admin/reports/71/resolve': { body: { message: 'Report resolved.', resolved: 2, strike: null } },
    });
    const card = await screen.findByRole('article', { name: 'Burnt toast' });
    await user.click(within(card).getByRole('button', { name: 'Suspend' }));
    const dialog = await screen.findByRole('dialog', { name: 'Suspend @grill_gus' });
    const preview = within(dialog).getByRole('region', { name: 'Preview' });
    await user.type(within(dialog).getByRole('textbox', { name: 'Reason' }), 'Repeated spam');
    const days = within(dialog).getByRole('spinbutton', { name: 'days' });
    expect(days).toHaveValue(7);
    const inAWeek = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'UTC' }).format(
      new Date(Date.now() + 7 * 24 * 60 * 60 * 1000),
    );
    expect(within(preview).getByText(`Your account is suspended until ${inAWeek}. Reason: Repeated spam. ${SUSPENSION_APPEAL_LINE}`)).toBeInTheDocument();

    await user.clear(days);
    await user.type(days, '0');
    await user.click(within(dialog).getByRole('button', { name: 'Suspend' }));
    expect(within(dialog).getByText('Days must be at least 1')).toBeInTheDocument();
    expect(api.callsTo('POST', '/api/admin/reports/71/resolve')).toHaveLength(0);

    await user.click(within(dialog).getByRole('checkbox', { name: 'Until a moderator lifts it' }));
    expect(days).toBeDisabled();
    expect(within(preview).getByText(`Your account is suspended until a moderator lifts it. Reason: Repeated spam. ${SUSPENSION_APPEAL_LINE}`)).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Suspend' }));
    await waitFor(() => expect(api.callsTo('POST', '/api/admin/reports/71/resolve')).toHaveLength(1));
    expect(api.callsTo('POST', '/api/admin/reports/71/resolve')[0]!.body).toEqual({ action: 'suspend', reason: 'Repeated spam' });
  });

  it('dismisses: a reason is required, the preview is the reporters’ message, and a refusal shows the server’s words', async () => {
    const q = queue([makeReportGroup()]);
    const { api, user } = setup({
      'GET /api/admin/reports': q.get,
      'POST /api/admin/reports/71/resolve': { status: 409, body: { message: 'This report was already handled.', code: 'CONFLICT' } },
    });
    const card = await screen.findByRole('article', { name: 'Burnt toast' });
    await user.click(within(card).getByRole('button', { name: 'Dismiss' }));
    const dialog = await screen.findByRole('dialog', { name: 'Dismiss the reports' });
    const preview = within(dialog).getByRole('region', { name: 'Preview' });
    expect(within(preview).getAllByRole('figure')).toHaveLength(1);
    expect(
      within(preview).getByText('Thanks for your report of the plate "Burnt toast". A moderator reviewed it and found no breach of the rules.'),
    ).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Dismiss' }));
    expect(within(dialog).getByText('A reason is required')).toBeInTheDocument();
    await user.type(within(dialog).getByRole('textbox', { name: 'Reason' }), 'Not spam');
    await user.click(within(dialog).getByRole('button', { name: 'Dismiss' }));
    expect(await within(dialog).findByText('This report was already handled.')).toBeInTheDocument();
    expect(api.callsTo('POST', '/api/admin/reports/71/resolve')[0]!.body).toEqual({ action: 'dismiss', reason: 'Not spam' });
    // the queue is asked again: someone else handled it
    await waitFor(() => expect(api.callsTo('GET', '/api/admin/reports').length).toBeGreaterThan(1));
    expect(api.callsTo('GET', '/api/admin/reports')[0]!.url.searchParams.get('status')).toBe('pending');
  });

  it('a profile target shows the profile and offers no Remove plate', async () => {
    const group = makeReportGroup();
    const profile = makeReportGroup({
      id: 80,
      target: { ...group.target, type: 'user', id: 40, label: '@grill_gus', post: null },
      ownerStrikes: [],
      earlierReports: 0,
    });
    setup({ 'GET /api/admin/reports': { body: { groups: [profile], total: 1 } } });
    const card = await screen.findByRole('article', { name: '@grill_gus' });
    expect(within(card).getByText('Smoke and fire.')).toBeInTheDocument();
    expect(within(card).getByText('active')).toBeInTheDocument();
    expect(within(card).getByText(/Joined/)).toBeInTheDocument();
    expect(within(card).getByText('No strikes on record.')).toBeInTheDocument();
    expect(within(card).queryByRole('button', { name: 'Remove plate' })).not.toBeInTheDocument();
    expect(within(card).getByRole('button', { name: 'Restrict' })).toBeInTheDocument();
  });

  it('a comment target quotes the comment with its plate, and removing it previews the comment notice', async () => {
    const group = makeReportGroup();
    const comment = makeReportGroup({
      id: 81,
      target: {
        ...group.target,
        type: 'comment',
        id: 55,
        label: 'the comment "You all have no taste"',
        post: null,
        comment: { text: 'You all have no taste', postId: 300, postTitle: 'Burnt toast', removed: false },
      },
      ownerStrikes: [],
      earlierReports: 0,
    });
    const { user } = setup({ 'GET /api/admin/reports': { body: { groups: [comment], total: 1 } } });
    const card = await screen.findByRole('article', { name: 'the comment "You all have no taste"' });
    expect(within(card).getByText('Comment')).toBeInTheDocument();
    expect(within(card).getByText('You all have no taste')).toBeInTheDocument();
    expect(within(card).getByRole('link', { name: 'Burnt toast' })).toHaveAttribute('href', '/posts/300#comments-section');
    await user.click(within(card).getByRole('button', { name: 'Remove comment' }));
    const dialog = await screen.findByRole('dialog');
    await user.type(within(dialog).getByRole('textbox', { name: /reason/i }), 'Be kind');
    expect(dialog).toHaveTextContent('A moderator removed your comment "You all have no taste": Be kind');
  });

  it('appeals (manage_appeals): approve with a reason, reject without one', async () => {
    let appeals = [makeAppeal(), makeAppeal({ id: 611, member: { ...makeAppeal().member, id: 45, username: 'cara_c', displayName: 'Cara' } })];
    const decided = (id: number) => () => {
      appeals = appeals.filter((a) => a.id !== id);
      return { body: { ...makeAppeal().strike, id } };
    };
    const { api, user } = setup(
      {
        'GET /api/admin/reports': { body: { groups: [], total: 0 } },
        'GET /api/admin/appeals': () => ({ body: { appeals } }),
        'POST /api/admin/appeals/610/approve': decided(610),
        'POST /api/admin/appeals/611/reject': decided(611),
      },
      [...moderatorPermissions, 'manage_appeals'],
    );
    await user.click(await screen.findByRole('tab', { name: 'Appeals' }));
    const card = await screen.findByRole('article', { name: 'Appeal by @brother_bob' });
    expect(within(card).getByText('Suspension')).toBeInTheDocument();
    expect(within(card).getByText('Harassment in chat')).toBeInTheDocument();
    expect(within(card).getByText('Your account is suspended until 10 Mar 2026. Reason: Harassment in chat')).toBeInTheDocument();
    expect(within(card).getByText('It was my brother on my phone, sorry.')).toBeInTheDocument();
    expect(within(card).getByText('Appeal pending')).toBeInTheDocument();
    expect(api.callsTo('GET', '/api/admin/appeals')[0]!.url.searchParams.get('status')).toBe('pending');

    await user.click(within(card).getByRole('button', { name: 'Approve' }));
    const dialog = await screen.findByRole('dialog', { name: 'Approve the appeal' });
    await user.type(within(dialog).getByRole('textbox', { name: 'Reason (optional)' }), 'Fair enough');
    await user.click(within(dialog).getByRole('button', { name: 'Approve' }));
    expect(await screen.findByText('Appeal approved')).toBeInTheDocument();
    expect(api.callsTo('POST', '/api/admin/appeals/610/approve')[0]!.body).toEqual({ reason: 'Fair enough' });
    await waitFor(() => expect(screen.queryByRole('article', { name: 'Appeal by @brother_bob' })).not.toBeInTheDocument());

    const other = screen.getByRole('article', { name: 'Appeal by @cara_c' });
    await user.click(within(other).getByRole('button', { name: 'Reject' }));
    await user.click(within(await screen.findByRole('dialog', { name: 'Reject the appeal' })).getByRole('button', { name: 'Reject' }));
    expect(await screen.findByText('Appeal rejected')).toBeInTheDocument();
    expect(api.callsTo('POST', '/api/admin/appeals/611/reject')[0]!.body).toEqual({});
    expect(await screen.findByText('No appeals are waiting.')).toBeInTheDocument();
  });

  it('manages reason templates: add, edit and delete', async () => {
    let templates = [makeTemplate()];
    const { api, user } = setup({
      'GET /api/admin/reports': { body: { groups: [], total: 0 } },
      'GET /api/admin/templates': () => ({ body: { templates } }),
      'POST /api/admin/templates': (req) => {
        const added = makeTemplate({ id: 5, ...(req.body as object) });
        templates = [...templates, added];
        return { status: 201, body: added };
      },
      'PUT /api/admin/templates/1': (req) => {
        templates = templates.map((t) => (t.id === 1 ? { ...t, ...(req.body as object) } : t));
        return { body: templates[0] };
      },
      'DELETE /api/admin/templates/5': () => {
        templates = templates.filter((t) => t.id !== 5);
        return { status: 204 };
      },
    });
    await user.click(await screen.findByRole('button', { name: 'Templates' }));
    const dialog = await screen.findByRole('dialog', { name: 'Reason templates' });
    const list = await within(dialog).findByRole('list', { name: 'Templates' });
    expect(within(list).getByText('Spam')).toBeInTheDocument();

    const add = within(dialog).getByRole('form', { name: 'Add a template' });
    await user.click(within(add).getByRole('button', { name: 'Add template' }));
    expect(within(add).getByText('A title is required')).toBeInTheDocument();
    await user.type(within(add).getByRole('textbox', { name: 'Title' }), 'Off topic');
    await user.type(within(add).getByRole('textbox', { name: 'Text' }), 'Plates are for food.');
    await user.click(within(add).getByRole('button', { name: 'Add template' }));
    expect(await screen.findByText('Template added')).toBeInTheDocument();
    expect(api.callsTo('POST', '/api/admin/templates')[0]!.body).toEqual({ kind: 'report', title: 'Off topic', body: 'Plates are for food.' });
    expect(await within(list).findByText('Off topic')).toBeInTheDocument();

    await user.click(within(list).getByRole('button', { name: 'Edit Spam' }));
    const edit = within(dialog).getByRole('form', { name: 'Edit “Spam”' });
    const title = within(edit).getByRole('textbox', { name: 'Title' });
    await user.clear(title);
    await user.type(title, 'Spam (repeat)');
    await user.click(within(edit).getByRole('button', { name: 'Save template' }));
    expect(await screen.findByText('Template saved')).toBeInTheDocument();
    expect(api.callsTo('PUT', '/api/admin/templates/1')[0]!.body).toEqual({
      kind: 'report',
      title: 'Spam (repeat)',
      body: 'Posting the same plate again and again is spam.',
    });

    await user.click(within(list).getByRole('button', { name: 'Delete Off topic' }));
    await user.click(within(await screen.findByRole('alertdialog', { name: 'Delete this template?' })).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Template deleted')).toBeInTheDocument();
    expect(api.callsTo('DELETE', '/api/admin/templates/5')).toHaveLength(1);
    await waitFor(() => expect(within(list).queryByText('Off topic')).not.toBeInTheDocument());
  });
});
