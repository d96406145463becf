import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { stubFetch } from '../../../test/fetch';
import { signedOutReply } from '../../../test/posts';
import { renderWithApp } from '../../../test/render';
import { askToLogIn } from '../lib/viewer';

function setup(route = '/posts/12?from=feed#comments') {
  stubFetch({ 'GET /api/user': signedOutReply });
  renderWithApp(null, {
    route,
    routes: [
      { path: '/posts/:postId', element: <button type="button">Save</button> },
      { path: '/auth', element: <p>Sign in page</p> },
    ],
  });
  return userEvent.setup();
}

const location = () => screen.getByTestId('location').textContent;

describe('Sign-in prompt', () => {
  it('asks in the spec\'s words, with Sign In and Join Now that come back to this page', async () => {
    setup();
    act(() => askToLogIn('Please log in to save this plate'));
    const prompt = await screen.findByRole('dialog', { name: 'Authentication required' });
    expect(prompt).toHaveAccessibleDescription('Please log in to save this plate');
    const back = encodeURIComponent('/posts/12?from=feed#comments');
    expect(within(prompt).getByRole('link', { name: 'Sign In' })).toHaveAttribute('href', `/auth?returnTo=${back}`);
    expect(within(prompt).getByRole('link', { name: 'Join Now' })).toHaveAttribute('href', `/auth?tab=join&returnTo=${back}`);
    // not a toast any more
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
  });

  it('Sign In leads to /auth and the prompt goes away', async () => {
    const user = setup('/posts/12');
    act(() => askToLogIn('Please log in to rate this plate'));
    await user.click(within(await screen.findByRole('dialog')).getByRole('link', { name: 'Sign In' }));
    expect(await screen.findByText('Sign in page')).toBeInTheDocument();
    expect(location()).toBe('/auth?returnTo=%2Fposts%2F12');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('closes with Escape and gives the focus back; the next ask shows its own words', async () => {
    const user = setup('/posts/12');
    const save = screen.getByRole('button', { name: 'Save' });
    save.focus();
    act(() => askToLogIn('Please log in to save this plate'));
    const prompt = await screen.findByRole('dialog', { name: 'Authentication required' });
    await user.keyboard('{Escape}');
    await waitFor(() => expect(prompt).not.toBeInTheDocument());
    expect(save).toHaveFocus();
    expect(location()).toBe('/posts/12');
    act(() => askToLogIn('Please log in to like comments'));
    expect(await screen.findByRole('dialog', { name: 'Authentication required' })).toHaveAccessibleDescription(
      'Please log in to like comments',
    );
  });
});
