import type { Author, CommentDto, FeedResponse, PostDto, ReplyDto } from '@plates/common';

/** Test data in the contract's shapes (common/src/schemas/posts.ts). */
export function makeAuthor(overrides: Partial<Author> = {}): Author {
  return {
    id: 11,
    username: 'chef_bo',
    displayName: 'Bo Baker',
    profileImage: null,
    isAdmin: false,
    isVerified: false,
    verifiedType: null,
    points: 2600,
    level: 3,
    ...overrides,
  };
}

let nextId = 100;

export function makePost(overrides: Partial<PostDto> = {}): PostDto {
  const id = overrides.id ?? nextId++;
  const user = overrides.user ?? makeAuthor(overrides.userId ? { id: overrides.userId } : {});
  return {
    id,
    userId: user.id,
    title: `Plate ${id}`,
    description: 'Slow-cooked and delicious',
    location: 'Lisbon, Portugal',
    imageUrl: `/uploads/${id}.webp`,
    image: {
      url: `/uploads/${id}-1080.webp`,
      width: 1080,
      height: 1080,
      aspect: 'square',
      placeholder: null,
      variants: [
        { width: 480, url: `/uploads/${id}-480.webp` },
        { width: 1080, url: `/uploads/${id}-1080.webp` },
      ],
      alt: null,
    },
    createdAt: new Date(Date.now() - 5 * 60_000).toISOString(),
    averageRating: 4.25,
    ratingCount: 8,
    commentCount: 3,
    likeCount: 0,
    isSaved: false,
    userRating: null,
    categories: [{ id: 1, name: 'Italian' }],
    approvalStatus: 'approved',
    rejectionReason: null,
    ...overrides,
    user,
  };
}

export function feedPage(posts: PostDto[], nextCursor: string | null = null): FeedResponse {
  return { posts, nextCursor };
}

export function makeReply(overrides: Partial<ReplyDto> = {}): ReplyDto {
  return {
    id: nextId++,
    content: 'Agreed!',
    createdAt: new Date(Date.now() - 60_000).toISOString(),
    user: { id: 12, username: 'cara', displayName: 'Cara', profileImage: null, isAdmin: false },
    isHearted: false,
    heartCount: 0,
    ...overrides,
  };
}

export function makeComment(overrides: Partial<CommentDto> = {}): CommentDto {
  return {
    id: nextId++,
    comment: 'Looks amazing',
    createdAt: new Date(Date.now() - 120_000).toISOString(),
    user: { id: 13, username: 'dan', displayName: 'Dan Diner', profileImage: null, isAdmin: false },
    isHearted: false,
    heartCount: 2,
    replies: [],
    ...overrides,
  };
}

export const signedOutReply = {
  status: 401,
  body: { message: 'Please log in to continue.', code: 'UNAUTHORIZED' },
};
