import { and, eq, gt, isNull, or, type SQL } from 'drizzle-orm';
import { featuredPosts } from '../../db/schema/index.js';

/** Shown now: active and not past its expiry. */
export const showing = (now: Date): SQL =>
  and(eq(featuredPosts.isActive, true), or(isNull(featuredPosts.expiresAt), gt(featuredPosts.expiresAt, now)))!;
