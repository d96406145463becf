import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { stubFetch } from '../../../test/fetch';
import { makeAuthor, signedOutReply } from '../../../test/posts';
import { renderWithApp } from '../../../test/render';
import LeaderboardPage from './leaderboard-page';

describe('LeaderboardPage', () => {
  it('ranks cooks with their level and points', async () => {
    stubFetch({
      'GET /api/user': signedOutReply,
      'GET /api/leaderboard': {
        body: {
          users: [
            { ...makeAuthor({ id: 1, displayName: 'Marta', level: 6, points: 30250, isAdmin: true }), rank: 1, levelName: 'Culinary Artist' },
            { ...makeAuthor({ id: 2, displayName: 'Bo', level: 1, points: 10 }), rank: 4, levelName: 'Fresh Cook' },
          ],
          nextCursor: null,
        },
      },
    });
    renderWithApp(<LeaderboardPage />);
    const list = await screen.findByRole('list', { name: 'Cooks by points' });
    const rows = within(list).getAllByRole('listitem');
    expect(rows[0]).toHaveTextContent('Marta');
    expect(rows[0]).toHaveTextContent('Level 6 · Culinary Artist');
    expect(rows[0]).toHaveTextContent('30,250');
    expect(within(rows[0]!).getByLabelText('Rank 1')).toBeInTheDocument();
    expect(within(rows[1]!).getByLabelText('Rank 4')).toHaveTextContent('4');
  });
});
