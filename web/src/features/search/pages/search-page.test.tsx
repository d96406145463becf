import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { stubFetch, type Recorded } from '../../../test/fetch';
import { signedOutReply } from '../../../test/posts';
import { renderWithApp } from '../../../test/render';
import { makeSearchPost, makeSearchUser, searchAnswer } from '../../../test/search';
import SearchPage from './search-page';

const people = Array.from({ length: 10 }, (_, i) => makeSearchUser({ id: i + 1, username: `pat_${i + 1}`, displayName: `Pat ${i + 1}` }));
const plates = Array.from({ length: 7 }, (_, i) => makeSearchPost({ id: 100 + i, title: `Pasta ${i + 1}` }));

/** The contract: tab=users or tab=food answers only that group, both counts always given. */
function answerFor(req: Recorded) {
  const tab = req.url.searchParams.get('tab');
  const page = Number(req.url.searchParams.get('page') ?? 1);
  const base = { userCount: 12, postCount: 7, page };
  if (tab === 'users') {
    const users = page === 1 ? people : [makeSearchUser({ id: 11, displayName: 'Pat 11' }), makeSearchUser({ id: 12, displayName: 'Pat 12' })];
    return { body: searchAnswer({ ...base, users, hasMoreUsers: page === 1 }) };
  }
  if (tab === 'food') return { body: searchAnswer({ ...base, posts: plates }) };
  return { body: searchAnswer({ ...base, users: people, posts: plates, hasMoreUsers: true }) };
}

function setup(route: string, search: Parameters<typeof stubFetch>[0][string] = answerFor) {
  const api = stubFetch({ 'GET /api/user': signedOutReply, 'GET /api/search': search });
  const user = userEvent.setup();
  renderWithApp(<SearchPage />, { route, path: '/search' });
  return { api, user, searches: () => api.callsTo('GET', '/api/search') };
}

const location = () => screen.getByTestId('location').textContent;

describe('SearchPage', () => {
  it('shows the counts, the tabs, people and plates, and pages a tab with Load more', async () => {
    const { user, searches } = setup('/search?q=pasta');
    expect(await screen.findByRole('heading', { name: 'Results for "pasta"' })).toBeInTheDocument();
    expect(screen.getByText('19 results')).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'All (19)' })).toHaveAttribute('aria-selected', 'true');
    expect(searches()[0]!.url.searchParams.get('tab')).toBe('all');
    expect(searches()[0]!.url.searchParams.get('q')).toBe('pasta');

    const person = within(screen.getByRole('list', { name: 'People found' })).getAllByRole('link')[0]!;
    expect(person).toHaveAttribute('href', '/profile/1');
    expect(person).toHaveTextContent('Pat 1');
    expect(person).toHaveTextContent('@pat_1');
    expect(person).toHaveTextContent('Loves slow food');
    expect(person).toHaveTextContent('Lisbon, Portugal');
    const card = within(screen.getByRole('list', { name: 'Plates found' })).getAllByRole('article')[0]!;
    expect(within(card).getByRole('link', { name: 'Pasta 1' })).toHaveAttribute('href', '/posts/100');
    expect(within(card).getByRole('link', { name: 'Bo Baker' })).toHaveAttribute('href', '/profile/11');
    expect(card).toHaveTextContent('Fresh and simple');
    expect(card).toHaveTextContent('4.3(8 ratings)');
    expect(card).toHaveTextContent('5 likes');
    expect(screen.getByRole('link', { name: 'See all 12 people' })).toHaveAttribute('href', '/search?q=pasta&tab=users');

    await user.click(screen.getByRole('tab', { name: 'People (12)' }));
    expect(location()).toBe('/search?q=pasta&tab=users');
    expect(await screen.findByRole('tab', { name: 'People (12)', selected: true })).toBeInTheDocument();
    expect(await screen.findByText('Pat 10')).toBeInTheDocument();
    expect(screen.queryByRole('list', { name: 'Plates found' })).not.toBeInTheDocument();
    expect(searches().at(-1)!.url.searchParams.get('tab')).toBe('users');

    await user.click(screen.getByRole('button', { name: 'Load more' }));
    expect(await screen.findByText('Pat 12')).toBeInTheDocument();
    expect(screen.getByText('Pat 1')).toBeInTheDocument();
    expect(searches().at(-1)!.url.searchParams.get('page')).toBe('2');
    expect(screen.queryByRole('button', { name: 'Load more' })).not.toBeInTheDocument();
  });

  it("shows a verified person's badge and a verified author's badge on their plate", async () => {
    const verified = makeSearchUser({ id: 40, username: 'gia', displayName: 'Gia', isVerified: true, verifiedType: 'gold' });
    const plate = makeSearchPost({ id: 140, title: 'Cafe toast' });
    const cafePlate = { ...plate, user: { ...plate.user, displayName: 'Cafe Uno', isVerified: true, verifiedType: 'business' as const } };
    setup('/search?q=gia', { body: searchAnswer({ userCount: 2, postCount: 1, users: [verified, people[0]!], posts: [cafePlate] }) });
    const found = await screen.findByRole('list', { name: 'People found' });
    const [gia, pat] = within(found).getAllByRole('link');
    expect(within(gia!).getByRole('img', { name: 'Verified' })).toBeInTheDocument();
    expect(within(pat!).queryByRole('img')).not.toBeInTheDocument();
    const card = within(screen.getByRole('list', { name: 'Plates found' })).getByRole('article');
    expect(within(card).getByRole('img', { name: 'Verified business' })).toBeInTheDocument();
  });

  it('shows "Searching for" while loading', async () => {
    setup('/search?q=pasta', () => new Promise(() => {}));
    expect(await screen.findByText('Searching for "pasta"…')).toBeInTheDocument();
  });

  it('empty states: nothing at all, no people, no plates', async () => {
    const none = { body: searchAnswer() };
    setup('/search?q=zzz', none);
    expect(await screen.findByText('No results found for "zzz"')).toBeInTheDocument();
    expect(screen.getByText('Try using different keywords or check your spelling')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Return to Home' })).toHaveAttribute('href', '/');
    // one empty state, not one per group
    expect(screen.queryByText(/No users found|No food plates found/)).not.toBeInTheDocument();
  });

  it('All shows only the group that found something: no empty "No users found" box above the plates', async () => {
    setup('/search?q=pasta', { body: searchAnswer({ posts: plates, postCount: 7 }) });
    expect(await screen.findByRole('list', { name: 'Plates found' })).toBeInTheDocument();
    expect(screen.queryByText('No users found matching "pasta"')).not.toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'People' })).not.toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Plates' })).toBeInTheDocument();
  });

  it('All with people and no plates shows just the people', async () => {
    setup('/search?q=pat', { body: searchAnswer({ users: people, userCount: 10 }) });
    expect(await screen.findByRole('list', { name: 'People found' })).toBeInTheDocument();
    expect(screen.queryByText('No food plates found matching "pat"')).not.toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Plates' })).not.toBeInTheDocument();
  });

  it('a tab with nothing says so', async () => {
    const onlyPlates = { body: searchAnswer({ posts: plates, postCount: 7 }) };
    const { user } = setup('/search?q=pasta&tab=users', onlyPlates);
    expect(await screen.findByText('No users found matching "pasta"')).toBeInTheDocument();
    await user.click(screen.getByRole('tab', { name: 'Plates (7)' }));
    expect(await screen.findByText('Pasta 1')).toBeInTheDocument();
  });

  it('a food tab with nothing says so', async () => {
    setup('/search?q=pat&tab=food', { body: searchAnswer({ users: people, userCount: 10 }) });
    expect(await screen.findByText('No food plates found matching "pat"')).toBeInTheDocument();
  });

  it('without a query: a prompt and no request; the form needs 2 characters', async () => {
    const { user, searches } = setup('/search');
    expect(screen.getByText('Search for people and plates')).toBeInTheDocument();
    expect(screen.getAllByText('Type at least 2 characters to search')).toHaveLength(1);
    const input = screen.getByRole('textbox', { name: 'Search term' });
    await user.click(screen.getByRole('button', { name: 'Search' }));
    expect(screen.getByRole('alert')).toHaveTextContent('Type at least 2 characters to search');
    await user.type(input, ' p {Enter}');
    expect(location()).toBe('/search');
    await user.clear(input);
    await user.type(input, ' pasta {Enter}');
    expect(location()).toBe('/search?q=pasta&tab=all');
    expect(await screen.findByRole('heading', { name: 'Results for "pasta"' })).toBeInTheDocument();
    expect(searches()).toHaveLength(1);
  });

  it('an unknown tab is named and All shows', async () => {
    const { searches } = setup('/search?q=pasta&tab=recipes');
    expect(await screen.findByRole('alert')).toHaveTextContent('“recipes” is not a search tab');
    expect(await screen.findByRole('tab', { name: 'All (19)', selected: true })).toBeInTheDocument();
    expect(searches()[0]!.url.searchParams.get('tab')).toBe('all');
  });

  it('with the filter panel open, Search goes to /search/advanced with the filters', async () => {
    const { user } = setup('/search?q=pasta');
    await user.click(screen.getByRole('button', { name: 'Filters' }));
    expect(screen.getByRole('button', { name: 'Filters' })).toHaveAttribute('aria-expanded', 'true');
    const panel = screen.getByRole('region', { name: 'Filters' });
    await user.type(within(panel).getByLabelText('Location'), 'Rome');
    await user.click(within(panel).getByRole('checkbox', { name: 'Thai' }));
    await user.click(within(panel).getByRole('checkbox', { name: 'Italian' }));
    await user.selectOptions(within(panel).getByLabelText('Sort by'), 'Highest rated');
    await user.click(screen.getByRole('button', { name: 'Search' }));
    expect(location()).toBe('/search/advanced?q=pasta&location=Rome&sortBy=rating&cuisineTypes=Italian%2CThai');
  });
  it('shows a count the server capped as "1,000+": the total, the tab and the "See all" link', async () => {
    setup('/search?q=crispy', {
      body: searchAnswer({ users: people, posts: plates, userCount: 12, postCount: 1000, postCountCapped: true, hasMoreUsers: true, hasMorePosts: true }),
    });
    expect(await screen.findByText('1,012+ results')).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'All (1,012+)' })).toHaveTextContent('1,012+');
    expect(screen.getByRole('tab', { name: 'Plates (1,000+)' })).toHaveTextContent('1,000+');
    expect(screen.getByRole('tab', { name: 'People (12)' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'See all 1,000+ food plates' })).toHaveAttribute('href', '/search?q=crispy&tab=food');
    expect(screen.getByRole('link', { name: 'See all 12 people' })).toBeInTheDocument();
  });
});
