import type { AdvancedSearchResponse, SearchPost, SearchResponse, SearchUser } from '@plates/common';

/** Search test data in the contract's shapes (common/src/schemas/search.ts). */
let nextId = 500;

export function makeSearchUser(overrides: Partial<SearchUser> = {}): SearchUser {
  const id = overrides.id ?? nextId++;
  return {
    id,
    username: `cook_${id}`,
    displayName: `Cook ${id}`,
    profileImage: null,
    bio: 'Loves slow food',
    location: 'Lisbon, Portugal',
    isAdmin: false,
    ...overrides,
  };
}

export function makeSearchPost(overrides: Partial<SearchPost> = {}): SearchPost {
  const id = overrides.id ?? nextId++;
  return {
    id,
    title: `Pasta ${id}`,
    description: 'Fresh and simple',
    imageUrl: `/uploads/${id}.webp`,
    image: {
      url: `/uploads/${id}-1080.webp`,
      width: 1080,
      height: 1080,
      aspect: 'square',
      placeholder: null,
      variants: [
        { width: 1080, url: `/uploads/${id}-1080.webp` },
        { width: 240, url: `/uploads/${id}-240.webp` },
        { width: 480, url: `/uploads/${id}-480.webp` },
      ],
      alt: null,
    },
    location: 'Rome, Italy',
    createdAt: '2025-05-01T10:00:00.000Z',
    averageRating: 4.25,
    ratingCount: 8,
    likeCount: 5,
    commentCount: 3,
    categories: ['Italian'],
    user: { id: 11, username: 'chef_bo', displayName: 'Bo Baker', profileImage: null },
    ...overrides,
  };
}

export function searchAnswer(overrides: Partial<SearchResponse> = {}): SearchResponse {
  const users = overrides.users ?? [];
  const posts = overrides.posts ?? [];
  return {
    users,
    posts,
    userCount: users.length,
    postCount: posts.length,
    page: 1,
    hasMoreUsers: false,
    hasMorePosts: false,
    ...overrides,
  };
}

export function advancedAnswer(overrides: Partial<AdvancedSearchResponse> = {}): AdvancedSearchResponse {
  const posts = overrides.posts ?? [];
  return { posts, total: posts.length, page: 1, totalPages: posts.length ? 1 : 0, hasMore: false, ...overrides };
}
