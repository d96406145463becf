// A list's `limit` or `page` that is text, zero, negative, a fraction or huge gets a 400 with one
// plain sentence naming the parameter and its range (the hostile tester's `?limit=0` got zod's
// "Too small: expected number to be >=1").
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../test/build-test-app.js';
import { makeUser, signIn } from '../test/factories.js';

let t: TestApp;
let authorization: string;
beforeAll(async () => {
  t = await buildTestApp();
  ({ authorization } = await signIn(t.app, (await makeUser(t.app)).username));
});
afterAll(async () => {
  await t?.close();
});

describe('list parameters out of range', () => {
  it.each([
    ['/api/posts?limit=0', 'Limit must be a whole number from 1 to 50.'],
    ['/api/posts?limit=abc', 'Limit must be a whole number from 1 to 50.'],
    ['/api/posts?limit=99999999999999999999', 'Limit must be a whole number from 1 to 50.'],
    ['/api/notifications?limit=-3', 'Limit must be a whole number from 1 to 50.'],
    ['/api/search/posts?q=pasta&page=0', 'Page must be a whole number from 1 to 1000.'],
    ['/api/search/posts?q=pasta&limit=2.5', 'Limit must be a whole number from 1 to 50.'],
  ])('%s answers 400 with the sentence', async (url, message) => {
    const res = await t.app.inject({ url, headers: { authorization } });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'VALIDATION_ERROR', message });
  });

  it('takes an in-range value as before', async () => {
    const res = await t.app.inject({ url: '/api/posts?limit=3', headers: { authorization } });
    expect(res.statusCode).toBe(200);
  });
});
