// A NUL character or a lone surrogate in any string of any request is refused with 400 before the
// route's schema runs. A hostile tester found ten fields where a NUL answered 500 (the database
// cannot store it) and a reject reason where a lone surrogate did.
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES } from '@plates/common';
import { photo } from '../test/media.fixtures.js';
import { buildTestApp, type TestApp } from '../test/build-test-app.js';
import { makePost, makeUser, signIn } from '../test/factories.js';
import { multipartBody } from '../test/multipart.js';
import { findUnsafeText } from './text-safety.js';

let t: TestApp;
let member: { authorization: string };
let admin: { authorization: string };
let other: { id: number };
let postId: number;

beforeAll(async () => {
  t = await buildTestApp();
  const me = await makeUser(t.app);
  member = await signIn(t.app, me.username);
  const boss = await makeUser(t.app, { isAdmin: true });
  admin = await signIn(t.app, boss.username);
  other = await makeUser(t.app);
  postId = (await makePost(t.app)).id;
});
afterAll(async () => {
  await t?.close();
});

const NUL = 'a\u0000b';
const LONE_HIGH = 'a\uD800b';
const LONE_LOW = 'a\uDC00b';

interface Case {
  name: string;
  field: string;
  /**
   * Query strings and multipart fields travel as UTF-8 bytes, where a lone surrogate has no
   * spelling (a browser or fetch sends U+FFFD instead): only JSON's `\\uD800` escape carries one.
   */
  nulOnly?: boolean;
  request: (bad: string) => Promise<InjectOptions>;
}

const json = (method: InjectOptions['method'], url: string, payload: Record<string, unknown>, who?: { authorization: string }): InjectOptions => ({
  method,
  url,
  payload,
  ...(who ? { headers: { authorization: who.authorization } } : {}),
});

async function form(method: InjectOptions['method'], url: string, fields: Record<string, string>, who: { authorization: string }, image = false): Promise<InjectOptions> {
  const parts: Array<[string, string | { bytes: Buffer; filename: string; type: string }]> = Object.entries(fields);
  if (image) parts.push(['image', { bytes: photo('coffee'), filename: 'coffee.png', type: 'image/png' }]);
  const body = await multipartBody(parts);
  return { method, url, payload: body.payload, headers: { ...body.headers, authorization: who.authorization } };
}

// The fields the hostile tester named, each through its own route.
const CASES: Case[] = [
  {
    name: 'display name at sign-up',
    field: 'displayName',
    request: async (bad) => json('POST', '/api/register', { username: 'nul_tester', email: 'nul@example.test', password: 'secret-123', displayName: bad }),
  },
  { name: 'plate title (multipart)', field: 'title', nulOnly: true, request: (bad) => form('POST', '/api/posts', { title: bad, description: 'ok' }, member, true) },
  { name: 'feed location filter', field: 'location', nulOnly: true, request: async (bad) => ({ method: 'GET', url: `/api/posts?location=${encodeURIComponent(bad)}` }) as InjectOptions },
  { name: 'comment', field: 'comment', request: async (bad) => json('POST', `/api/posts/${postId}/rate`, { rating: 4, comment: bad }, member) },
  { name: 'bio (multipart)', field: 'bio', nulOnly: true, request: (bad) => form('PUT', '/api/user/profile', { bio: bad }, member) },
  { name: 'block reason', field: 'reason', request: async (bad) => json('POST', `/api/users/${other.id}/block`, { reason: bad }, member) },
  {
    name: 'report details',
    field: 'details',
    request: async (bad) => json('POST', '/api/reports', { targetId: postId, targetType: 'post', reason: 'spam', details: bad }, member),
  },
  { name: 'reject reason', field: 'reason', request: async (bad) => json('POST', `/api/admin/posts/${postId}/reject`, { reason: bad }, admin) },
  { name: 'sign-in username', field: 'username', request: async (bad) => json('POST', '/api/login', { username: bad, password: 'secret-123' }) },
  { name: 'chat request', field: 'message', request: async (bad) => json('POST', '/api/simple-chat/request', { receiverId: other.id, message: bad }, member) },
];

describe('NUL characters and lone surrogates are refused with 400 in every field', () => {
  for (const [label, bad] of [
    ['a NUL', NUL],
    ['a lone high surrogate', LONE_HIGH],
    ['a lone low surrogate', LONE_LOW],
  ] as const) {
    it.each(CASES.filter((c) => bad === NUL || !c.nulOnly))(`${label} in the $name`, async ({ field, request }) => {
      const req = await request(bad);
      const res = await t.app.inject(req);
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json()).toEqual({ message: MESSAGES.unsafeText, code: 'VALIDATION_ERROR', field });
    });
  }

  it('in a nested value, a key, a path parameter and a JSON escape', async () => {
    const nested = await t.app.inject(json('POST', '/api/login', { username: 'someone', password: 'secret-123', extra: { list: ['ok', NUL] } }));
    expect(nested.statusCode).toBe(400);
    expect(nested.json()).toMatchObject({ message: MESSAGES.unsafeText, field: 'extra.list.1' });

    const key = await t.app.inject(json('POST', '/api/login', { username: 'someone', password: 'secret-123', [NUL]: 1 }));
    expect(key.statusCode).toBe(400);
    expect(key.json()).toEqual({ message: MESSAGES.unsafeText, code: 'VALIDATION_ERROR' });

    const param = await t.app.inject({ method: 'GET', url: '/api/users/%00' });
    expect(param.statusCode).toBe(400);

    // JSON can spell a lone surrogate as an escape, which is how one reaches a JSON body.
    const escaped = await t.app.inject({
      method: 'POST',
      url: `/api/admin/posts/${postId}/reject`,
      headers: { authorization: admin.authorization, 'content-type': 'application/json' },
      payload: '{"reason":"bad \\ud83d reason"}',
    });
    expect(escaped.statusCode).toBe(400);
    expect(escaped.json()).toMatchObject({ message: MESSAGES.unsafeText, field: 'reason' });
  });

  it('leaves well-formed text alone, emoji and every script included', async () => {
    const res = await t.app.inject(
      json('POST', `/api/posts/${postId}/rate`, { comment: 'Délicieux 😋 — 美味しい, вкусно, لذيذ' }, member),
    );
    expect(res.statusCode, res.body).toBeLessThan(300);
  });

  it('refuses them on real routes: each request above with ordinary text is answered by its route', async () => {
    for (const { name, request } of CASES) {
      const res = await t.app.inject(await request('ordinary text'));
      expect(res.statusCode, `${name}: ${res.body}`).toBeLessThan(500);
      expect(res.json<{ message?: string }>().message, name).not.toBe(MESSAGES.unsafeText);
      expect(res.json<{ message?: string }>().message, name).not.toBe(MESSAGES.routeNotFound);
    }
  });
});

describe('findUnsafeText', () => {
  it('names the first unsafe string, walking deep values without recursion', () => {
    expect(findUnsafeText({ a: 'fine', b: ['x', { c: NUL }] })).toBe('b.1.c');
    expect(findUnsafeText(LONE_LOW)).toBe('');
    expect(findUnsafeText({ 'fine 🍜': ['😋'] })).toBeUndefined();
    let deep: unknown = NUL;
    for (let i = 0; i < 100_000; i += 1) deep = [deep];
    expect(findUnsafeText(deep)).toBe(`${'0.'.repeat(99)}0…`);
    expect(findUnsafeText(JSON.parse(`${'['.repeat(30_000)}"ok"${']'.repeat(30_000)}`))).toBeUndefined();
  });
});
