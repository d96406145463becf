import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { stubFetch } from '../../../test/fetch';
import { makePost, signedOutReply } from '../../../test/posts';
import { renderWithApp } from '../../../test/render';
import { TopRatedPanel } from '../components/top-rated-panel';
import TopRatedPage from './top-rated-page';

describe('Top rated', () => {
  it('switches between Today, This Week and All Time', async () => {
    const user = userEvent.setup();
    const api = stubFetch({
      'GET /api/user': signedOutReply,
      'GET /api/top-rated': (req) =>
        req.url.searchParams.get('period') === 'week' ? { body: [makePost({ title: 'Weekly best' })] } : { body: [] },
    });
    renderWithApp(null, { routes: [{ path: '/top-rated', element: <TopRatedPage /> }], route: '/top-rated' });
    expect(await screen.findByText('No plates were rated today yet.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Browse plates' })).toHaveAttribute('href', '/');
    await user.click(screen.getByRole('tab', { name: 'This Week' }));
    expect(await screen.findByRole('article', { name: 'Weekly best' })).toBeInTheDocument();
    expect(screen.getByTestId('location')).toHaveTextContent('/top-rated?period=week');
    await user.click(screen.getByRole('tab', { name: 'All Time' }));
    expect(await screen.findByText('No rated plates yet.')).toBeInTheDocument();
    expect(api.callsTo('GET', '/api/top-rated').map((c) => c.url.searchParams.get('period'))).toEqual(['day', 'week', 'all']);
  });

  it('numbers the plates by rank: 1, 2, 3, ... in an ordered list', async () => {
    const titles = ['Katsu', 'Laksa', 'Mole', 'Pho'];
    stubFetch({
      'GET /api/user': signedOutReply,
      'GET /api/top-rated': { body: titles.map((title, i) => makePost({ id: i + 1, title })) },
    });
    renderWithApp(null, { routes: [{ path: '/top-rated', element: <TopRatedPage /> }], route: '/top-rated?period=all' });
    const list = await screen.findByRole('list', { name: 'Top rated plates, all time' });
    expect(list.tagName).toBe('OL');
    const items = [...list.children];
    expect(items).toHaveLength(4);
    items.forEach((item, i) => {
      expect(item.tagName).toBe('LI');
      expect(within(item as HTMLElement).getByRole('article', { name: titles[i] }).querySelector('header')).toHaveTextContent(
        new RegExp(`^Rank ${i + 1}`),
      );
    });
  });

  it('the panel lists today’s best with a link to the full page', async () => {
    stubFetch({ 'GET /api/user': signedOutReply, 'GET /api/top-rated': { body: [makePost({ id: 4, title: 'Katsu', averageRating: 4.66 })] } });
    renderWithApp(<TopRatedPanel />);
    expect(screen.getByRole('heading', { name: 'Top Rated Today' })).toBeInTheDocument();
    expect(await screen.findByRole('link', { name: /Katsu/ })).toHaveAttribute('href', '/posts/4');
    expect(screen.getByLabelText('Rated 4.7')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'View All Top Rated' })).toHaveAttribute('href', '/top-rated');
  });
});
