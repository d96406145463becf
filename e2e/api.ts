import { readFileSync } from 'node:fs';
import path from 'node:path';
import { expect, request, type APIRequestContext } from '@playwright/test';
import { admin, type Member } from './members';

const photo = readFileSync(path.join(import.meta.dirname, 'fixtures', 'coffee.jpg'));

/** An API client signed in as `member` (bearer token from POST /api/login), for setting the scene. */
export async function apiAs(member: Member): Promise<APIRequestContext> {
  const anonymous = await request.newContext({ baseURL: process.env.E2E_BASE_URL });
  const login = await anonymous.post('/api/login', { data: { username: member.username, password: member.password } });
  expect(login.status(), await login.text()).toBe(200);
  const { token } = (await login.json()) as { token: string };
  await anonymous.dispose();
  return request.newContext({
    baseURL: process.env.E2E_BASE_URL,
    extraHTTPHeaders: { authorization: `Bearer ${token}` },
  });
}

/**
 * Uploads a plate as `cook` (the coffee photo unless `image` is given) and has the admin approve it;
 * answers its id. `categoryIds`: the cuisines' ids, comma-separated.
 */
export async function approvedPlate(
  cook: Member,
  fields: { title: string; description?: string; location?: string; categoryIds?: string },
  image: Buffer = photo,
): Promise<number> {
  const api = await apiAs(cook);
  const created = await api.post('/api/posts', {
    multipart: {
      ...fields,
      image: { name: 'plate.jpg', mimeType: 'image/jpeg', buffer: image },
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  const { id } = (await created.json()) as { id: number };
  await api.dispose();
  const moderator = await apiAs(admin());
  const approved = await moderator.post(`/api/admin/posts/${id}/approve`);
  expect(approved.status(), await approved.text()).toBe(200);
  await moderator.dispose();
  return id;
}

/** The member's user id, from their session. */
export async function idOf(member: Member): Promise<number> {
  const api = await apiAs(member);
  const me = (await (await api.get('/api/user')).json()) as { id: number };
  await api.dispose();
  return me.id;
}
