import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CARD_IMAGE_SIZES, FEATURED_PATH, FEED_PAGE_SIZE, imageSrcSet, PAGE_DATA_ID, PLATE_IMAGE_SIZES, SESSION_COOKIE, SITE_PATH, type PageData } from '@plates/common';
import { buildTestApp, type TestApp } from '../test/build-test-app.js';
import { makePost, makeUser, signIn } from '../test/factories.js';
import { renderPageData } from './page-data.js';

const SHELL = '<!doctype html><html><head><meta charset="utf-8"><title>Plates</title></head><body><div id="root"></div></body></html>';
const FEED = `/api/posts?limit=${FEED_PAGE_SIZE}`;

/** The page's data block, parsed as the browser's JSON.parse would read it. */
function pageData(html: string): PageData | undefined {
  const match = new RegExp(`<script type="application/json" id="${PAGE_DATA_ID}">(.*?)</script>`).exec(html);
  return match ? (JSON.parse(match[1]!) as PageData) : undefined;
}

/** The first photo's preload: href, imagesrcset and imagesizes, unescaped. */
function preload(html: string): string[] | undefined {
  const match = /<link rel="preload" as="image" href="([^"]*)" imagesrcset="([^"]*)" imagesizes="([^"]*)" fetchpriority="high">/.exec(html);
  return match?.slice(1).map((text) => text.replaceAll('&amp;', '&').replaceAll('&quot;', '"'));
}

/** A stored plate's renditions, as its answer lists them. */
function variantsOf(post: { imageVariants: unknown }) {
  return (post.imageVariants as Array<{ width: number; url: string }>).map(({ width, url }) => ({ width, url }));
}

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({ webShell: SHELL });
});
afterAll(async () => {
  await t?.close();
});

describe("a page carries the API answers it starts with, as its viewer would get them", () => {
  it("gives a visitor's home page the visitor's feed and preloads its first photo", async () => {
    const post = await makePost(t.app, { title: 'Newest plate' });
    const res = await t.app.inject('/');
    const data = pageData(res.body);
    expect(data?.viewer).toBeNull();
    expect(data?.answers['/api/user']).toBeNull();
    expect(data?.answers[FEED]).toEqual((await t.app.inject(FEED)).json());
    // The Featured row above the feed comes with it too.
    expect(data?.answers[FEATURED_PATH]).toEqual((await t.app.inject(FEATURED_PATH)).json());
    // The same srcset and sizes as the card's <img>, or the browser would not use the preload.
    expect(preload(res.body)).toEqual([post.imageUrl, imageSrcSet(variantsOf(post)), CARD_IMAGE_SIZES]);
    // The viewer's own answers: never kept by a shared cache.
    expect(res.headers['cache-control']).toBe('private, no-cache');
    expect(res.headers.vary).toMatch(/cookie/i);
    expect(res.body.match(/<title>/g)).toHaveLength(1);
  });

  it("gives a member their own feed and account, read from their session cookie", async () => {
    const member = await makeUser(t.app);
    await makePost(t.app, { userId: member.id, approvalStatus: 'pending' }); // only its author sees it in the feed
    const { token, authorization } = await signIn(t.app, member.username);
    const res = await t.app.inject({ url: '/', cookies: { [SESSION_COOKIE]: token } });
    const data = pageData(res.body);
    expect(data?.viewer).toBe(member.id);
    expect(data?.answers['/api/user']).toEqual((await t.app.inject({ url: '/api/user', headers: { authorization } })).json());
    expect(data?.answers[FEED]).toEqual((await t.app.inject({ url: FEED, headers: { authorization } })).json());
    // A session that is not one is a visitor.
    expect(pageData((await t.app.inject({ url: '/', cookies: { [SESSION_COOKIE]: 'forged' } })).body)?.viewer).toBeNull();
  });

  it("gives a plate page the plate, its comments and its neighbours, and nothing a viewer may not see", async () => {
    const post = await makePost(t.app);
    const page = await t.app.inject(`/posts/${post.id}`);
    const data = pageData(page.body);
    for (const api of [`/api/posts/${post.id}`, `/api/posts/${post.id}/comments`, `/api/posts/${post.id}/neighbors`]) {
      expect(data?.answers[api], api).toEqual((await t.app.inject(api)).json());
    }
    // The plate page's photo is sized as the page shows it (beside the details on desktop), not as a card.
    expect(preload(page.body)).toEqual([post.imageUrl, imageSrcSet(variantsOf(post)), PLATE_IMAGE_SIZES]);

    // A pending plate: its author sees it (and its photo is preloaded), a visitor gets nothing.
    const author = await makeUser(t.app);
    const pending = await makePost(t.app, { userId: author.id, approvalStatus: 'pending' });
    const visitor = await t.app.inject(`/posts/${pending.id}`);
    expect(pageData(visitor.body)?.answers).not.toHaveProperty(`/api/posts/${pending.id}`);
    expect(preload(visitor.body)).toBeUndefined();
    const { token } = await signIn(t.app, author.username);
    const own = await t.app.inject({ url: `/posts/${pending.id}`, cookies: { [SESSION_COOKIE]: token } });
    expect(pageData(own.body)?.answers[`/api/posts/${pending.id}`]).toMatchObject({ id: pending.id, approvalStatus: 'pending' });
    expect(preload(own.body)?.[0]).toBe(pending.imageUrl);
  });

  it('gives the sign-in page the maintenance flag and the community figures, and other pages the viewer', async () => {
    const auth = pageData((await t.app.inject('/auth')).body);
    expect(auth?.answers['/api/system/maintenance']).toEqual({ maintenance: false, registration: 'open' });
    expect(auth?.answers['/api/stats/community']).toEqual((await t.app.inject('/api/stats/community')).json());
    expect(Object.keys(pageData((await t.app.inject('/leaderboard')).body)?.answers ?? {})).toEqual(['/api/user', SITE_PATH]);
  });

  it("keeps members' words inside the block: a title cannot close it or open markup", async () => {
    const title = '</script><script>alert(1)</script><!-- & \u2028';
    const post = await makePost(t.app, { title });
    const html = (await t.app.inject(`/posts/${post.id}`)).body;
    expect(html).not.toContain('<script>alert');
    expect(html).not.toContain('<!--');
    expect((pageData(html)?.answers[`/api/posts/${post.id}`] as { title: string }).title).toBe(title);
    expect(renderPageData({ viewer: null, answers: { x: '<>&\u2028\u2029' } })).toContain('"\\u003c\\u003e\\u0026\\u2028\\u2029"');
  });
});
