import type { AdminCommunityContentDto, AdminFeaturedDto, CommunityVersionDto } from '@plates/common';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { sampleUser, stubFetch } from '../../../test/fetch';
import { renderWithApp } from '../../../test/render';
import ContentPage from './content-page';

const featured = (overrides: Partial<AdminFeaturedDto> = {}): AdminFeaturedDto => ({
  id: 1,
  postId: 42,
  post: { title: 'Saffron risotto', imageUrl: '/uploads/r.webp', author: { id: 3, username: 'chef_bo' } },
  priority: 2,
  reason: 'Gorgeous light',
  status: 'active',
  expiresAt: null,
  featuredBy: { id: 7, username: 'chef_ana' },
  unfeaturedBy: null,
  unfeaturedAt: null,
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
  ...overrides,
});

const page = (overrides: Partial<AdminCommunityContentDto> = {}): AdminCommunityContentDto => ({
  contentType: 'guidelines',
  title: 'Guidelines',
  content: 'Be kind.',
  version: 2,
  updatedAt: '2026-01-02T00:00:00.000Z',
  lastModifiedBy: { id: 7, username: 'chef_ana' },
  ...overrides,
});

const render = (route: string) => {
  localStorage.setItem('auth_token', 't');
  const user = userEvent.setup();
  renderWithApp(null, { routes: [{ path: '/admin/content', element: <ContentPage /> }], route });
  return { user };
};

describe('ContentPage tabs', () => {
  it('shows a holder of only manage_filters only the Filters tab, whatever the address asks', async () => {
    stubFetch({ 'GET /api/user': { body: { ...sampleUser, permissions: ['manage_filters'] } }, 'GET /api/admin/content-filters': { body: { filters: [] } } });
    render('/admin/content?tab=featured');
    expect(await screen.findByRole('tab', { name: 'Filters', selected: true })).toBeInTheDocument();
    expect(screen.getAllByRole('tab').map((t) => t.textContent)).toEqual(['Filters']);
  });

  it('shows a holder of only manage_content Featured and Pages, and keeps the tab in the address', async () => {
    stubFetch({
      'GET /api/user': { body: { ...sampleUser, permissions: ['manage_content'] } },
      'GET /api/admin/featured': { body: { featured: [], nextCursor: null } },
      'GET /api/admin/community-content': { body: { pages: [] } },
    });
    const { user } = render('/admin/content');
    expect(await screen.findByRole('tab', { name: 'Featured', selected: true })).toBeInTheDocument();
    expect(screen.getAllByRole('tab').map((t) => t.textContent)).toEqual(['Featured', 'Pages']);
    expect(await screen.findByText(/No plate is featured/)).toBeInTheDocument();
    await user.click(screen.getByRole('tab', { name: 'Pages' }));
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/admin/content?tab=pages'));
  });
});

describe('ContentPage: the Featured tab', () => {
  it('features a plate from a link, lists the current ones and unfeatures one after a confirmation', async () => {
    const api = stubFetch({
      'GET /api/user': { body: { ...sampleUser, isAdmin: true } },
      'GET /api/admin/featured': (req) => ({
        body: { featured: req.url.searchParams.get('status') === 'past' ? [featured({ id: 2, status: 'expired', post: { ...featured().post, title: 'Old soup' } })] : [featured()], nextCursor: null },
      }),
      'POST /api/admin/featured': (req) => ({ status: 201, body: featured({ id: 3, postId: (req.body as { postId: number }).postId }) }),
      'POST /api/admin/featured/1/unfeature': { body: featured({ status: 'unfeatured' }) },
    });
    const { user } = render('/admin/content?tab=featured');
    const list = await screen.findByRole('list', { name: 'Featured now' });
    const item = within(list).getByRole('listitem');
    expect(within(item).getByRole('link', { name: 'Saffron risotto' })).toHaveAttribute('href', '/posts/42');
    expect(item).toHaveTextContent('Priority 2');
    expect(item).toHaveTextContent('by @chef_bo · featured by @chef_ana');
    expect(item).toHaveTextContent('Gorgeous light');

    const form = screen.getByRole('form', { name: 'Feature a plate' });
    await user.type(within(form).getByLabelText('Plate'), 'https://plates.example/users/9');
    await user.click(within(form).getByRole('button', { name: 'Feature plate' }));
    expect(await within(form).findByText('Give a plate number or a link to the plate')).toBeInTheDocument();
    await user.clear(within(form).getByLabelText('Plate'));
    await user.type(within(form).getByLabelText('Plate'), 'https://plates.example/posts/77');
    await user.clear(within(form).getByLabelText('Priority'));
    await user.type(within(form).getByLabelText('Priority'), '5');
    await user.type(within(form).getByLabelText('Reason (optional)'), 'Lovely');
    await user.click(within(form).getByRole('button', { name: 'Feature plate' }));
    await waitFor(() => expect(api.callsTo('POST', '/api/admin/featured')).toHaveLength(1));
    expect(api.callsTo('POST', '/api/admin/featured')[0]!.body).toEqual({ postId: 77, priority: 5, reason: 'Lovely', expiresAt: null });

    await user.click(within(item).getByRole('button', { name: 'Unfeature Saffron risotto' }));
    const confirm = await screen.findByRole('alertdialog', { name: 'Unfeature this plate?' });
    await user.click(within(confirm).getByRole('button', { name: 'Unfeature' }));
    await waitFor(() => expect(api.callsTo('POST', '/api/admin/featured/1/unfeature')).toHaveLength(1));

    await user.click(screen.getByRole('button', { name: 'History' }));
    const past = await screen.findByRole('list', { name: 'Featured before' });
    expect(within(past).getByRole('listitem')).toHaveTextContent('Expired');
    expect(within(past).queryByRole('button', { name: /Unfeature/ })).toBeNull();
  });

  it('takes the plate from the address (the plate menu’s Feature on home) and shows the server’s refusal on its field', async () => {
    stubFetch({
      'GET /api/user': { body: { ...sampleUser, isAdmin: true } },
      'GET /api/admin/featured': { body: { featured: [], nextCursor: null } },
      'POST /api/admin/featured': { status: 409, body: { message: 'Only approved plates that everyone can see can be featured.', code: 'CONFLICT', field: 'postId' } },
    });
    const { user } = render('/admin/content?tab=featured&plate=12');
    const form = await screen.findByRole('form', { name: 'Feature a plate' });
    expect(within(form).getByLabelText('Plate')).toHaveValue('12');
    await user.click(within(form).getByRole('button', { name: 'Feature plate' }));
    expect(await within(form).findByText('Only approved plates that everyone can see can be featured.')).toBeInTheDocument();
    expect(within(form).getByLabelText('Plate')).toHaveAttribute('aria-invalid', 'true');
  });
});

describe('ContentPage: the Pages tab', () => {
  it('previews the Markdown live and inert, saves a new version on the version edited, and restores an earlier one', async () => {
    const earlier: CommunityVersionDto = { version: 1, title: 'Rules', content: 'Old **rules**', replacedAt: '2026-01-02T00:00:00.000Z', replacedBy: { id: 7, username: 'chef_ana' } };
    const api = stubFetch({
      'GET /api/user': { body: { ...sampleUser, isAdmin: true } },
      'GET /api/admin/community-content': {
        body: { pages: [{ contentType: 'about', page: null }, { contentType: 'how_it_works', page: null }, { contentType: 'guidelines', page: page() }] },
      },
      'PUT /api/admin/community-content/guidelines': (req) => ({ body: page({ ...(req.body as object), version: 3 }) }),
      'GET /api/admin/community-content/guidelines/versions': { body: { versions: [earlier], nextCursor: null } },
      'POST /api/admin/community-content/guidelines/restore': { body: page({ version: 3, title: 'Rules' }) },
    });
    const { user } = render('/admin/content?tab=pages');
    expect(await screen.findByText('Not written yet: the page shows the built-in text below. Edit it and save to make it yours.')).toBeInTheDocument();
    // A page not written yet starts from its built-in text.
    const about = screen.getByRole('form', { name: 'Edit About' });
    expect(within(about).getByLabelText('Title')).toHaveValue('About Plates');
    expect((within(about).getByLabelText('Content (Markdown)') as HTMLTextAreaElement).value).toContain('## What you can do');
    await user.click(screen.getByRole('button', { name: 'Community guidelines' }));
    const form = await screen.findByRole('form', { name: 'Edit Community guidelines' });
    expect(within(form).getByLabelText('Title')).toHaveValue('Guidelines');
    expect(screen.getByText(/Version 2, saved/)).toBeInTheDocument();

    const content = within(form).getByLabelText('Content (Markdown)');
    await user.clear(content);
    await user.click(content);
    await user.paste('## Be kind\n\n<img src=x onerror="alert(1)"> [bad](javascript:alert(1)) **now**');
    const preview = screen.getByRole('region', { name: 'Preview' });
    await waitFor(() => expect(within(preview).getByRole('heading', { name: 'Be kind' })).toBeInTheDocument());
    expect(within(preview).getByText('now').tagName).toBe('STRONG');
    expect(preview.querySelector('img, [onerror]')).toBeNull();
    expect(within(preview).getByText('bad')).not.toHaveAttribute('href');

    await user.click(within(form).getByRole('button', { name: 'Save new version' }));
    await waitFor(() => expect(api.callsTo('PUT', '/api/admin/community-content/guidelines')).toHaveLength(1));
    expect(api.callsTo('PUT', '/api/admin/community-content/guidelines')[0]!.body).toMatchObject({ title: 'Guidelines', baseVersion: 2 });

    const versions = await screen.findByRole('region', { name: 'Earlier versions' });
    await user.click(within(versions).getByText('Version 1'));
    await user.click(within(versions).getByRole('button', { name: 'Restore version 1' }));
    const confirm = await screen.findByRole('alertdialog', { name: 'Restore version 1?' });
    await user.click(within(confirm).getByRole('button', { name: 'Restore' }));
    await waitFor(() => expect(api.callsTo('POST', '/api/admin/community-content/guidelines/restore')).toHaveLength(1));
    expect(api.callsTo('POST', '/api/admin/community-content/guidelines/restore')[0]!.body).toEqual({ version: 1 });
  });
});
