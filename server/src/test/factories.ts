import { randomBytes } from 'node:crypto';
import type { App } from '../app.js';
import { postCategories, posts, userRoles, users, userVerifications, type NewPost, type NewUser, type Post, type User } from '../db/schema/index.js';
import { hashPassword } from '../lib/password.js';

export const DEFAULT_PASSWORD = 'correct-horse-battery';

let sequence = 0;
/** A unique, valid username. */
export function uniqueName(prefix = 'cook'): string {
  sequence += 1;
  return `${prefix}_${sequence}_${randomBytes(3).toString('hex')}`;
}

/** Inserts a user straight into the database: verified and active unless overridden. */
export async function makeUser(app: App, overrides: Partial<NewUser> & { plainPassword?: string } = {}): Promise<User> {
  const { plainPassword, ...values } = overrides;
  const username = values.username ?? uniqueName();
  const [user] = await app.services.database.db
    .insert(users)
    .values({
      username,
      email: `${username.toLowerCase()}@example.test`,
      password: await hashPassword(plainPassword ?? DEFAULT_PASSWORD),
      emailVerified: true,
      ...values,
    })
    .returning();
  if (!user) throw new Error('makeUser inserted nothing');
  return user;
}

/** Signs a user in through the API and answers the bearer header to send. */
export async function signIn(app: App, username: string, password = DEFAULT_PASSWORD): Promise<{ authorization: string; token: string }> {
  const res = await app.inject({ method: 'POST', url: '/api/login', payload: { username, password } });
  if (res.statusCode !== 200) throw new Error(`sign-in of ${username} failed: ${res.statusCode} ${res.body}`);
  const { token } = res.json<{ token: string }>();
  return { authorization: `Bearer ${token}`, token };
}

/**
 * Inserts a plate straight into the database: approved, by a new user unless `userId` is given,
 * with a plausible image row (three WebP renditions, square 1080x1080, a placeholder). Override
 * any column, e.g. `makePost(app, { userId: alice.id, approvalStatus: 'pending', createdAt })`;
 * `categoryIds` links cuisines (the 16 seeded ones have ids 1 to 16).
 */
export async function makePost(
  app: App,
  overrides: Partial<NewPost> & { categoryIds?: number[] } = {},
): Promise<Post> {
  const { categoryIds, ...values } = overrides;
  const userId = values.userId ?? (await makeUser(app)).id;
  const hash = randomBytes(32).toString('hex');
  const key = (width: number) => `posts/${hash}-${width}.webp`;
  const variants = [320, 640, 1080].map((width) => ({
    name: `w${width}`,
    key: key(width),
    url: `/uploads/${key(width)}`,
    width,
    height: width,
    format: 'webp',
  }));
  const db = app.services.database.db;
  const [post] = await db
    .insert(posts)
    .values({
      title: uniqueName('Plate').slice(0, 50),
      description: 'A plate made for a test',
      imageUrl: `/uploads/${key(1080)}`,
      imageKey: key(1080),
      imageWidth: 1080,
      imageHeight: 1080,
      imageAspect: 'square',
      imagePlaceholder: 'YJqGPQw7sFlslqhFafSE+Q6oJ1h2iHB2Rw==',
      imageVariants: variants,
      approvalStatus: 'approved',
      approvedAt: new Date(),
      ...values,
      userId,
    })
    .returning();
  if (!post) throw new Error('makePost inserted nothing');
  if (categoryIds && categoryIds.length > 0) {
    await db.insert(postCategories).values(categoryIds.map((categoryId) => ({ postId: post.id, categoryId })));
  }
  // As a plate written through the posts service would: visitors' shared copies of the feed go.
  app.services.posts.publicChanged();
  return post;
}

/** A user made with `makeUser` and signed in: the row and the headers to act as them. */
export async function makeSignedInUser(
  app: App,
  overrides: Parameters<typeof makeUser>[1] = {},
): Promise<{ user: User; headers: { authorization: string } }> {
  const user = await makeUser(app, overrides);
  const { authorization } = await signIn(app, user.username);
  return { user, headers: { authorization } };
}

/** Grants `user` a staff role straight in the database (the role's default permissions unless listed). */
export async function grantRole(
  app: App,
  userId: number,
  role: string,
  options: { permissions?: string[]; expiresAt?: Date } = {},
): Promise<void> {
  await app.services.database.db
    .insert(userRoles)
    .values({ userId, role, permissions: options.permissions ?? [], expiresAt: options.expiresAt ?? null });
}

/** Gives `user` an active verification badge straight in the database (as an admin's `verify` would). */
export async function verifyUser(app: App, userId: number, verifiedType: 'blue' | 'gold' | 'business' = 'blue'): Promise<void> {
  await app.services.database.db.insert(userVerifications).values({ userId, verifiedType });
}
