import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { stubFetch, type Recorded } from '../../../test/fetch';
import { signedOutReply } from '../../../test/posts';
import { renderWithApp } from '../../../test/render';
import { advancedAnswer, makeSearchPost } from '../../../test/search';
import AdvancedSearchPage from './advanced-search-page';

type Route = Parameters<typeof stubFetch>[0][string];

function setup(route: string, posts: Route = { body: advancedAnswer({ posts: [makeSearchPost({ id: 1, title: 'Carbonara' })] }) }) {
  const api = stubFetch({ 'GET /api/user': signedOutReply, 'GET /api/search/posts': posts });
  const user = userEvent.setup();
  renderWithApp(<AdvancedSearchPage />, { route, path: '/search/advanced' });
  return { api, user, searches: () => api.callsTo('GET', '/api/search/posts') };
}

const location = () => screen.getByTestId('location').textContent;
const paramsOf = (req: Recorded) => Object.fromEntries([...req.url.searchParams].filter(([name]) => name !== '_t'));

describe('AdvancedSearchPage', () => {
  it('sends the filters of the URL, and shows the cards', async () => {
    const { searches } = setup(
      '/search/advanced?q=pasta&location=Rome&author=bo&minRating=3.5&maxRating=4.5&dateRange=week&sortBy=rating' +
        '&cuisineTypes=Italian,Thai&hasImage=true&hasLocation=false&minComments=4&ignored=1',
    );
    const card = await screen.findByRole('article');
    expect(paramsOf(searches()[0]!)).toEqual({
      q: 'pasta',
      location: 'Rome',
      author: 'bo',
      minRating: '3.5',
      maxRating: '4.5',
      dateRange: 'week',
      sortBy: 'rating',
      cuisineTypes: 'Italian,Thai',
      hasLocation: 'false',
      minComments: '4',
      page: '1',
      limit: '12',
    });
    expect(within(card).getByRole('link', { name: 'Carbonara' })).toHaveAttribute('href', '/posts/1');
    expect(within(card).getByRole('link', { name: 'Bo Baker' })).toHaveAttribute('href', '/profile/11');
    expect(card).toHaveTextContent('Rome, Italy');
    expect(card).toHaveTextContent('4.3(8 ratings)');
    expect(card).toHaveTextContent('3 comments');
    expect(card).toHaveTextContent('5 likes');
    expect(screen.getByText('1 result')).toBeInTheDocument();
    expect(screen.getByText('Page 1 of 1')).toBeInTheDocument();
    expect(screen.getByText('Showing 1 of 1')).toBeInTheDocument();
    // location, author, rating range, cuisines, has location, minimum comments (an old link's
    // hasImage is neither sent nor counted: every plate is a photo)
    expect(screen.getByRole('button', { name: 'Filters, 6 active' })).toBeInTheDocument();
    const chips = within(screen.getByRole('list', { name: 'Active filters' })).getAllByRole('listitem');
    expect(chips.map((chip) => chip.textContent)).toEqual(['Location: Rome', 'Author: bo', 'Rating: 3.5–4.5', 'Italian', 'Thai']);
  });

  it('the active-filter count ignores the query, date range, sort order and defaults', async () => {
    setup('/search/advanced?q=pasta&dateRange=month&sortBy=newest&minRating=1&maxRating=5&minComments=0');
    await screen.findByRole('article');
    expect(screen.getByRole('button', { name: 'Filters' })).toBeInTheDocument();
    expect(screen.queryByTestId('active-filter-count')).not.toBeInTheDocument();
    expect(screen.queryByRole('list', { name: 'Active filters' })).not.toBeInTheDocument();
  });

  it('removing a chip rewrites the URL and searches again', async () => {
    const { user, searches } = setup('/search/advanced?q=pasta&location=Rome&minRating=3&cuisineTypes=Italian,Thai');
    await screen.findByRole('article');
    expect(screen.getByTestId('active-filter-count')).toHaveTextContent('3');
    await user.click(screen.getByRole('button', { name: 'Remove filter Location: Rome' }));
    expect(location()).toBe('/search/advanced?q=pasta&minRating=3&cuisineTypes=Italian%2CThai');
    await user.click(screen.getByRole('button', { name: 'Remove filter Italian' }));
    expect(location()).toBe('/search/advanced?q=pasta&minRating=3&cuisineTypes=Thai');
    await user.click(screen.getByRole('button', { name: 'Remove filter Rating: 3.0–5.0' }));
    expect(location()).toBe('/search/advanced?q=pasta&cuisineTypes=Thai');
    await waitFor(() => expect(paramsOf(searches().at(-1)!)).toEqual({ q: 'pasta', cuisineTypes: 'Thai', page: '1', limit: '12' }));
    expect(screen.getByTestId('active-filter-count')).toHaveTextContent('1');
  });

  it('Load More Results fetches the next page and appends it', async () => {
    const { user, searches } = setup('/search/advanced?q=pasta', (req) => {
      const page = Number(req.url.searchParams.get('page'));
      const posts = page === 1 ? [makeSearchPost({ title: 'First A' }), makeSearchPost({ title: 'First B' })] : [makeSearchPost({ title: 'Second A' })];
      return { body: advancedAnswer({ posts, total: 3, page, totalPages: 2, hasMore: page < 2 }) };
    });
    expect(await screen.findByText('First A')).toBeInTheDocument();
    expect(screen.getByText('3 results')).toBeInTheDocument();
    expect(screen.getByText('Page 1 of 2')).toBeInTheDocument();
    expect(screen.getByText('Showing 2 of 3')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Load More Results' }));
    expect(await screen.findByText('Second A')).toBeInTheDocument();
    expect(screen.getByText('First A')).toBeInTheDocument();
    expect(screen.getAllByRole('article')).toHaveLength(3);
    expect(screen.getByText('Page 2 of 2')).toBeInTheDocument();
    expect(screen.getByText('Showing 3 of 3')).toBeInTheDocument();
    expect(searches().map((req) => req.url.searchParams.get('page'))).toEqual(['1', '2']);
    expect(screen.queryByRole('button', { name: 'Load More Results' })).not.toBeInTheDocument();
  });

  it("shows the server's validation message, and Try Again searches again", async () => {
    let fail = true;
    const { user, searches } = setup('/search/advanced?minRating=9', () =>
      fail
        ? { status: 400, body: { message: 'Rating must be between 1 and 5', code: 'VALIDATION_ERROR', field: 'minRating' } }
        : { body: advancedAnswer({ posts: [makeSearchPost({ title: 'Recovered' })] }) },
    );
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Error loading search results');
    expect(alert).toHaveTextContent('Rating must be between 1 and 5');
    fail = false;
    await user.click(within(alert).getByRole('button', { name: 'Try Again' }));
    expect(await screen.findByText('Recovered')).toBeInTheDocument();
    expect(searches()).toHaveLength(2);
  });

  it('no results: Back to Simple Search keeps the query', async () => {
    setup('/search/advanced?q=zzz&location=Mars', { body: advancedAnswer() });
    expect(await screen.findByText('No results found')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to Simple Search' })).toHaveAttribute('href', '/search?q=zzz');
  });

  it('the drawer applies its filters to the URL; Clear Filters resets its fields', async () => {
    const { user } = setup('/search/advanced?q=pasta&author=bo');
    await screen.findByRole('article');
    await user.click(screen.getByRole('button', { name: 'Filters, 1 active' }));
    const drawer = screen.getByRole('dialog', { name: 'Advanced Search Filters' });
    expect(within(drawer).getByLabelText('Author')).toHaveValue('bo');

    await user.click(within(drawer).getByRole('button', { name: 'Clear Filters' }));
    expect(within(drawer).getByLabelText('Author')).toHaveValue('');
    await user.type(within(drawer).getByLabelText('Location'), 'Lisbon');
    await user.click(within(drawer).getByRole('checkbox', { name: 'Korean' }));
    await user.selectOptions(within(drawer).getByLabelText('Date range'), 'This week');
    expect(within(drawer).queryByLabelText('Has image')).not.toBeInTheDocument();
    await user.selectOptions(within(drawer).getByLabelText('Has location'), 'With a location');
    // the sliders: the keyboard moves a thumb by one step
    within(drawer).getByRole('slider', { name: 'Minimum rating' }).focus();
    await user.keyboard('{ArrowRight}{ArrowRight}');
    within(drawer).getByRole('slider', { name: 'Minimum comments' }).focus();
    await user.keyboard('{ArrowRight}');
    await user.click(within(drawer).getByRole('button', { name: 'Apply Filters' }));

    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(location()).toBe(
      '/search/advanced?q=pasta&location=Lisbon&minRating=1.2&dateRange=week&cuisineTypes=Korean&hasLocation=true&minComments=1',
    );
    // location, rating, cuisines, has location, minimum comments; not the date range
    expect(screen.getByRole('button', { name: 'Filters, 5 active' })).toBeInTheDocument();
  });

  it('the search box keeps the filters and needs 2 characters (or none)', async () => {
    const { user } = setup('/search/advanced?q=pasta&author=bo');
    await screen.findByRole('article');
    const input = screen.getByRole('textbox', { name: 'Search term' });
    await user.clear(input);
    await user.type(input, 'r{Enter}');
    expect(screen.getByRole('alert')).toHaveTextContent('Type at least 2 characters to search');
    expect(location()).toBe('/search/advanced?q=pasta&author=bo');
    await user.type(input, 'amen{Enter}');
    expect(location()).toBe('/search/advanced?q=ramen&author=bo');
    // a new query from the URL starts the box afresh
    const fresh = screen.getByRole('textbox', { name: 'Search term' });
    expect(fresh).toHaveValue('ramen');
    await user.clear(fresh);
    await user.type(fresh, '{Enter}');
    expect(location()).toBe('/search/advanced?author=bo');
  });
  it('shows a total the server capped as "1,000+"', async () => {
    const posts = Array.from({ length: 12 }, (_, i) => makeSearchPost({ id: i + 1, title: `Crispy ${i + 1}` }));
    setup('/search/advanced?q=crispy', { body: advancedAnswer({ posts, total: 1000, totalCapped: true, totalPages: 84, hasMore: true }) });
    expect(await screen.findByText('1,000+ results')).toBeInTheDocument();
    expect(screen.getByText('Showing 12 of 1,000+')).toBeInTheDocument();
    expect(screen.getByText('Page 1 of 84')).toBeInTheDocument();
  });
});
