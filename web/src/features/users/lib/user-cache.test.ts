import { describe, expect, it } from 'vitest';
import { makeProfile, makeSummary } from '../../../test/users';
import { patchCachedPeople, removeFromUserList } from './user-cache';

describe('patchCachedPeople', () => {
  it('moves a profile\'s state and count by one when following starts or ends, or takes the server\'s count', () => {
    const profile = makeProfile({ followerCount: 5 });
    expect(patchCachedPeople(profile, 11, { followState: 'following' })).toMatchObject({ followState: 'following', isFollowing: true, followerCount: 6 });
    expect(patchCachedPeople(profile, 11, { followState: 'requested' })).toMatchObject({ followState: 'requested', isFollowing: false, followerCount: 5 });
    const following = makeProfile({ followState: 'following', isFollowing: true, followerCount: 5 });
    expect(patchCachedPeople(following, 11, { followState: 'none' })).toMatchObject({ followState: 'none', followerCount: 4 });
    expect(patchCachedPeople(profile, 11, { followState: 'following', followerCount: 40 })).toMatchObject({ followerCount: 40 });
    expect(patchCachedPeople(profile, 12, { followState: 'following' })).toBe(profile);
  });

  it('updates the person in suggestions and infinite lists, leaving other data as it is', () => {
    const suggestions = { users: [makeSummary({ id: 1 }), makeSummary({ id: 2, followerCount: 0 })] };
    const next = patchCachedPeople(suggestions, 2, { followState: 'following' }) as typeof suggestions;
    expect(next.users[1]).toMatchObject({ followState: 'following', followerCount: 1 });
    expect(next.users[1]).not.toHaveProperty('isFollowing');
    expect(next.users[0]).toBe(suggestions.users[0]);
    expect(patchCachedPeople(suggestions, 3, { followState: 'following' })).toBe(suggestions);

    const infinite = { pages: [{ users: [makeSummary({ id: 2 })], nextCursor: 'c' }, { users: [makeSummary({ id: 3 })], nextCursor: null }], pageParams: [null, 'c'] };
    const patched = patchCachedPeople(infinite, 3, { followState: 'requested' }) as typeof infinite;
    expect(patched.pages[1]!.users[0]!.followState).toBe('requested');
    expect(patched.pages[0]).toBe(infinite.pages[0]);

    const feed = { pages: [{ posts: [], nextCursor: null }], pageParams: [null] };
    expect(patchCachedPeople(feed, 3, { followState: 'following' })).toBe(feed);
    expect(patchCachedPeople(undefined, 3, { followState: 'following' })).toBeUndefined();
  });

  it('removeFromUserList drops an answered request', () => {
    const data = { pages: [{ users: [makeSummary({ id: 1 }), makeSummary({ id: 2 })], nextCursor: null }], pageParams: [null] };
    expect(removeFromUserList(data, 1)!.pages[0]!.users.map((u) => u.id)).toEqual([2]);
    expect(removeFromUserList(undefined, 1)).toBeUndefined();
  });
});
