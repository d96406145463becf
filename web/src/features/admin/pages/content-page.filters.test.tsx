import type { ContentFilterDto } from '@plates/common';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { sampleUser, stubFetch } from '../../../test/fetch';
import { renderWithApp } from '../../../test/render';
import ContentPage from './content-page';

const filter = (overrides: Partial<ContentFilterDto> = {}): ContentFilterDto => ({
  id: 1,
  name: 'Spam words',
  filterType: 'word',
  pattern: 'spam, eggs',
  action: 'flag',
  severity: 'medium',
  appliesTo: ['titles', 'chat'],
  isActive: true,
  createdBy: 7,
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
  ...overrides,
});

const render = () => {
  localStorage.setItem('auth_token', 't');
  return renderWithApp(null, { routes: [{ path: '/admin/content', element: <ContentPage /> }], route: '/admin/content?tab=filters' });
};

describe('ContentPage: the Filters tab', () => {
  it('lists the filters with their type, pattern, action, severity and scopes', async () => {
    stubFetch({
      'GET /api/user': { body: { ...sampleUser, isAdmin: true } },
      'GET /api/admin/content-filters': {
        body: { filters: [filter(), filter({ id: 2, name: 'Pills', filterType: 'pattern', pattern: 'v[i1]agra', action: 'block', severity: 'high', appliesTo: 'all', isActive: false })] },
      },
    });
    render();
    const list = await screen.findByRole('list', { name: 'Content filters' });
    const [spam, pills] = within(list).getAllByRole('listitem');
    expect(within(spam!).getByRole('heading', { name: 'Spam words' })).toBeInTheDocument();
    expect(spam).toHaveTextContent('Words');
    expect(spam).toHaveTextContent('spam, eggs');
    expect(spam).toHaveTextContent('Flag');
    expect(spam).toHaveTextContent('Medium severity');
    expect(spam).toHaveTextContent('Applies to: Plate titles, Chat messages');
    expect(within(spam!).getByRole('switch', { name: 'Spam words active' })).toBeChecked();
    expect(pills).toHaveTextContent('Pattern');
    expect(pills).toHaveTextContent('v[i1]agra');
    expect(pills).toHaveTextContent('Block');
    expect(pills).toHaveTextContent('Inactive');
    expect(pills).toHaveTextContent('Applies to: everywhere');
    expect(within(pills!).getByRole('switch', { name: 'Pills active' })).not.toBeChecked();
    expect(screen.getByText('2 filters, 1 active.')).toBeInTheDocument();
  });

  it('shows the empty state, and the error state with a retry', async () => {
    let fail = true;
    stubFetch({
      'GET /api/user': { body: { ...sampleUser, isAdmin: true } },
      'GET /api/admin/content-filters': () =>
        fail ? { status: 500, body: { message: 'Something went wrong', code: 'INTERNAL_ERROR' } } : { body: { filters: [] } },
    });
    const user = userEvent.setup();
    render();
    expect(await screen.findByText(/Error loading content filters/)).toBeInTheDocument();
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Try Again' }));
    expect(await screen.findByText(/No content filters yet/)).toBeInTheDocument();
  });

  it('adds a filter, checking it first and showing the server’s refusal of a pattern on its field', async () => {
    let refuse = true;
    const api = stubFetch({
      'GET /api/user': { body: { ...sampleUser, isAdmin: true } },
      'GET /api/admin/content-filters': { body: { filters: [] } },
      'POST /api/admin/content-filters': (req) =>
        refuse
          ? {
              status: 400,
              body: { code: 'VALIDATION_ERROR', field: 'pattern', message: 'This pattern could take very long to match (nested or overlapping repetition).' },
            }
          : { status: 201, body: filter({ id: 3, ...(req.body as object) }) },
    });
    const user = userEvent.setup();
    render();
    await user.click(await screen.findByRole('button', { name: 'Add filter' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add filter' });
    await user.click(within(dialog).getByRole('button', { name: 'Add filter' }));
    expect(within(dialog).getByText('A name is required')).toBeInTheDocument();
    expect(within(dialog).getByText('A word or pattern is required')).toBeInTheDocument();

    await user.type(within(dialog).getByRole('textbox', { name: 'Name' }), 'Slow');
    await user.selectOptions(within(dialog).getByRole('combobox', { name: 'Type' }), 'pattern');
    await user.selectOptions(within(dialog).getByRole('combobox', { name: 'Action' }), 'block');
    await user.click(within(dialog).getByRole('textbox', { name: 'Pattern' }));
    await user.paste('(a+)+$');
    await user.click(within(dialog).getByRole('checkbox', { name: 'Everywhere members write' }));
    await user.click(within(dialog).getByRole('button', { name: 'Add filter' }));
    expect(within(dialog).getByText('Choose at least one place')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('checkbox', { name: 'Comments' }));
    await user.click(within(dialog).getByRole('checkbox', { name: 'Chat messages' }));
    await user.click(within(dialog).getByRole('button', { name: 'Add filter' }));
    const pattern = within(dialog).getByRole('textbox', { name: 'Pattern' });
    expect(await within(dialog).findByText(/could take very long to match/)).toBeInTheDocument();
    expect(pattern).toHaveAttribute('aria-invalid', 'true');

    refuse = false;
    await user.clear(pattern);
    await user.type(pattern, 'free money');
    await user.click(within(dialog).getByRole('button', { name: 'Add filter' }));
    expect(await screen.findByText('Filter added')).toBeInTheDocument();
    expect(api.callsTo('POST', '/api/admin/content-filters').at(-1)!.body).toEqual({
      name: 'Slow',
      filterType: 'pattern',
      pattern: 'free money',
      action: 'block',
      severity: 'medium',
      appliesTo: ['comments', 'chat'],
      isActive: true,
    });
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Add filter' })).not.toBeInTheDocument());
  });

  it('edits, turns off and deletes a filter (after a confirmation)', async () => {
    const api = stubFetch({
      'GET /api/user': { body: { ...sampleUser, isAdmin: true } },
      'GET /api/admin/content-filters': { body: { filters: [filter()] } },
      'PUT /api/admin/content-filters/1': (req) => ({ body: filter(req.body as object) }),
      'DELETE /api/admin/content-filters/1': { status: 204 },
    });
    const user = userEvent.setup();
    render();
    await user.click(await screen.findByRole('switch', { name: 'Spam words active' }));
    await waitFor(() => expect(api.callsTo('PUT', '/api/admin/content-filters/1')).toHaveLength(1));
    expect(api.callsTo('PUT', '/api/admin/content-filters/1')[0]!.body).toEqual({
      name: 'Spam words',
      filterType: 'word',
      pattern: 'spam, eggs',
      action: 'flag',
      severity: 'medium',
      appliesTo: ['titles', 'chat'],
      isActive: false,
    });

    await user.click(screen.getByRole('button', { name: 'Edit Spam words' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit filter' });
    expect(within(dialog).getByRole('textbox', { name: 'Words' })).toHaveValue('spam, eggs');
    expect(within(dialog).getByRole('checkbox', { name: 'Plate titles' })).toBeChecked();
    await user.selectOptions(within(dialog).getByRole('combobox', { name: 'Severity' }), 'high');
    await user.click(within(dialog).getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByText('Filter saved')).toBeInTheDocument();
    expect(api.callsTo('PUT', '/api/admin/content-filters/1').at(-1)!.body).toMatchObject({ severity: 'high', appliesTo: ['titles', 'chat'] });

    await user.click(screen.getByRole('button', { name: 'Delete Spam words' }));
    const confirm = await screen.findByRole('alertdialog', { name: 'Delete this filter?' });
    await user.click(within(confirm).getByRole('button', { name: 'Cancel' }));
    expect(api.callsTo('DELETE', '/api/admin/content-filters/1')).toHaveLength(0);
    await user.click(screen.getByRole('button', { name: 'Delete Spam words' }));
    await user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Filter deleted')).toBeInTheDocument();
    expect(api.callsTo('DELETE', '/api/admin/content-filters/1')).toHaveLength(1);
  });

  it('tries a text and highlights the matching parts', async () => {
    const api = stubFetch({
      'GET /api/user': { body: { ...sampleUser, isAdmin: true } },
      'GET /api/admin/content-filters': { body: { filters: [filter()] } },
      'POST /api/admin/content-filters/test': (req) => {
        const text = (req.body as { text: string }).text;
        return text === 'nothing here'
          ? { body: { matches: [] } }
          : {
              body: {
                matches: [
                  { filterId: 1, filterName: 'Spam words', filterType: 'word', action: 'flag', severity: 'medium', isActive: true, parts: [{ start: 4, end: 8, text: 'SPAM' }] },
                  { filterId: 2, filterName: 'Eggs', filterType: 'word', action: 'block', severity: 'high', isActive: false, parts: [{ start: 13, end: 17, text: 'eggs' }] },
                ],
              },
            };
      },
    });
    const user = userEvent.setup();
    render();
    const box = await screen.findByRole('textbox', { name: 'Sample text' });
    await user.click(screen.getByRole('button', { name: 'Check text' }));
    expect(screen.getByText('Type some text to try')).toBeInTheDocument();

    await user.type(box, 'Buy SPAM and eggs');
    await user.click(screen.getByRole('button', { name: 'Check text' }));
    const highlighted = await screen.findByTestId('highlighted');
    expect(highlighted).toHaveTextContent('Buy SPAM and eggs');
    expect([...highlighted.querySelectorAll('mark')].map((m) => m.textContent)).toEqual(['SPAM', 'eggs']);
    const matches = screen.getByRole('list', { name: 'Matching filters' });
    expect(matches).toHaveTextContent('Spam words');
    expect(matches).toHaveTextContent('matched “SPAM”');
    expect(matches).toHaveTextContent('Inactive');
    expect(api.callsTo('POST', '/api/admin/content-filters/test')[0]!.body).toEqual({ text: 'Buy SPAM and eggs' });

    await user.clear(box);
    await user.type(box, 'nothing here');
    await user.click(screen.getByRole('button', { name: 'Check text' }));
    expect(await screen.findByText('No filter matches this text.')).toBeInTheDocument();
  });
});
