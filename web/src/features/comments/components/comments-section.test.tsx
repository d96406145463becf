import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MESSAGES } from '@plates/common';
import { describe, expect, it, vi } from 'vitest';
import { sampleUser, stubFetch } from '../../../test/fetch';
import { makeComment, makePost, makeReply, signedOutReply } from '../../../test/posts';
import { renderWithApp } from '../../../test/render';
import { OPEN_REPORT_DIALOG } from '../../../lib/app-events';
import { CommentsSection } from './comments-section';

const post = makePost({ id: 1, commentCount: 2 });
const first = makeComment({ id: 31, comment: 'Looks amazing', user: { id: 13, username: 'dan', displayName: 'Dan', profileImage: null, isAdmin: false } });
const second = makeComment({
  id: 32,
  comment: 'Recipe please',
  heartCount: 1,
  user: { id: 14, username: 'eve', displayName: 'Eve', profileImage: null, isAdmin: true },
  replies: [makeReply({ id: 41, content: 'Seconded', isHearted: true, heartCount: 1 })],
});
const comments = { body: { comments: [first, second, { ...makeComment({ id: 33, comment: 'ghost' }), user: null }], nextCursor: null } };

describe('CommentsSection', () => {
  it('for a guest: disabled box with "Log in to comment", and the sign-in prompt for hearts and replies', async () => {
    const user = userEvent.setup();
    const api = stubFetch({ 'GET /api/user': signedOutReply, 'GET /api/posts/1/comments': comments });
    renderWithApp(<CommentsSection post={post} onCommented={() => undefined} />);
    expect(await screen.findByText('Looks amazing')).toBeInTheDocument();
    expect(screen.queryByText('ghost')).not.toBeInTheDocument(); // no user data: skipped
    expect(screen.getByText('Seconded')).toBeInTheDocument();
    const box = screen.getByRole('textbox', { name: 'Add a comment' });
    expect(box).toBeDisabled();
    expect(box).toHaveAttribute('placeholder', 'Log in to comment');
    expect(screen.getByRole('button', { name: 'Post' })).toBeDisabled();
    await user.click(screen.getByRole('button', { name: 'Like comment by Dan' }));
    const prompt = await screen.findByRole('dialog', { name: 'Authentication required' });
    expect(prompt).toHaveAccessibleDescription('Please log in to like comments');
    await user.keyboard('{Escape}');
    await waitFor(() => expect(prompt).not.toBeInTheDocument());
    await user.click(screen.getAllByRole('button', { name: 'Reply' })[0]!);
    expect(await screen.findByRole('dialog', { name: 'Authentication required' })).toHaveAccessibleDescription(
      'Please log in to reply to comments',
    );
    expect(api.calls.filter((c) => c.method !== 'GET')).toHaveLength(0);
  });

  it('shows the verified badge beside a verified comment author and reply author', async () => {
    const verified = makeComment({
      id: 35,
      comment: 'From a verified cook',
      user: { id: 15, username: 'gia', displayName: 'Gia', profileImage: null, isAdmin: false, isVerified: true, verifiedType: 'gold' },
      replies: [
        makeReply({ id: 43, content: 'From the cafe', user: { id: 16, username: 'cafe', displayName: 'Cafe', profileImage: null, isAdmin: false, isVerified: true, verifiedType: 'business' } }),
      ],
    });
    stubFetch({ 'GET /api/user': signedOutReply, 'GET /api/posts/1/comments': { body: { comments: [verified, first], nextCursor: null } } });
    renderWithApp(<CommentsSection post={post} onCommented={() => undefined} />);
    const gia = (await screen.findByText('Gia')).parentElement!;
    expect(within(gia).getByRole('img', { name: 'Verified' })).toBeInTheDocument();
    const cafe = screen.getByText('Cafe').parentElement!;
    expect(within(cafe).getByRole('img', { name: 'Verified business' })).toBeInTheDocument();
    // Dan is not verified: two badges on the page, no more
    expect(screen.getAllByRole('img', { name: /^Verified/ })).toHaveLength(2);
  });

  it("tells the author which of their comments and replies wait for a moderator's review", async () => {
    localStorage.setItem('auth_token', 't');
    const held = makeComment({
      id: 34,
      comment: 'My held comment',
      held: true,
      user: { id: sampleUser.id, username: sampleUser.username, displayName: null, profileImage: null, isAdmin: false },
      replies: [makeReply({ id: 42, content: 'My held reply', held: true })],
    });
    stubFetch({
      'GET /api/user': { body: sampleUser },
      'GET /api/posts/1/comments': { body: { comments: [held, first], nextCursor: null } },
    });
    renderWithApp(<CommentsSection post={post} onCommented={() => undefined} />);
    expect(await screen.findByText('My held comment')).toBeInTheDocument();
    expect(screen.getAllByText('Awaiting review')).toHaveLength(2);
    expect(within(screen.getByText('My held reply').closest('li')!).getByText('Awaiting review')).toBeInTheDocument();
    expect(screen.getAllByText(': only you can see this until a moderator reviews it.')[0]).toHaveClass('sr-only');
    const published = screen.getByText('Looks amazing').closest('li')!;
    expect(within(published).queryByText('Awaiting review')).not.toBeInTheDocument();
  });

  it("offers Report on others' comments to members only, and opens the report dialog for it", async () => {
    localStorage.setItem('auth_token', 't');
    const user = userEvent.setup();
    const mine = makeComment({
      id: 35,
      comment: 'My own words',
      user: { id: sampleUser.id, username: sampleUser.username, displayName: null, profileImage: null, isAdmin: false },
    });
    stubFetch({ 'GET /api/user': { body: sampleUser }, 'GET /api/posts/1/comments': { body: { comments: [mine, first], nextCursor: null } } });
    const opened = vi.fn();
    const listener = ((e: CustomEvent) => opened(e.detail)) as EventListener;
    window.addEventListener(OPEN_REPORT_DIALOG, listener);
    renderWithApp(<CommentsSection post={post} onCommented={() => undefined} />);
    const report = await screen.findByRole('button', { name: 'Report comment by Dan' });
    expect(screen.getAllByRole('button', { name: /^Report comment by/ })).toHaveLength(1);
    await user.click(report);
    expect(opened).toHaveBeenCalledWith({ targetType: 'comment', targetId: 31, targetLabel: 'Looks amazing' });
    window.removeEventListener(OPEN_REPORT_DIALOG, listener);
  });

  it('keeps the submit disabled for blank text, posts a comment and clears the box', async () => {
    localStorage.setItem('auth_token', 't');
    const user = userEvent.setup();
    const api = stubFetch({
      'GET /api/user': { body: sampleUser },
      'GET /api/posts/1/comments': comments,
      'POST /api/posts/1/rate': { body: { ...post, commentCount: 3 } },
    });
    const onCommented = vi.fn();
    renderWithApp(<CommentsSection post={post} onCommented={onCommented} />);
    const box = await screen.findByRole('textbox', { name: 'Add a comment' });
    await waitFor(() => expect(box).toBeEnabled());
    expect(box).toHaveAttribute('placeholder', 'Add a comment...');
    await user.type(box, '   ');
    expect(screen.getByRole('button', { name: 'Post' })).toBeDisabled();
    await user.type(box, 'Great plating');
    await user.click(screen.getByRole('button', { name: 'Post' }));
    await waitFor(() => expect(box).toHaveValue(''));
    expect(api.callsTo('POST', '/api/posts/1/rate')[0]!.body).toEqual({ comment: 'Great plating' });
    expect(onCommented).toHaveBeenCalledExactlyOnceWith({ ...post, commentCount: 3 });
  });

  it('opens one reply form at a time; cancel clears it', async () => {
    localStorage.setItem('auth_token', 't');
    const user = userEvent.setup();
    stubFetch({ 'GET /api/user': { body: sampleUser }, 'GET /api/posts/1/comments': comments });
    renderWithApp(<CommentsSection post={post} onCommented={() => undefined} />);
    await screen.findByText('Looks amazing');
    await waitFor(() => expect(screen.getByRole('textbox', { name: 'Add a comment' })).toBeEnabled());
    const [replyDan, replyEve] = screen.getAllByRole('button', { name: 'Reply' });
    await user.click(replyDan!);
    const danBox = screen.getByRole('textbox', { name: 'Reply to Dan' });
    expect(danBox).toHaveFocus();
    await user.type(danBox, 'half a thought');
    await user.click(replyEve!);
    expect(screen.queryByRole('textbox', { name: 'Reply to Dan' })).not.toBeInTheDocument();
    const eveForm = screen.getByRole('form', { name: 'Reply to Eve' });
    expect(within(eveForm).getByRole('button', { name: 'Reply' })).toBeDisabled();
    await user.click(within(eveForm).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('form', { name: 'Reply to Eve' })).not.toBeInTheDocument();
    await user.click(replyDan!);
    expect(screen.getByRole('textbox', { name: 'Reply to Dan' })).toHaveValue('');
  });

  it('hearts optimistically and posts a reply into the thread', async () => {
    localStorage.setItem('auth_token', 't');
    const user = userEvent.setup();
    const api = stubFetch({
      'GET /api/user': { body: sampleUser },
      'GET /api/posts/1/comments': comments,
      'POST /api/comments/31/hearts': { body: { isHearted: true, heartCount: 3 } },
      'DELETE /api/replies/41/hearts': { status: 500, body: { message: 'Server error. Our team has been notified.', code: 'INTERNAL_ERROR' } },
      'POST /api/comments/32/replies': { body: makeReply({ id: 42, content: 'Me too', user: { id: 7, username: 'chef_ana', displayName: 'Ana Cook', profileImage: null, isAdmin: false } }) },
    });
    renderWithApp(<CommentsSection post={post} onCommented={() => undefined} />);
    await screen.findByText('Looks amazing');
    await waitFor(() => expect(screen.getByRole('textbox', { name: 'Add a comment' })).toBeEnabled());
    await user.click(screen.getByRole('button', { name: 'Like comment by Dan' }));
    const liked = screen.getByRole('button', { name: 'Unlike comment by Dan' });
    expect(liked).toHaveAttribute('aria-pressed', 'true');
    await waitFor(() => expect(liked).toHaveTextContent('3'));
    expect(api.callsTo('POST', '/api/comments/31/hearts')).toHaveLength(1);

    // a reply the viewer had hearted: unlike fails, rolls back, toast
    await user.click(screen.getByRole('button', { name: 'Unlike reply by Cara' }));
    expect(
      await screen.findByText('Failed to unlike reply: Server error. Our team has been notified.'),
    ).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Unlike reply by Cara' })).toHaveTextContent('1');

    await user.click(screen.getAllByRole('button', { name: 'Reply' })[1]!);
    await user.type(screen.getByRole('textbox', { name: 'Reply to Eve' }), 'Me too');
    await user.click(within(screen.getByRole('form', { name: 'Reply to Eve' })).getByRole('button', { name: 'Reply' }));
    expect(await screen.findByText('Me too')).toBeInTheDocument();
    expect(screen.queryByRole('form', { name: 'Reply to Eve' })).not.toBeInTheDocument();
  });

  it('a comment or reply refused for writing too fast says so in the server\'s words and keeps the text', async () => {
    localStorage.setItem('auth_token', 't');
    const user = userEvent.setup();
    const tooFast = { status: 429, body: { message: MESSAGES.commentRateLimited, code: 'RATE_LIMITED' }, headers: { 'Retry-After': '300' } };
    stubFetch({
      'GET /api/user': { body: sampleUser },
      'GET /api/posts/1/comments': comments,
      'POST /api/posts/1/rate': tooFast,
      'POST /api/comments/32/replies': tooFast,
    });
    renderWithApp(<CommentsSection post={post} onCommented={() => undefined} />);
    const box = await screen.findByRole('textbox', { name: 'Add a comment' });
    await waitFor(() => expect(box).toBeEnabled());
    await user.type(box, 'One more thought');
    await user.click(screen.getByRole('button', { name: 'Post' }));
    expect(await screen.findByText(`Failed to post comment: ${MESSAGES.commentRateLimited}`)).toBeInTheDocument();
    expect(box).toHaveValue('One more thought');

    await user.click(screen.getAllByRole('button', { name: 'Reply' })[1]!);
    await user.type(screen.getByRole('textbox', { name: 'Reply to Eve' }), 'And another');
    await user.click(within(screen.getByRole('form', { name: 'Reply to Eve' })).getByRole('button', { name: 'Reply' }));
    expect(await screen.findByText(`Failed to post reply: ${MESSAGES.commentRateLimited}`)).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Reply to Eve' })).toHaveValue('And another');
  });

  it('shows "Failed to load comments" with Retry, and the 429 toast', async () => {
    const user = userEvent.setup();
    let fail = true;
    stubFetch({
      'GET /api/user': signedOutReply,
      'GET /api/posts/1/comments': () =>
        fail
          ? { status: 429, body: { message: 'Too many requests. Please wait a moment and try again.', code: 'RATE_LIMITED' } }
          : comments,
    });
    renderWithApp(<CommentsSection post={post} onCommented={() => undefined} />);
    expect(await screen.findByText('Failed to load comments', {}, { timeout: 4000 })).toBeInTheDocument();
    expect(screen.getByText('Error loading comments')).toBeInTheDocument();
    expect(screen.getByText('Too many requests. Please try again in a moment.')).toBeInTheDocument();
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText('Looks amazing')).toBeInTheDocument();
  });
});
