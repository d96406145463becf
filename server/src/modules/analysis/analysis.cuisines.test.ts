// Cuisine suggestions through the API, on a seeded site: the words of approved tagged plates, and
// the cuisines of the plates whose photos look nearest.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CUISINES, PhotoAnalysis, type Category, type PostDto } from '@plates/common';
import { postAnalyses } from '../../db/schema/index.js';
import { buildTestApp, type TestApp } from '../../test/build-test-app.js';
import { CUISINE_TITLES } from '../../test/cuisine-titles.js';
import { fakeAnalyzer, unitVector, type FakeAnalyzer } from '../../test/fake-analyzer.js';
import { makePost, makeSignedInUser, makeUser } from '../../test/factories.js';
import { sized } from '../../test/media.fixtures.js';
import { multipartBody, type FormPart } from '../../test/multipart.js';

let t: TestApp;
let engine: FakeAnalyzer;
let cook: Awaited<ReturnType<typeof makeSignedInUser>>;
const defaultAnswer = fakeAnalyzer().answer;

beforeAll(async () => {
  engine = fakeAnalyzer();
  t = await buildTestApp({ analyzer: engine });
  cook = await makeSignedInUser(t.app);
  const categories = (await t.app.inject('/api/categories')).json<Category[]>();
  const idOf = new Map(categories.map((c) => [c.name, c.id]));
  const author = await makeUser(t.app);
  for (const cuisine of CUISINES) {
    for (const [i, title] of CUISINE_TITLES[cuisine].entries()) {
      const plate = await makePost(t.app, { userId: author.id, title, description: null, categoryIds: [idOf.get(cuisine)!] });
      // The Korean plates' photos all look alike (near axis 7); the rest point elsewhere.
      const vector = cuisine === 'Korean' ? unitVector(7, 0.05 * i) : unitVector(20 + (i % 30), 0.1);
      await t.app.services.database.db.insert(postAnalyses).values({ postId: plate.id, embedding: vector });
    }
  }
  // A pending plate's words teach nothing.
  await makePost(t.app, { userId: author.id, title: 'Margherita pizza', approvalStatus: 'pending', categoryIds: [idOf.get('Thai')!] });
});
afterAll(async () => t?.close());

let side = 20;
async function analyse(fields: FormPart[]): Promise<PhotoAnalysis> {
  const body = await multipartBody([...fields, ['image', { bytes: await sized((side += 1), 20), filename: 'a.png', type: 'image/png' }]]);
  const res = await t.app.inject({ method: 'POST', url: '/api/analysis/photo', headers: { ...cook.headers, ...body.headers }, payload: body.payload });
  expect(res.statusCode, res.body).toBe(200);
  return PhotoAnalysis.parse(res.json());
}

describe('cuisine suggestions', () => {
  it('suggests Italian for "Margherita pizza" and Thai for "Pad thai", best first, at most three', async () => {
    engine.answer = () => ({ ...defaultAnswer(Buffer.alloc(0)), embedding: unitVector(60) });
    const pizza = await analyse([['title', 'Margherita pizza']]);
    expect(pizza.cuisines?.[0]?.name).toBe('Italian');
    const padThai = await analyse([['title', 'Pad thai']]);
    expect(padThai.cuisines?.[0]?.name).toBe('Thai');
    // From the description too, and plates it was not fitted on.
    const curry = await analyse([['title', 'Dinner'], ['description', 'A green curry with basil']]);
    expect(curry.cuisines?.[0]?.name).toBe('Thai');
    for (const answer of [pizza, padThai, curry]) {
      expect(answer.cuisines!.length).toBeLessThanOrEqual(3);
      expect(answer.cuisines!.every((c) => c.confidence >= 0.25 && c.confidence <= 1)).toBe(true);
    }
  });

  it('lets the nearest plates vote when the words say nothing', async () => {
    engine.answer = () => ({ ...defaultAnswer(Buffer.alloc(0)), embedding: unitVector(7, 0.02) });
    const answer = await analyse([]);
    // Ten nearest: the eight Korean plates close by, two far ones that count little (and fall under the floor).
    expect(answer.cuisines).toHaveLength(1);
    expect(answer.cuisines?.[0]?.name).toBe('Korean');
    expect(answer.cuisines?.[0]?.confidence).toBeGreaterThan(0.8);
  });

  it('suggests nothing for words it never saw and a photo like no tagged plate', async () => {
    engine.answer = () => ({ ...defaultAnswer(Buffer.alloc(0)), embedding: null as unknown as number[] });
    expect((await analyse([['title', 'qqqq xxxx']])).cuisines).toEqual([]);
  });

  it('stores the suggestions with a posted plate', async () => {
    engine.answer = () => ({ ...defaultAnswer(Buffer.alloc(0)), embedding: unitVector(60) });
    const body = await multipartBody([
      ['title', 'Pad thai'],
      ['image', { bytes: await sized((side += 1), 20), filename: 'a.png', type: 'image/png' }],
    ]);
    const res = await t.app.inject({ method: 'POST', url: '/api/posts', headers: { ...cook.headers, ...body.headers }, payload: body.payload });
    expect(res.statusCode).toBe(201);
    await t.app.services.jobs.drain();
    const [row] = await t.app.services.database.db.select().from(postAnalyses).where(eq(postAnalyses.postId, res.json<PostDto>().id));
    expect(row?.cuisines?.[0]?.name).toBe('Thai');
  });
});
