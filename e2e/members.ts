import { expect, type APIRequestContext, type Page } from '@playwright/test';
import { linkFrom, waitForMail } from './mail';

export interface Member {
  username: string;
  email: string;
  password: string;
}

let count = 0;

/** Registers and verifies a member through the API and the real verification mail. */
export async function createMember(request: APIRequestContext, prefix: string): Promise<Member> {
  count += 1;
  const username = `${prefix}_${Date.now().toString(36)}${count}`;
  const member = { username, email: `${username}@example.test`, password: 'tasty-plates-123' };
  const reg = await request.post('/api/register', { data: member });
  expect(reg.status(), await reg.text()).toBe(201);
  const mail = await waitForMail(member.email, /Verify your email/);
  const token = new URL(linkFrom(mail, '/auth/verify-email?token=')).searchParams.get('token');
  const verify = await request.post('/api/auth/verify-email', { data: { token } });
  expect(verify.status()).toBe(200);
  return member;
}

export function admin(): Member {
  return JSON.parse(process.env.E2E_ADMIN!) as Member;
}

/** Signs in through the Sign In form and waits for the home feed. */
export async function signInUi(page: Page, member: Member): Promise<void> {
  await page.goto('/auth');
  const form = page.getByRole('form', { name: 'Sign in' });
  await form.getByLabel('Username').fill(member.username);
  await form.getByLabel('Password').fill(member.password);
  await form.getByRole('button', { name: 'Sign In' }).click();
  await page.waitForURL((url) => url.pathname === '/');
}
