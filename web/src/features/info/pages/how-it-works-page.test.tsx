import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { stubFetch } from '../../../test/fetch';
import { signedOutReply } from '../../../test/posts';
import { renderWithApp } from '../../../test/render';
import HowItWorksPage from './how-it-works-page';

const notWritten = { body: { page: null } };

describe('/how-it-works (built-in text)', () => {
  it('shows the points the admins set now, with a daily cap and a rule it has no words for', async () => {
    stubFetch({
      'GET /api/user': signedOutReply,
      'GET /api/content/how_it_works': notWritten,
      'GET /api/points/rules': {
        body: {
          rules: [
            { actionType: 'post_approved', description: 'Your plate was approved and published', points: 150, dailyCap: null },
            { actionType: 'rating_given', description: 'You rated a plate', points: 5, dailyCap: 25 },
            { actionType: 'streak_bonus', description: 'A week of daily plates', points: 70, dailyCap: null },
          ],
        },
      },
    });
    renderWithApp(<HowItWorksPage />);
    const table = await screen.findByRole('table', { name: 'Points per action' });
    const rows = within(table).getAllByRole('row').slice(1).map((row) => row.textContent);
    expect(rows).toEqual(['Your plate is approved+150', 'You rate someone else’s plate (up to 25 a day)+5', 'A week of daily plates+70']);
    expect(screen.getByRole('heading', { level: 2, name: 'Posting a plate' })).toBeInTheDocument();
  });

  it('says so when the points cannot be loaded, and keeps the rest of the page', async () => {
    stubFetch({
      'GET /api/user': signedOutReply,
      'GET /api/content/how_it_works': notWritten,
      'GET /api/points/rules': { status: 500, body: { message: 'Server error', code: 'INTERNAL_ERROR' } },
    });
    renderWithApp(<HowItWorksPage />);
    expect(await screen.findByText('The points could not be loaded. Please try again later.')).toBeInTheDocument();
    expect(screen.getByRole('table', { name: 'Levels and the points they need' })).toBeInTheDocument();
  });

  it('keeps the live points and levels below the text staff wrote', async () => {
    stubFetch({
      'GET /api/user': signedOutReply,
      'GET /api/content/how_it_works': { body: { page: { contentType: 'how_it_works', title: 'Our kitchen rules', content: 'Cook, share, **enjoy**.', version: 2, updatedAt: '2026-01-01T00:00:00.000Z' } } },
      'GET /api/points/rules': { body: { rules: [{ actionType: 'follow_received', description: null, points: 20, dailyCap: null }] } },
    });
    renderWithApp(<HowItWorksPage />);
    expect(await screen.findByRole('heading', { level: 1, name: 'Our kitchen rules' })).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Posting a plate' })).toBeNull();
    const table = await screen.findByRole('table', { name: 'Points per action' });
    expect(within(table).getByRole('row', { name: 'Someone follows you +20' })).toBeInTheDocument();
    expect(screen.getByRole('table', { name: 'Levels and the points they need' })).toBeInTheDocument();
  });
});
