import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { sampleUser, stubFetch } from '../../../test/fetch';
import { feedPage, makePost } from '../../../test/posts';
import { renderWithApp } from '../../../test/render';
import SavedPage from './saved-page';

describe('SavedPage', () => {
  it('lists saved plates, or says there are none', async () => {
    localStorage.setItem('auth_token', 't');
    let posts = [makePost({ title: 'Kept', isSaved: true })];
    stubFetch({ 'GET /api/user': { body: sampleUser }, 'GET /api/saved-posts': () => ({ body: feedPage(posts) }) });
    const first = renderWithApp(<SavedPage />);
    expect(screen.getByRole('heading', { name: 'Your Saved Plates' })).toBeInTheDocument();
    expect(await screen.findByRole('link', { name: /^Kept, / })).toBeInTheDocument();
    first.unmount();
    posts = [];
    renderWithApp(<SavedPage />);
    expect(await screen.findByText("You haven't saved any plates yet")).toBeInTheDocument();
  });

  it('shows the error with its message after the retries', async () => {
    localStorage.setItem('auth_token', 't');
    stubFetch({
      'GET /api/user': { body: sampleUser },
      'GET /api/saved-posts': { status: 500, body: { message: 'Server error. Our team has been notified.', code: 'INTERNAL_ERROR' } },
    });
    renderWithApp(<SavedPage />);
    expect(
      await screen.findByText('Error loading saved posts: Server error. Our team has been notified.', {}, { timeout: 5000 }),
    ).toBeInTheDocument();
  });
});
