import { screen, within } from '@testing-library/react';
import { FEATURED_PATH, PAGE_DATA_ID } from '@plates/common';
import { describe, expect, it, vi } from 'vitest';
import { resetPageAnswers } from '../../../lib/page-data';
import { stubFetch } from '../../../test/fetch';
import { makePost, signedOutReply } from '../../../test/posts';
import { renderWithApp } from '../../../test/render';
import { FeaturedRow } from './featured-row';

describe('FeaturedRow', () => {
  it('shows the featured plates as a row of tiles, in the server’s order', async () => {
    stubFetch({
      'GET /api/user': signedOutReply,
      'GET /api/posts/featured': { body: { posts: [makePost({ id: 5, title: 'Paella', ratingCount: 0 }), makePost({ id: 2, title: 'Pho', ratingCount: 0 })] } },
    });
    renderWithApp(<FeaturedRow />);
    const row = await screen.findByRole('region', { name: 'Featured' });
    const list = within(row).getByRole('list', { name: 'Featured' });
    expect(within(list).getAllByRole('link').map((a) => [a.getAttribute('href'), a.getAttribute('aria-label')])).toEqual([
      ['/posts/5', 'Paella, no ratings yet'],
      ['/posts/2', 'Pho, no ratings yet'],
    ]);
  });

  it('is not there when nothing is featured, or when the row cannot be loaded', async () => {
    const api = stubFetch({ 'GET /api/user': signedOutReply, 'GET /api/posts/featured': { body: { posts: [] } } });
    const { unmount } = renderWithApp(<FeaturedRow />);
    await vi.waitFor(() => expect(api.callsTo('GET', '/api/posts/featured')).toHaveLength(1));
    expect(screen.queryByRole('region', { name: 'Featured' })).toBeNull();
    unmount();
    const failing = stubFetch({ 'GET /api/user': signedOutReply, 'GET /api/posts/featured': { status: 500, body: { message: 'Server error', code: 'INTERNAL_ERROR' } } });
    renderWithApp(<FeaturedRow />);
    await vi.waitFor(() => expect(failing.callsTo('GET', '/api/posts/featured').length).toBeGreaterThan(0));
    expect(screen.queryByRole('region', { name: 'Featured' })).toBeNull();
  });

  it('shows the plates the home page was served with on its first render, without asking', () => {
    const block = Object.assign(document.createElement('script'), { type: 'application/json', id: PAGE_DATA_ID });
    block.textContent = JSON.stringify({ viewer: null, answers: { '/api/user': null, [FEATURED_PATH]: { posts: [makePost({ id: 9, title: 'Served paella', ratingCount: 0 })] } } });
    document.head.append(block);
    resetPageAnswers();
    const api = stubFetch({ 'GET /api/user': signedOutReply, 'GET /api/posts/featured': { body: { posts: [] } } });
    renderWithApp(<FeaturedRow />);
    expect(within(screen.getByRole('region', { name: 'Featured' })).getByRole('link', { name: 'Served paella, no ratings yet' })).toBeInTheDocument();
    expect(api.callsTo('GET', '/api/posts/featured')).toHaveLength(0);
  });
});
