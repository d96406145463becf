import type { FollowState, ProfileDto, UserListResponse, UserSummary } from '@plates/common';
import type { InfiniteData, QueryClient } from '@tanstack/react-query';
import { userKeys } from '../api/keys';

/** What a follow changes on a person wherever they are cached (a profile or a row in a list). */
export interface FollowPatch {
  followState: FollowState;
  /** The server's count; without it the count moves by one when `following` starts or ends. */
  followerCount?: number;
}

type Person = Pick<ProfileDto, 'id' | 'followState' | 'followerCount'> & Partial<Pick<ProfileDto, 'isFollowing'>>;

function isPerson(value: unknown): value is Person {
  return typeof value === 'object' && value !== null && 'id' in value && 'followState' in value && 'followerCount' in value;
}

function isUserList(value: unknown): value is { users: unknown[] } {
  return typeof value === 'object' && value !== null && Array.isArray((value as { users?: unknown }).users);
}

function isInfiniteList(value: unknown): value is InfiniteData<UserListResponse> {
  return typeof value === 'object' && value !== null && Array.isArray((value as { pages?: unknown }).pages);
}

export function patchPerson<T extends Person>(person: T, patch: FollowPatch): T {
  const was = person.followState === 'following' ? 1 : 0;
  const now = patch.followState === 'following' ? 1 : 0;
  const followerCount = patch.followerCount ?? Math.max(0, person.followerCount + now - was);
  const next = { ...person, followState: patch.followState, followerCount };
  if ('isFollowing' in person) next.isFollowing = patch.followState === 'following';
  return next;
}

/**
 * Applies a follow change for `userId` to any cached shape of people: a profile, a `{users}` answer
 * (suggestions) or an infinite list (followers, following, requests). Other data is returned as is.
 */
export function patchCachedPeople(data: unknown, userId: number, patch: FollowPatch): unknown {
  if (isPerson(data) && !isUserList(data)) return data.id === userId ? patchPerson(data, patch) : data;
  if (isInfiniteList(data)) {
    let changed = false;
    const pages = data.pages.map((page) => {
      if (!isUserList(page) || !page.users.some((u) => isPerson(u) && u.id === userId)) return page;
      changed = true;
      return { ...page, users: page.users.map((u) => (u.id === userId ? patchPerson(u, patch) : u)) };
    });
    return changed ? { ...data, pages } : data;
  }
  if (isUserList(data) && data.users.some((u) => isPerson(u) && u.id === userId)) {
    return { ...data, users: data.users.map((u) => (isPerson(u) && u.id === userId ? patchPerson(u, patch) : u)) };
  }
  return data;
}

const PEOPLE_ROOTS = [userKeys.all, userKeys.suggestedAll, userKeys.followRequests] as const;

export function setFollowInCaches(queryClient: QueryClient, userId: number, patch: FollowPatch): void {
  for (const queryKey of PEOPLE_ROOTS) {
    queryClient.setQueriesData({ queryKey }, (data: unknown) => patchCachedPeople(data, userId, patch));
  }
}

/** Drops one person from an infinite list (an answered follow request). */
export function removeFromUserList(
  data: InfiniteData<UserListResponse> | undefined,
  userId: number,
): InfiniteData<UserListResponse> | undefined {
  if (!data) return data;
  return { ...data, pages: data.pages.map((p) => ({ ...p, users: p.users.filter((u: UserSummary) => u.id !== userId) })) };
}
