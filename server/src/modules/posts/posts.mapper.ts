import type { Category, ImageDto, PostDto } from '@plates/common';
import type { Post } from '../../db/schema/index.js';
import { toAuthor, type AuthorRow, type VerifiedType } from '../users/users.author.js';

export interface PostRow {
  post: Post;
  author: AuthorRow;
  verifiedType: VerifiedType;
  likeCount: number;
  saved: boolean;
  userRating: number | null;
}

/** URLs of the image, resolved from storage keys at read time (S3 links expire; keys do not). */
export interface ResolvedImage {
  url: string;
  variants: Array<{ width: number; url: string }>;
}

/** Mean of the stars, to two decimals; 0 when nobody rated. */
export function averageRating(sum: number, count: number): number {
  return count > 0 ? Math.round((sum / count) * 100) / 100 : 0;
}

/** The one shape a plate leaves the server in. Explicit, so no column leaks by accident. */
export function toPostDto(row: PostRow, categories: Category[], image: ResolvedImage): PostDto {
  const p = row.post;
  const imageDto: ImageDto = {
    url: image.url,
    width: p.imageWidth ?? null,
    height: p.imageHeight ?? null,
    aspect: p.imageAspect ?? null,
    placeholder: p.imagePlaceholder ?? null,
    variants: image.variants,
    alt: p.altText ?? null,
  };
  return {
    id: p.id,
    userId: p.userId,
    title: p.title,
    description: p.description ?? null,
    location: p.location ?? null,
    imageUrl: image.url,
    image: imageDto,
    createdAt: p.createdAt.toISOString(),
    averageRating: averageRating(p.ratingSum, p.ratingCount),
    ratingCount: p.ratingCount,
    commentCount: p.commentCount,
    likeCount: row.likeCount,
    isSaved: row.saved,
    userRating: row.userRating ?? null,
    categories,
    approvalStatus: p.approvalStatus,
    rejectionReason: p.rejectionReason ?? null,
    user: toAuthor(row.author, row.verifiedType),
  };
}
