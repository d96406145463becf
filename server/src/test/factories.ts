import { randomBytes } from 'node:crypto';
import type { App } from '../app.js';
import { users, type NewUser, type User } from '../db/schema/index.js';
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
