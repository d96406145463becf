import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { stubFetch } from '../../../test/fetch';
import { signedOutReply } from '../../../test/posts';
import { renderWithApp } from '../../../test/render';
import { makeSearchPost, makeSearchUser, searchAnswer } from '../../../test/search';
import { HeaderSearch } from './header-search';

const users = [
  makeSearchUser({ id: 1, username: 'pasta_pat', displayName: 'Pat Pasta', isAdmin: true, location: 'Naples' }),
  makeSearchUser({ id: 2, username: 'pasquale', displayName: null, location: null, bio: 'Pizza and pasta' }),
  makeSearchUser({ id: 3, username: 'paz' }),
  makeSearchUser({ id: 4, username: 'paolo' }),
  makeSearchUser({ id: 5, username: 'paula' }),
];
const posts = [1, 2, 3, 4].map((n) => makeSearchPost({ id: 40 + n, title: `Pasta number ${n}`, averageRating: 4.25 }));
const full = searchAnswer({ users, posts, userCount: 12, postCount: 7, hasMoreUsers: true, hasMorePosts: true });

function setup(answer = full, ui = <HeaderSearch />) {
  const api = stubFetch({ 'GET /api/user': signedOutReply, 'GET /api/search': { body: answer } });
  const user = userEvent.setup();
  const view = renderWithApp(ui);
  const box = screen.getByRole('combobox', { name: 'Search people and plates' });
  return { api, user, box, ...view };
}

const location = () => screen.getByTestId('location').textContent;

describe('HeaderSearch', () => {
  beforeAll(async () => {
    // the lazily loaded panel, loaded once so the tests do not race its first import
    await import('./search-dropdown');
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('is left out on the search pages, which have their own box (one search box per page)', async () => {
    stubFetch({ 'GET /api/user': signedOutReply, 'GET /api/search': { body: full } });
    for (const route of ['/search?q=pasta', '/search/advanced?q=pasta']) {
      const view = renderWithApp(<HeaderSearch />, { route, path: route.split('?')[0] });
      expect(await screen.findByTestId('location')).toBeInTheDocument();
      expect(screen.queryByRole('search', { name: 'Site search' }), route).not.toBeInTheDocument();
      expect(screen.queryByRole('button', { name: 'Search' }), route).not.toBeInTheDocument();
      view.unmount();
    }
    renderWithApp(<HeaderSearch />, { route: '/searches', path: '/searches' });
    expect(screen.getByRole('combobox', { name: 'Search people and plates' })).toBeInTheDocument();
  });

  it('searches 300 ms after the last keystroke, and only from 2 trimmed characters', async () => {
    const api = stubFetch({ 'GET /api/user': signedOutReply, 'GET /api/search': { body: full } });
    renderWithApp(<HeaderSearch />);
    const box = screen.getByRole('combobox', { name: 'Search people and plates' });
    const searches = () => api.callsTo('GET', '/api/search');
    vi.useFakeTimers();
    const type = async (value: string, wait: number) => {
      fireEvent.change(box, { target: { value } });
      await act(() => vi.advanceTimersByTimeAsync(wait));
    };

    await type(' p ', 1_000);
    expect(searches()).toHaveLength(0);
    expect(box).toHaveAttribute('aria-expanded', 'false');

    await type(' pa', 299);
    await type(' pas', 299);
    await type(' past', 299);
    expect(searches()).toHaveLength(0);
    await type(' pasta ', 299);
    expect(searches()).toHaveLength(0);
    expect(box).toHaveAttribute('aria-expanded', 'false');
    await act(() => vi.advanceTimersByTimeAsync(1));
    await act(() => vi.advanceTimersByTimeAsync(20));
    expect(searches()).toHaveLength(1);
    expect(searches()[0]!.url.searchParams.get('q')).toBe('pasta');
    expect(searches()[0]!.url.searchParams.get('tab')).toBe('all');
    expect(box).toHaveAttribute('aria-expanded', 'true');

    // back under 2 characters: the prompt, and no request
    await type('p', 1_000);
    expect(screen.getByText('Type at least 2 characters to search')).toBeInTheDocument();
    expect(searches()).toHaveLength(1);
  });

  it('shows at most 3 people and 3 plates in All, with the "See all" links and the counts', async () => {
    const { user, box, api } = setup();
    await user.type(box, 'pasta');
    const listbox = await screen.findByRole('listbox');

    const people = within(listbox).getByRole('group', { name: 'People' });
    const personOptions = within(people).getAllByRole('option');
    expect(personOptions).toHaveLength(4); // 3 people and "See all"
    expect(personOptions[0]).toHaveTextContent('Pat Pasta');
    expect(personOptions[0]).toHaveTextContent('Admin');
    expect(personOptions[0]).toHaveTextContent('@pasta_pat');
    expect(personOptions[0]).toHaveTextContent('Naples');
    expect(personOptions[0]).toHaveAttribute('href', '/profile/1');
    // no display name: the username; no photo: its first two letters; the bio when no location
    expect(personOptions[0]).toHaveAccessibleName('Pat Pasta, Admin, @pasta_pat, Naples');
    expect(personOptions[1]).toHaveTextContent('PApasquale@pasqualePizza and pasta');
    expect(personOptions[1]).toHaveAccessibleName('pasquale, @pasquale, Pizza and pasta');
    expect(within(people).getByRole('option', { name: /See all 12 people/ })).toHaveAttribute('href', '/search?q=pasta&tab=users');

    const plates = within(listbox).getByRole('group', { name: 'Plates' });
    const plateOptions = within(plates).getAllByRole('option');
    expect(plateOptions).toHaveLength(4);
    expect(plateOptions[0]).toHaveTextContent('Pasta number 1');
    expect(plateOptions[0]).toHaveTextContent('by Bo Baker');
    expect(plateOptions[0]).toHaveTextContent('4.3');
    expect(plateOptions[0]).toHaveAccessibleName('Pasta number 1, by Bo Baker, rated 4.3');
    expect(plateOptions[0]).toHaveAttribute('href', '/posts/41');
    // the smallest rendition for the thumbnail
    expect(plateOptions[0]!.querySelector('img')).toHaveAttribute('src', '/uploads/41-240.webp');
    expect(within(plates).getByRole('option', { name: /See all 7 food plates/ })).toHaveAttribute('href', '/search?q=pasta&tab=food');
    expect(within(listbox).getByRole('option', { name: /See all results in full page/ })).toHaveAttribute('href', '/search?q=pasta');

    expect(screen.getByRole('tab', { name: 'All (19)' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByRole('tab', { name: 'People (12)' })).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'Plates (7)' })).toBeInTheDocument();

    // People shows more than 3, and no plates; one request served both tabs
    await user.click(screen.getByRole('tab', { name: 'People (12)' }));
    expect(within(screen.getByRole('listbox')).queryByRole('group', { name: 'Plates' })).not.toBeInTheDocument();
    expect(within(screen.getByRole('group', { name: 'People' })).getAllByRole('option')).toHaveLength(6);
    expect(box).toHaveFocus();
    expect(api.callsTo('GET', '/api/search')).toHaveLength(1);
  });

  it('Tab cycles all, users, food while open; Enter submits with the current tab', async () => {
    const { user, box } = setup();
    await user.type(box, 'pasta');
    await screen.findByRole('listbox');
    await user.keyboard('{Tab}');
    expect(screen.getByRole('tab', { name: /People/ })).toHaveAttribute('aria-selected', 'true');
    expect(box).toHaveFocus();
    await user.keyboard('{Tab}');
    expect(screen.getByRole('tab', { name: /Plates/ })).toHaveAttribute('aria-selected', 'true');
    await user.keyboard('{Tab}');
    expect(screen.getByRole('tab', { name: /All/ })).toHaveAttribute('aria-selected', 'true');
    await user.keyboard('{Tab}{Tab}');
    expect(box).toHaveFocus();
    await user.keyboard('{Enter}');
    expect(location()).toBe('/search?q=pasta&tab=food');
    expect(box).toHaveAttribute('aria-expanded', 'false');
  });

  it('Enter before the pause still submits the trimmed text', async () => {
    const { user, box } = setup();
    await user.type(box, '  ramen {Enter}');
    expect(location()).toBe('/search?q=ramen&tab=all');
  });

  it('arrow keys highlight an option and Enter opens it', async () => {
    const { user, box } = setup();
    await user.type(box, 'pasta');
    await screen.findByRole('listbox');
    await user.keyboard('{ArrowDown}{ArrowDown}');
    const second = screen.getAllByRole('option')[1]!;
    expect(second).toHaveAttribute('aria-selected', 'true');
    expect(box).toHaveAttribute('aria-activedescendant', second.id);
    await user.keyboard('{ArrowUp}{ArrowUp}'); // wraps to the last: "See all results in full page"
    expect(screen.getByRole('option', { name: /See all results in full page/ })).toHaveAttribute('aria-selected', 'true');
    await user.keyboard('{ArrowDown}{Enter}');
    expect(location()).toBe('/profile/1');
  });

  it('Escape closes (then Tab leaves the box), and Shift+Tab moves focus back out', async () => {
    const { user, box } = setup(
      full,
      <>
        <button type="button">Before</button>
        <HeaderSearch />
        <button type="button">After</button>
      </>,
    );
    await user.type(box, 'pasta');
    await screen.findByRole('listbox');
    await user.keyboard('{Escape}');
    expect(box).toHaveAttribute('aria-expanded', 'false');
    expect(screen.queryByRole('listbox')).not.toBeInTheDocument();
    expect(box).toHaveValue('pasta');
    await user.keyboard('{Tab}');
    expect(screen.getByRole('button', { name: 'Clear search' })).toHaveFocus();
    await user.keyboard('{Tab}');
    expect(screen.getByRole('button', { name: 'After' })).toHaveFocus();

    await user.click(box); // reopens with the cached answer
    expect(await screen.findByRole('listbox')).toBeInTheDocument();
    await user.keyboard('{Shift>}{Tab}{/Shift}');
    expect(screen.getByRole('button', { name: 'Search' })).toHaveFocus(); // the phone toggle, before the box
    expect(screen.queryByRole('listbox')).not.toBeInTheDocument();
  });

  it('a click outside closes it; a click on a result goes there', async () => {
    const { user, box } = setup(full, <><p>Outside</p><HeaderSearch /></>);
    await user.type(box, 'pasta');
    await screen.findByRole('listbox');
    await user.click(screen.getByText('Outside'));
    expect(screen.queryByRole('listbox')).not.toBeInTheDocument();
    expect(box).toHaveAttribute('aria-expanded', 'false');

    await user.click(box);
    await user.click(await screen.findByRole('option', { name: /Pasta number 2/ }));
    expect(location()).toBe('/posts/42');
  });

  it('the clear button empties the box and closes the dropdown', async () => {
    const { user, box } = setup();
    await user.type(box, 'pasta');
    await screen.findByRole('listbox');
    await user.click(screen.getByRole('button', { name: 'Clear search' }));
    expect(box).toHaveValue('');
    expect(box).toHaveFocus();
    expect(screen.queryByRole('listbox')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Clear search' })).not.toBeInTheDocument();
  });

  it('says so when nothing matches, and prompts again under 2 characters', async () => {
    const { user, box } = setup(searchAnswer());
    await user.type(box, 'zzz');
    expect(await screen.findByText('No results found for "zzz"')).toBeInTheDocument();
    expect(screen.getByText('Try using different keywords or check your spelling')).toBeInTheDocument();
    await user.click(screen.getByRole('tab', { name: 'People (0)' }));
    expect(screen.getByText('No users found matching "zzz"')).toBeInTheDocument();
    await user.keyboard('{Backspace}{Backspace}');
    expect(screen.getByText('Type at least 2 characters to search')).toBeInTheDocument();
  });

  it('keeps answers 5 minutes per trimmed query', async () => {
    const { user, box, api } = setup();
    await user.type(box, 'pasta');
    await screen.findByRole('listbox');
    await user.clear(box);
    await user.type(box, ' pasta ');
    await screen.findByRole('listbox');
    await waitFor(() => expect(screen.getAllByRole('option').length).toBeGreaterThan(0));
    expect(api.callsTo('GET', '/api/search')).toHaveLength(1);
  });

  it('shows a spinner while searching', async () => {
    let answer = () => {};
    stubFetch({
      'GET /api/user': signedOutReply,
      'GET /api/search': () => new Promise((resolve) => (answer = () => resolve({ body: full }))),
    });
    const user = userEvent.setup();
    renderWithApp(<HeaderSearch />);
    await user.type(screen.getByRole('combobox'), 'pasta');
    expect(await screen.findByText('Searching for "pasta"')).toBeInTheDocument();
    answer();
    expect(await screen.findByRole('listbox')).toBeInTheDocument();
  });
  it('shows a count the server capped as "1,000+", in the tabs and the "See all" links', async () => {
    const capped = searchAnswer({ users, posts, userCount: 12, postCount: 1000, postCountCapped: true, hasMoreUsers: true, hasMorePosts: true });
    const { user, box } = setup(capped);
    await user.type(box, 'crispy');
    const listbox = await screen.findByRole('listbox');
    const plates = within(listbox).getByRole('group', { name: 'Plates' });
    expect(within(plates).getByRole('option', { name: /See all 1,000\+ food plates/ })).toHaveAttribute('href', '/search?q=crispy&tab=food');
    expect(within(listbox).getByRole('option', { name: /See all 12 people/ })).toBeInTheDocument();
    const all = screen.getByRole('tab', { name: 'All (1,012+)' });
    expect(all).toHaveTextContent('1,012+');
    expect(screen.getByRole('tab', { name: 'Plates (1,000+)' })).toHaveTextContent('1,000+');
    expect(screen.getByRole('tab', { name: 'People (12)' })).toHaveTextContent('12');
  });
});
