import { PLATE_IMAGE_SIZES } from '@plates/common';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { sampleUser, stubFetch } from '../../../test/fetch';
import { makePost, signedOutReply } from '../../../test/posts';
import { renderWithApp } from '../../../test/render';
import PostPage from './post-page';

const routes = [{ path: '/posts/:postId', element: <PostPage /> }];
const noComments = { body: { comments: [], nextCursor: null } };

/** A visitor on plate 1 (`post` over makePost's defaults), which has a next plate and no comments. */
function stubPlateWithNext(post: Parameters<typeof makePost>[0] = {}) {
  return stubFetch({
    'GET /api/user': signedOutReply,
    'GET /api/posts/1': { body: makePost({ id: 1, ...post }) },
    'GET /api/posts/1/neighbors': { body: { previousId: null, nextId: 2 } },
    'GET /api/posts/1/comments': noComments,
  });
}

describe('PostPage', () => {
  it('shows Post Not Found with a way home for a missing plate and for a bad id', async () => {
    stubFetch({ 'GET /api/user': signedOutReply });
    const { unmount } = renderWithApp(null, { routes, route: '/posts/999' });
    expect(await screen.findByRole('heading', { name: 'Post Not Found' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Return to Home' })).toHaveAttribute('href', '/');
    unmount();
    renderWithApp(null, { routes, route: '/posts/abc' });
    expect(await screen.findByRole('heading', { name: 'Post Not Found' })).toBeInTheDocument();
  });

  it('shows the plate and moves to the previous and next plate with the arrow keys', async () => {
    const a = makePost({ id: 1, title: 'Ramen', description: 'Rich broth' });
    const b = makePost({ id: 2, title: 'Tacos' });
    stubFetch({
      'GET /api/user': signedOutReply,
      'GET /api/posts/1': { body: a },
      'GET /api/posts/2': { body: b },
      'GET /api/posts/1/neighbors': { body: { previousId: null, nextId: 2 } },
      'GET /api/posts/2/neighbors': { body: { previousId: 1, nextId: null } },
      'GET /api/posts/1/comments': noComments,
      'GET /api/posts/2/comments': noComments,
    });
    renderWithApp(null, { routes, route: '/posts/1' });
    expect(await screen.findByRole('heading', { level: 1, name: 'Ramen' })).toBeInTheDocument();
    expect(screen.getByText('Rich broth')).toBeInTheDocument();
    expect(screen.getByText('Log in')).toHaveAttribute('href', '/auth?returnTo=%2Fposts%2F1');
    expect(await screen.findByRole('link', { name: 'Next plate' })).toHaveAttribute('href', '/posts/2');
    expect(screen.getByRole('heading', { name: 'Navigation Tip' })).toBeInTheDocument();

    fireEvent.keyDown(window, { key: 'ArrowLeft' }); // no previous plate: nothing happens
    expect(screen.getByTestId('location')).toHaveTextContent('/posts/1');
    fireEvent.keyDown(window, { key: 'ArrowRight' });
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/posts/2'));
    expect(await screen.findByRole('heading', { level: 1, name: 'Tacos' })).toBeInTheDocument();
    await screen.findByRole('link', { name: 'Previous plate' });
    fireEvent.keyDown(window, { key: 'ArrowLeft' });
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/posts/1'));
  });

  it('ignores arrow keys typed into a field', async () => {
    localStorage.setItem('auth_token', 't');
    stubFetch({
      'GET /api/user': { body: sampleUser },
      'GET /api/posts/1': { body: makePost({ id: 1, title: 'Ramen' }) },
      'GET /api/posts/1/neighbors': { body: { previousId: 3, nextId: 2 } },
      'GET /api/posts/1/comments': noComments,
    });
    renderWithApp(null, { routes, route: '/posts/1' });
    const box = await screen.findByRole('textbox', { name: 'Add a comment' });
    await screen.findByRole('link', { name: 'Next plate' });
    fireEvent.keyDown(box, { key: 'ArrowRight' });
    expect(screen.getByTestId('location')).toHaveTextContent('/posts/1');
  });

  it('swipes 50 px or more to the next plate', async () => {
    stubPlateWithNext({ title: 'Ramen' });
    renderWithApp(null, { routes, route: '/posts/1' });
    await screen.findByRole('link', { name: 'Next plate' });
    const image = screen.getByRole('img', { name: 'Ramen' }).parentElement!.parentElement!;
    fireEvent.touchStart(image, { touches: [{ clientX: 200, clientY: 100 }] });
    fireEvent.touchEnd(image, { changedTouches: [{ clientX: 160, clientY: 100 }] });
    expect(screen.getByTestId('location')).toHaveTextContent('/posts/1');
    fireEvent.touchStart(image, { touches: [{ clientX: 200, clientY: 100 }] });
    fireEvent.touchEnd(image, { changedTouches: [{ clientX: 140, clientY: 110 }] });
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/posts/2'));
  });

  it('speaks of arrow keys to a mouse and of swiping to a touch screen, in the page above the plate', async () => {
    stubPlateWithNext({ title: 'Ramen' });
    const view = renderWithApp(null, { routes, route: '/posts/1' });
    const tip = (await screen.findByRole('heading', { name: 'Navigation Tip' })).closest('aside')!;
    expect(tip).toHaveTextContent('arrow keys');
    expect(tip).not.toHaveTextContent('wipe');
    // Before the plate in the page's order, not floating over it.
    const title = screen.getByRole('heading', { level: 1, name: 'Ramen' });
    expect(tip.compareDocumentPosition(title) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect(tip.className).not.toMatch(/\bfixed\b/);
    view.unmount();

    const coarse = vi.spyOn(window, 'matchMedia').mockImplementation(
      (query: string) => ({ matches: query === '(pointer: coarse)', media: query, addEventListener() {}, removeEventListener() {} }) as unknown as MediaQueryList,
    );
    renderWithApp(null, { routes, route: '/posts/1' });
    const onPhone = (await screen.findByRole('heading', { name: 'Navigation Tip' })).closest('aside')!;
    expect(onPhone).toHaveTextContent('swipe the photo');
    expect(onPhone).not.toHaveTextContent('arrow keys');
    coarse.mockRestore();
  });

  it('shows the photo first, asked for in the width the page shows it (the sizes of the server\'s preload)', async () => {
    stubPlateWithNext({ title: 'Ramen' });
    renderWithApp(null, { routes, route: '/posts/1' });
    const title = await screen.findByRole('heading', { level: 1, name: 'Ramen' });
    const photo = screen.getByRole('img', { name: 'Ramen' });
    expect(photo.compareDocumentPosition(title) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect(photo).toHaveAttribute('sizes', PLATE_IMAGE_SIZES);
    expect(photo).toHaveAttribute('fetchpriority', 'high');
  });

  it('shows Similar plates under the plate as photo tiles that open them, asked for after the plate', async () => {
    const api = stubFetch({
      'GET /api/user': signedOutReply,
      'GET /api/posts/1': { body: makePost({ id: 1, title: 'Ramen' }) },
      'GET /api/posts/1/neighbors': { body: { previousId: null, nextId: null } },
      'GET /api/posts/1/comments': noComments,
      'GET /api/posts/1/similar': { body: { posts: [makePost({ id: 8, title: 'Tonkotsu', ratingCount: 0 }), makePost({ id: 9, title: 'Udon', ratingCount: 0 })] } },
    });
    renderWithApp(null, { routes, route: '/posts/1' });
    const section = await screen.findByRole('region', { name: 'Similar plates' });
    expect(within(section).getAllByRole('link').map((a) => [a.getAttribute('aria-label'), a.getAttribute('href')])).toEqual([
      ['Tonkotsu, no ratings yet', '/posts/8'],
      ['Udon, no ratings yet', '/posts/9'],
    ]);
    const asked = api.calls.map((c) => c.url.pathname);
    expect(asked.indexOf('/api/posts/1/similar')).toBeGreaterThan(asked.indexOf('/api/posts/1'));
    // after the plate in the page's order
    const title = screen.getByRole('heading', { level: 1, name: 'Ramen' });
    expect(title.compareDocumentPosition(section) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
  });

  it('keeps the Navigation Tip while the neighbours are on their way, and drops it for a plate with none', async () => {
    let answer: ((neighbors: { previousId: number | null; nextId: number | null }) => void) | undefined;
    stubFetch({
      'GET /api/user': signedOutReply,
      'GET /api/posts/1': { body: makePost({ id: 1, title: 'Ramen' }) },
      'GET /api/posts/1/neighbors': () => new Promise((resolve) => (answer = (body) => resolve({ body }))),
      'GET /api/posts/1/comments': noComments,
    });
    renderWithApp(null, { routes, route: '/posts/1' });
    await screen.findByRole('heading', { level: 1, name: 'Ramen' });
    // Shown before the answer, so a plate with neighbours does not move when it comes.
    expect(screen.getByRole('heading', { name: 'Navigation Tip' })).toBeInTheDocument();
    await waitFor(() => expect(answer).toBeDefined());
    answer!({ previousId: null, nextId: null });
    await waitFor(() => expect(screen.queryByRole('heading', { name: 'Navigation Tip' })).not.toBeInTheDocument());
  });

  it('remembers "Don\'t show again" for the navigation tip', async () => {
    const user = userEvent.setup();
    stubPlateWithNext();
    renderWithApp(null, { routes, route: '/posts/1' });
    await user.click(await screen.findByRole('button', { name: "Don't show again" }));
    expect(localStorage.getItem('navigationTipDismissed')).toBe('true');
    expect(screen.queryByRole('heading', { name: 'Navigation Tip' })).not.toBeInTheDocument();
  });

  it('shows Your Rating to a signed-in viewer who is not the author, and not to the author', async () => {
    localStorage.setItem('auth_token', 't');
    stubFetch({
      'GET /api/user': { body: sampleUser },
      'GET /api/posts/1': { body: makePost({ id: 1, userRating: 4 }) },
      'GET /api/posts/2': { body: makePost({ id: 2, userId: 7, title: 'My soup' }) },
      'GET /api/posts/1/neighbors': { body: { previousId: null, nextId: null } },
      'GET /api/posts/2/neighbors': { body: { previousId: null, nextId: null } },
      'GET /api/posts/1/comments': noComments,
      'GET /api/posts/2/comments': noComments,
    });
    const { unmount } = renderWithApp(null, { routes, route: '/posts/1' });
    expect(await screen.findByText('You rated 4/5')).toBeInTheDocument();
    expect(screen.getByRole('radiogroup', { name: 'Change rating' })).toBeInTheDocument();
    unmount();
    renderWithApp(null, { routes, route: '/posts/2' });
    await screen.findByRole('heading', { level: 1, name: 'My soup' });
    await screen.findByRole('button', { name: 'More options for My soup' });
    expect(screen.queryByText('Your Rating')).not.toBeInTheDocument();
  });
});
