import type { PostDto, SearchPost, SearchUser } from '@plates/common';
import { toBadge } from '../users/users.author.js';
import type { PersonRow } from './search.repository.js';

/** A person in search results. Explicit, so no column (an email, a setting) leaks by accident. */
export function toSearchUser(row: PersonRow): SearchUser {
  return {
    id: row.id,
    username: row.username,
    displayName: row.displayName ?? null,
    profileImage: row.profileImage ?? null,
    bio: row.bio ?? null,
    location: row.location ?? null,
    isAdmin: row.isAdmin,
    ...toBadge(row.verifiedType),
  };
}

/** A plate in search results: the card's fields of the one PostDto mapping (images resolved there). */
export function toSearchPost(post: PostDto): SearchPost {
  return {
    id: post.id,
    title: post.title,
    description: post.description,
    imageUrl: post.imageUrl,
    image: post.image,
    location: post.location,
    createdAt: post.createdAt,
    averageRating: post.averageRating,
    ratingCount: post.ratingCount,
    likeCount: post.likeCount,
    commentCount: post.commentCount,
    categories: post.categories.map((c) => c.name),
    user: {
      id: post.user.id,
      username: post.user.username,
      displayName: post.user.displayName,
      profileImage: post.user.profileImage,
      isVerified: post.user.isVerified,
      verifiedType: post.user.verifiedType,
    },
  };
}
