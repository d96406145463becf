import type { FeedResponse } from '@plates/common';
import { useQuery, type InfiniteData } from '@tanstack/react-query';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { sampleUser, stubFetch } from '../../../test/fetch';
import { feedPage, makeAuthor, makePost, signedOutReply } from '../../../test/posts';
import { renderWithApp } from '../../../test/render';
import { useAuth } from '../../auth';
import { postKeys } from '../api/keys';
import { PostCard } from './post-card';

function signIn(user: Partial<typeof sampleUser> & { permissions?: string[] } = {}) {
  localStorage.setItem('auth_token', 'tok');
  return { body: { ...sampleUser, ...user } };
}

describe('PostCard', () => {
  it('shows the author with verification, admin and level badges, time, rating and links', async () => {
    stubFetch({ 'GET /api/user': signedOutReply });
    const post = makePost({
      id: 5,
      title: 'Seafood Paella',
      location: 'Valencia, Spain',
      categories: [{ id: 15, name: 'Spanish' }],
      user: makeAuthor({ isAdmin: true, isVerified: true, verifiedType: 'gold', level: 6, displayName: 'Marta' }),
    });
    renderWithApp(<PostCard post={post} priority />);
    const card = screen.getByRole('article', { name: 'Seafood Paella' });
    expect(within(card).getByText('Marta')).toBeInTheDocument();
    expect(within(card).getByRole('img', { name: 'Verified' })).toBeInTheDocument();
    expect(within(card).getByText('Admin')).toBeInTheDocument();
    expect(within(card).getByText('Culinary Artist')).toBeInTheDocument();
    expect(within(card).getByText('5 minutes ago')).toBeInTheDocument();
    expect(within(card).getByRole('link', { name: 'Seafood Paella' })).toHaveAttribute('href', '/posts/5');
    expect(within(card).getByRole('link', { name: '3 comments on Seafood Paella' })).toHaveAttribute(
      'href',
      '/posts/5#comments-section',
    );
    expect(within(card).getByRole('link', { name: /Valencia, Spain/ })).toHaveAttribute(
      'href',
      '/location/Valencia%2C%20Spain',
    );
    expect(within(card).getByText('Spanish')).toBeInTheDocument();
    expect(within(card).getByLabelText('Rated 4.3 out of 5 from 8 ratings')).toBeInTheDocument();
    const img = card.querySelector('img')!;
    expect(img).toHaveAttribute('alt', 'Seafood Paella');
    expect(img).toHaveAttribute('srcset', '/uploads/5-480.webp 480w, /uploads/5-1080.webp 1080w');
    expect(img).toHaveAttribute('loading', 'eager');
    expect(img).toHaveAttribute('decoding', 'async');
    // guests get no menu
    expect(within(card).queryByRole('button', { name: /More options/ })).not.toBeInTheDocument();
  });

  it('shows the like count the search cards show, as text (no like button)', async () => {
    stubFetch({ 'GET /api/user': signedOutReply });
    const { unmount } = renderWithApp(<PostCard post={makePost({ id: 6, title: 'Ramen', likeCount: 1234 })} />);
    const card = screen.getByRole('article', { name: 'Ramen' });
    expect(card).toHaveTextContent('1234likes');
    expect(within(card).queryByRole('button', { name: /like/i })).not.toBeInTheDocument();
    unmount();
    renderWithApp(<PostCard post={makePost({ id: 7, title: 'Pho', likeCount: 1 })} />);
    expect(screen.getByRole('article', { name: 'Pho' })).toHaveTextContent('1like');
  });

  it('marks the viewer’s own pending plate, and only theirs', async () => {
    stubFetch({ 'GET /api/user': signIn() });
    const own = makePost({ title: 'Mine', userId: 7, approvalStatus: 'pending' });
    renderWithApp(<PostCard post={own} />);
    expect(await screen.findByText('Awaiting approval')).toBeInTheDocument();
  });

  it('shows owner, admin and other menus', async () => {
    const user = userEvent.setup();
    stubFetch({ 'GET /api/user': signIn() });
    const { unmount } = renderWithApp(<PostCard post={makePost({ title: 'Mine', userId: 7 })} />);
    await user.click(await screen.findByRole('button', { name: 'More options for Mine' }));
    let menu = await screen.findByRole('menu');
    expect(within(menu).getAllByRole('menuitem').map((i) => i.textContent)).toEqual(['Edit', 'Delete']);
    unmount();

    stubFetch({ 'GET /api/user': signIn({ isAdmin: true }) });
    const admin = renderWithApp(<PostCard post={makePost({ title: 'Theirs' })} />);
    await user.click(await screen.findByRole('button', { name: 'More options for Theirs' }));
    menu = await screen.findByRole('menu');
    expect(within(menu).getAllByRole('menuitem').map((i) => i.textContent)).toEqual(['Feature on home', 'Delete (Admin)', 'Report']);
    admin.unmount();

    stubFetch({ 'GET /api/user': signIn() });
    renderWithApp(<PostCard post={makePost({ title: 'Other' })} />);
    await user.click(await screen.findByRole('button', { name: 'More options for Other' }));
    menu = await screen.findByRole('menu');
    expect(within(menu).getAllByRole('menuitem').map((i) => i.textContent)).toEqual(['Report']);
  });

  it('offers holders of manage_content to feature an approved plate, on the admin’s Featured tab', async () => {
    const user = userEvent.setup();
    stubFetch({ 'GET /api/user': signIn({ permissions: ['manage_content'] }) });
    const pending = renderWithApp(<PostCard post={makePost({ title: 'Waiting', approvalStatus: 'pending' })} />);
    await user.click(await screen.findByRole('button', { name: 'More options for Waiting' }));
    expect(within(await screen.findByRole('menu')).getAllByRole('menuitem').map((i) => i.textContent)).toEqual(['Report']);
    pending.unmount();

    renderWithApp(<PostCard post={makePost({ id: 31, title: 'Shiny' })} />);
    await user.click(await screen.findByRole('button', { name: 'More options for Shiny' }));
    await user.click(within(await screen.findByRole('menu')).getByRole('menuitem', { name: 'Feature on home' }));
    expect(screen.getByTestId('location')).toHaveTextContent('/admin/content?tab=featured&plate=31');
  });

  it('deletes after the confirm, removing the plate from the feed', async () => {
    const user = userEvent.setup();
    const post = makePost({ title: 'Mine', userId: 7 });
    const api = stubFetch({ 'GET /api/user': signIn(), [`DELETE /api/posts/${post.id}`]: { body: { message: 'ok' } } });
    const { queryClient } = renderWithApp(<PostCard post={post} />);
    queryClient.setQueryData(postKeys.feed({}), { pages: [feedPage([post])], pageParams: [null] });
    await user.click(await screen.findByRole('button', { name: 'More options for Mine' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Delete' }));
    expect(await screen.findByText('Are you sure you want to delete this post?')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Post deleted successfully')).toBeInTheDocument();
    expect(api.callsTo('DELETE', `/api/posts/${post.id}`)).toHaveLength(1);
    expect(queryClient.getQueryData<{ pages: { posts: unknown[] }[] }>(postKeys.feed({}))!.pages[0]!.posts).toEqual([]);
  });

  it('saves optimistically and confirms', async () => {
    const user = userEvent.setup();
    const post = makePost({ title: 'Soup' });
    let release!: () => void;
    stubFetch({
      'GET /api/user': signIn(),
      [`POST /api/posts/${post.id}/saves`]: () =>
        new Promise((resolve) => {
          release = () => resolve({ body: { ...post, isSaved: true } });
        }),
    });
    const { queryClient } = renderWithApp(<Feed />);
    queryClient.setQueryData(postKeys.feed({}), { pages: [feedPage([post])], pageParams: [null] });
    const save = await screen.findByRole('button', { name: 'Save Soup' });
    await waitFor(() => expect(screen.getByRole('button', { name: 'Account' })).toBeInTheDocument());
    await user.click(save);
    // flipped before the server answers
    expect(screen.getByRole('button', { name: 'Saved: Soup' })).toHaveAttribute('aria-pressed', 'true');
    release();
    expect(await screen.findByText('Plate saved')).toBeInTheDocument();
  });

  it('rolls the save back with a toast when the server refuses', async () => {
    const user = userEvent.setup();
    const post = makePost({ title: 'Soup', isSaved: true });
    stubFetch({
      'GET /api/user': signIn(),
      [`DELETE /api/posts/${post.id}/saves`]: { status: 500, body: { message: 'Server error. Our team has been notified.', code: 'INTERNAL_ERROR' } },
    });
    const { queryClient } = renderWithApp(<Feed />);
    queryClient.setQueryData(postKeys.feed({}), { pages: [feedPage([post])], pageParams: [null] });
    await waitFor(() => expect(screen.getByRole('button', { name: 'Account' })).toBeInTheDocument());
    await user.click(await screen.findByRole('button', { name: 'Saved: Soup' }));
    expect(
      await screen.findByText('Failed to unsave post: Server error. Our team has been notified.'),
    ).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Saved: Soup' })).toHaveAttribute('aria-pressed', 'true');
  });

  it('asks a guest to log in to save', async () => {
    const user = userEvent.setup();
    const api = stubFetch({ 'GET /api/user': signedOutReply });
    renderWithApp(<PostCard post={makePost({ title: 'Soup' })} />);
    await waitFor(() => expect(api.calls).toHaveLength(1));
    await user.click(screen.getByRole('button', { name: 'Save Soup' }));
    expect(await screen.findByText('Please log in to save this plate')).toBeInTheDocument();
    expect(api.calls).toHaveLength(1);
  });
});


/** Cards read from the cache, as the feed does, plus a marker once the session has loaded. */
function Feed() {
  const { data } = useQuery<InfiniteData<FeedResponse>>({ queryKey: postKeys.feed({}), enabled: false });
  const { user } = useAuth();
  return (
    <>
      {user ? <button type="button">Account</button> : null}
      {data?.pages.flatMap((p) => p.posts).map((p) => <PostCard key={p.id} post={p} />)}
    </>
  );
}
