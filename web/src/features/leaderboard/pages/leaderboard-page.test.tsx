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

  it("labels each progress bar with the points against the next level's threshold", async () => {
    stubFetch({
      'GET /api/user': signedOutReply,
      'GET /api/leaderboard': {
        body: {
          users: [
            { ...makeAuthor({ id: 1, displayName: 'Marta', level: 2, points: 1240 }), rank: 1, levelName: 'Kitchen Helper' },
            { ...makeAuthor({ id: 2, displayName: 'Zed', level: 10, points: 450000 }), rank: 2, levelName: 'Culinary God' },
          ],
          nextCursor: null,
        },
      },
    });
    renderWithApp(<LeaderboardPage />);
    const marta = await screen.findByRole('progressbar', { name: "Marta's progress to the next level" });
    // Level 2 starts at 1,000 and Level 3 at 2,500: 240 of 1,500 is 16 %
    expect(marta).toHaveAttribute('aria-valuetext', '1,240 / 2,500 points to Level 3');
    expect(marta).toHaveAttribute('aria-valuenow', '16');
    expect(screen.getAllByRole('listitem')[0]).toHaveTextContent('1,240 / 2,500 points to Level 3');
    const top = screen.getByRole('progressbar', { name: "Zed's progress to the next level" });
    expect(top).toHaveAttribute('aria-valuetext', '450,000 points: top level (Culinary God)');
    expect(top).toHaveAttribute('aria-valuenow', '100');
  });

  it('keeps the level pill on one line (cut, never wrapped), with the full text in its title', async () => {
    stubFetch({
      'GET /api/user': signedOutReply,
      'GET /api/leaderboard': {
        body: { users: [{ ...makeAuthor({ id: 1, displayName: 'Ana', level: 9, points: 210000 }), rank: 1, levelName: 'Kitchen Virtuoso' }], nextCursor: null },
      },
    });
    renderWithApp(<LeaderboardPage />);
    const pill = await screen.findByTitle('Level 9 · Kitchen Virtuoso');
    expect(pill).toHaveClass('whitespace-nowrap', 'truncate');
  });
});
