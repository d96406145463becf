import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { sampleUser, stubFetch } from '../../../test/fetch';
import { makePost, signedOutReply } from '../../../test/posts';
import { renderWithApp } from '../../../test/render';
import { PostTile, TILE_SIZES } from './post-tile';

function tile(post: ReturnType<typeof makePost>) {
  return renderWithApp(
    <ul>
      <PostTile post={post} />
    </ul>,
  );
}

describe('PostTile', () => {
  it('opens the plate, shows the average rating, and names both for screen readers', () => {
    stubFetch({ 'GET /api/user': signedOutReply });
    tile(makePost({ id: 7, title: 'Moussaka', averageRating: 4.25, ratingCount: 12 }));
    const link = screen.getByRole('link', { name: 'Moussaka, rated 4.3 out of 5 from 12 ratings' });
    expect(link).toHaveAttribute('href', '/posts/7');
    expect(within(link).getByText('4.3')).toBeInTheDocument();
    // a grid-sized rendition, not the feed card's
    expect(within(link).getByRole('img', { name: 'Moussaka' })).toHaveAttribute('sizes', TILE_SIZES);
  });

  it('shows no rating on an unrated plate, and says so', () => {
    stubFetch({ 'GET /api/user': signedOutReply });
    tile(makePost({ title: 'Fresh bread', averageRating: 0, ratingCount: 0 }));
    const link = screen.getByRole('link', { name: 'Fresh bread, no ratings yet' });
    expect(within(link).queryByText('0.0')).not.toBeInTheDocument();
  });

  it('marks the owner\'s plate that awaits approval, and no one else\'s', async () => {
    localStorage.setItem('auth_token', 'tok');
    stubFetch({ 'GET /api/user': { body: sampleUser } });
    const mine = makePost({ title: 'Waiting', userId: sampleUser.id, approvalStatus: 'pending', ratingCount: 0 });
    const view = tile(mine);
    expect(await screen.findByRole('link', { name: 'Waiting, no ratings yet, awaiting approval' })).toBeInTheDocument();
    view.unmount();
    tile(makePost({ title: 'Theirs', approvalStatus: 'pending', ratingCount: 0 }));
    expect(await screen.findByRole('link', { name: 'Theirs, no ratings yet' })).toBeInTheDocument();
  });
});
