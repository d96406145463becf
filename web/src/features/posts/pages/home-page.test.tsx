import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { FEED_PAGE_SIZE, PAGE_DATA_ID } from '@plates/common';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { resetPageAnswers } from '../../../lib/page-data';
import { sampleUser, stubFetch } from '../../../test/fetch';
import { feedPage, makePost, signedOutReply } from '../../../test/posts';
import { renderWithApp } from '../../../test/render';
import { mergeHeadPage } from '../api/cache';
import { UploadPlateProvider } from '../hooks/use-upload-plate';
import HomePage from './home-page';

function renderHome() {
  return renderWithApp(
    <UploadPlateProvider>
      <HomePage />
    </UploadPlateProvider>,
  );
}

afterEach(() => vi.useRealTimers());

describe('HomePage feed: rating from a card', () => {
  it("gives a member stars on others' approved plates, not on their own or a pending one, and rates as the plate page does", async () => {
    localStorage.setItem('auth_token', 'tok');
    const user = userEvent.setup();
    const theirs = makePost({ id: 1, title: 'Their ramen', userRating: null });
    const api = stubFetch({
      'GET /api/user': { body: sampleUser },
      'GET /api/posts': {
        body: feedPage([
          theirs,
          makePost({ id: 2, title: 'My curry', userId: sampleUser.id }),
          makePost({ id: 3, title: 'Their pending pie', approvalStatus: 'pending' }),
        ]),
      },
      'POST /api/posts/1/rate': { body: { ...theirs, userRating: 4, ratingCount: theirs.ratingCount + 1 } },
    });
    renderHome();
    const card = await screen.findByRole('article', { name: 'Their ramen' });
    const stars = await within(card).findByRole('radiogroup', { name: 'Rate Their ramen' });
    expect(within(screen.getByRole('article', { name: 'My curry' })).queryByRole('radiogroup')).not.toBeInTheDocument();
    expect(within(screen.getByRole('article', { name: 'Their pending pie' })).queryByRole('radiogroup')).not.toBeInTheDocument();
    await user.click(within(stars).getByRole('radio', { name: '4 stars' }));
    expect(await within(card).findByText('You rated 4/5', {}, { timeout: 3000 })).toBeInTheDocument();
    expect(api.callsTo('POST', '/api/posts/1/rate').map((c) => c.body)).toEqual([{ rating: 4 }]);
    expect(await screen.findByText('Your rating has been submitted!')).toBeInTheDocument();
    localStorage.removeItem('auth_token');
  });

  it('shows a visitor no stars', async () => {
    stubFetch({ 'GET /api/user': signedOutReply, 'GET /api/posts': { body: feedPage([makePost({ id: 1, title: 'Ramen' })]) } });
    renderHome();
    expect(await screen.findByRole('article', { name: 'Ramen' })).toBeInTheDocument();
    expect(screen.queryByRole('radiogroup')).not.toBeInTheDocument();
  });
});

describe('HomePage feed', () => {
  it('shows the loading line, then the empty state', async () => {
    let answer!: () => void;
    stubFetch({
      'GET /api/user': signedOutReply,
      'GET /api/posts': () => new Promise((resolve) => (answer = () => resolve({ body: feedPage([]) }))),
    });
    renderHome();
    expect(await screen.findByText('Loading delicious plates...')).toBeInTheDocument();
    answer();
    expect(await screen.findByText('No posts available. Be the first to share your plate!')).toBeInTheDocument();
    // the way forward: a visitor's tap asks them to sign in
    await userEvent.setup().click(screen.getByRole('button', { name: 'Upload Plate' }));
    expect(await screen.findByText('Please log in to upload a plate')).toBeInTheDocument();
  });

  it('retries three times a second apart, then shows the error', async () => {
    const api = stubFetch({
      'GET /api/user': signedOutReply,
      'GET /api/posts': { status: 503, body: { message: 'Service temporarily unavailable. Please try again in a moment.', code: 'SERVICE_UNAVAILABLE' } },
    });
    renderHome();
    expect(
      await screen.findByText('Error loading posts: Service temporarily unavailable. Please try again in a moment.', {}, { timeout: 5000 }),
    ).toBeInTheDocument();
    expect(api.callsTo('GET', '/api/posts')).toHaveLength(4);
  });

  it('lists plates and loads the next page by cursor, with no floating upload button', async () => {
    const user = userEvent.setup();
    const api = stubFetch({
      'GET /api/user': signedOutReply,
      'GET /api/posts': (req) =>
        req.url.searchParams.get('cursor') === 'c2'
          ? { body: feedPage([makePost({ id: 3, title: 'Third' })]) }
          : { body: feedPage([makePost({ id: 1, title: 'First' }), makePost({ id: 2, title: 'Second' })], 'c2') },
    });
    renderHome();
    expect(await screen.findByRole('article', { name: 'First' })).toBeInTheDocument();
    expect(screen.getByRole('article', { name: 'First' }).querySelector('img')).toHaveAttribute('loading', 'eager');
    expect(screen.getByRole('article', { name: 'Second' }).querySelector('img')).toHaveAttribute('loading', 'lazy');
    await user.click(screen.getByRole('button', { name: 'Load more plates' }));
    expect(await screen.findByRole('article', { name: 'Third' })).toBeInTheDocument();
    expect(api.callsTo('GET', '/api/posts').map((c) => c.url.searchParams.get('cursor'))).toEqual([null, 'c2']);
    expect(api.callsTo('GET', '/api/posts')[0]!.url.searchParams.get('limit')).toBe('12');

    // One upload button on phones, the bottom bar's: none floats over the cards (issue 15).
    expect(screen.queryByRole('button', { name: 'Upload Plate' })).not.toBeInTheDocument();
  });

  it('shows the first page the page was served with at once, without asking for it', async () => {
    const block = Object.assign(document.createElement('script'), { type: 'application/json', id: PAGE_DATA_ID });
    block.textContent = JSON.stringify({
      viewer: null,
      answers: { '/api/user': null, [`/api/posts?limit=${FEED_PAGE_SIZE}`]: feedPage([makePost({ id: 5, title: 'Served with the page' })], 'c2') },
    });
    document.head.append(block);
    resetPageAnswers();
    const api = stubFetch({
      'GET /api/posts': { body: feedPage([makePost({ id: 6, title: 'Asked for' })]) },
    });
    renderHome();
    // On the first render, not after a round trip.
    expect(screen.getByRole('article', { name: 'Served with the page' })).toBeInTheDocument();
    expect(screen.getByRole('article', { name: 'Served with the page' }).querySelector('img')).toHaveClass('opacity-100');
    expect(api.callsTo('GET', '/api/posts')).toHaveLength(0);
    // The next page still comes by cursor.
    await userEvent.setup().click(screen.getByRole('button', { name: 'Load more plates' }));
    expect(api.callsTo('GET', '/api/posts').map((c) => c.url.searchParams.get('cursor'))).toEqual(['c2']);
  });

  it('refreshes only the first page every 10 seconds, new plates on top', async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    let fresh = false;
    const api = stubFetch({
      'GET /api/user': signedOutReply,
      'GET /api/posts': (req) => {
        if (req.url.searchParams.get('cursor') === 'c2') return { body: feedPage([makePost({ id: 3, title: 'Third' })]) };
        const page = [makePost({ id: 2, title: 'Second' }), makePost({ id: 1, title: 'First' })];
        return { body: feedPage(fresh ? [makePost({ id: 9, title: 'Brand new' }), ...page] : page, 'c2') };
      },
    });
    const user = userEvent.setup({ advanceTimers: () => {} });
    renderHome();
    await screen.findByRole('article', { name: 'First' });
    await user.click(screen.getByRole('button', { name: 'Load more plates' }));
    await screen.findByRole('article', { name: 'Third' });
    fresh = true;
    act(() => vi.advanceTimersByTime(10_000));
    expect(await screen.findByRole('article', { name: 'Brand new' })).toBeInTheDocument();
    await waitFor(() =>
      expect(screen.getAllByRole('article').map((a) => a.querySelector('h2')!.textContent)).toEqual([
        'Brand new',
        'Second',
        'First',
        'Third',
      ]),
    );
    const cursors = api.callsTo('GET', '/api/posts').map((c) => c.url.searchParams.get('cursor'));
    expect(cursors).toEqual([null, 'c2', null]);
  });
});

describe('mergeHeadPage', () => {
  const p = (id: number) => makePost({ id });
  it('puts new plates first, keeps plates pushed past the page edge, drops deleted ones', () => {
    const old = feedPage([p(5), p(4), p(3), p(2)], 'c');
    expect(mergeHeadPage(old, feedPage([p(6), p(5), p(3)], 'x'))!.posts.map((x) => x.id)).toEqual([6, 5, 3, 2]);
    expect(mergeHeadPage(old, feedPage([p(6), p(5), p(3)], 'x'))!.nextCursor).toBe('c');
    expect(mergeHeadPage(old, feedPage([p(9), p(8)], 'x'))).toBeNull();
  });
});
