// POST /api/analysis/photo (CONTRACT.md "Photo analysis API"): the contract's answer from a fake
// engine, parts switched off answer null, the upload rules' own refusals, busy → 503, the raw
// analysis cached by the bytes, the rate limit, and an app built with analysis off.
import sharp from 'sharp';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ANALYSIS_MESSAGES, ANALYSIS_PARTS, MESSAGES, PhotoAnalysis, QUALITY_TIPS } from '@plates/common';
import { buildTestApp, type TestApp } from '../../test/build-test-app.js';
import { fakeAnalyzer, type FakeAnalyzer } from '../../test/fake-analyzer.js';
import { makeSignedInUser } from '../../test/factories.js';
import { photo, sized, TEXT_FILE } from '../../test/media.fixtures.js';
import { multipartBody, type FormPart } from '../../test/multipart.js';
import { MEDIA_MESSAGES } from '../media/media.messages.js';

let t: TestApp;
let engine: FakeAnalyzer;
let admin: Awaited<ReturnType<typeof makeSignedInUser>>;
let member: Awaited<ReturnType<typeof makeSignedInUser>>;

beforeAll(async () => {
  engine = fakeAnalyzer();
  t = await buildTestApp({ analyzer: engine });
  admin = await makeSignedInUser(t.app, { isAdmin: true });
  member = await makeSignedInUser(t.app);
});
afterAll(async () => t?.close());
beforeEach(async () => {
  engine.busy = false;
  engine.failures = 0;
  for (const name of ANALYSIS_PARTS) await setPart(name, true);
});

const png = (name: string, bytes: Buffer) => ({ bytes, filename: name, type: 'image/png' });

async function analyse(parts: FormPart[], headers: Record<string, string> = member.headers, app = t.app) {
  const body = await multipartBody(parts);
  return app.inject({ method: 'POST', url: '/api/analysis/photo', headers: { ...headers, ...body.headers }, payload: body.payload });
}

async function setPart(name: string, enabled: boolean) {
  const res = await t.app.inject({ method: 'PUT', url: `/api/admin/ai/parts/${name}`, headers: admin.headers, payload: { enabled } });
  expect(res.statusCode).toBe(200);
}

/** A photo no earlier test sent (the raw analysis is cached by the bytes). */
let shade = 0;
async function freshPhoto(width = 1600, height = 1200): Promise<Buffer> {
  shade += 1;
  return sharp({ create: { width, height, channels: 3, background: { r: 200, g: shade * 7, b: 40 } } }).png().toBuffer();
}

describe('POST /api/analysis/photo', () => {
  it("answers the contract's shape: quality score and tips, food found, cuisines, the hold", async () => {
    const before = engine.calls.length;
    const res = await analyse([['title', 'Margherita pizza'], ['image', png('coffee.png', photo('coffee'))]]);
    expect(res.statusCode).toBe(200);
    const answer = PhotoAnalysis.parse(res.json());
    expect(answer.quality).toEqual({ score: 72, tips: [{ code: 'dark', message: QUALITY_TIPS.dark }] });
    expect(answer.food).toEqual({ found: true, labels: ['pizza', 'cup'] });
    expect(answer.nsfw).toEqual({ held: false });
    expect(Array.isArray(answer.cuisines)).toBe(true);
    expect(answer.cuisines!.length).toBeLessThanOrEqual(3);
    // The engine was given a normalised rendition, not the upload: a JPEG within 1024 px.
    expect(engine.calls.length).toBe(before + 1);
    const given = await sharp(engine.calls.at(-1)!.image).metadata();
    expect(given.format).toBe('jpeg');
    expect(Math.max(given.width!, given.height!)).toBeLessThanOrEqual(1024);
    expect(engine.calls.at(-1)!.parts).toEqual({ quality: true, nsfw: true, food: true, embedding: true });
    expect(engine.calls.at(-1)!.thresholds).toEqual({ nsfwHold: 0.5, foodMin: 0.3 });
  });

  it('shrinks a large photo to 1024 px on its longest side', async () => {
    const res = await analyse([['image', png('big.png', await freshPhoto(2000, 1000))]]);
    expect(res.statusCode).toBe(200);
    const given = await sharp(engine.calls.at(-1)!.image).metadata();
    expect([given.width, given.height]).toEqual([1024, 512]);
  });

  it('refuses visitors', async () => {
    const body = await multipartBody([['image', png('a.png', photo('coffee'))]]);
    const res = await t.app.inject({ method: 'POST', url: '/api/analysis/photo', headers: body.headers, payload: body.payload });
    expect(res.statusCode).toBe(401);
  });

  it('keeps the raw analysis of the same bytes: a new title recomputes only the text part', async () => {
    const image = await freshPhoto();
    const first = await analyse([['title', 'Pad thai'], ['image', png('a.png', image)]]);
    expect(first.statusCode).toBe(200);
    const calls = engine.calls.length;
    const second = await analyse([['title', 'Something else'], ['image', png('a.png', image)]]);
    expect(second.statusCode).toBe(200);
    expect(engine.calls.length).toBe(calls);
    expect(second.json().quality).toEqual(first.json().quality);
  });

  it('answers null for each part switched off, and does not ask the engine for it', async () => {
    await setPart('photo_quality', false);
    await setPart('nsfw_check', false);
    let res = await analyse([['image', png('a.png', await freshPhoto())]]);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ quality: null, nsfw: null, food: { found: true } });
    expect(engine.calls.at(-1)!.parts).toEqual({ quality: false, nsfw: false, food: true, embedding: true });

    await setPart('food_check', false);
    await setPart('cuisine_suggestions', false);
    res = await analyse([['image', png('a.png', await freshPhoto())]]);
    expect(res.json()).toEqual({ quality: null, food: null, cuisines: null, nsfw: null });
    // similar_plates still wants the embedding
    expect(engine.calls.at(-1)!.parts).toEqual({ quality: false, nsfw: false, food: false, embedding: true });
  });

  it('refuses what the upload rules refuse, in their words, never with a 5xx', async () => {
    const calls = engine.calls.length;
    let res = await analyse([['image', { bytes: TEXT_FILE, filename: 'recipe.png', type: 'image/png' }]]);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'INVALID_FILE_TYPE', message: MEDIA_MESSAGES.invalidType });

    res = await analyse([['title', 'Pizza']]);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'FILE_REQUIRED', message: MEDIA_MESSAGES.fileRequired });

    res = await analyse([['title', 'Pizza\u0000'], ['image', png('a.png', photo('coffee'))]]);
    expect(res.statusCode).toBe(400);
    expect(res.json().field).toBe('title');

    // The admin's largest photo applies: 1 MB, and a noisy PNG over it.
    const put = await t.app.inject({ method: 'PUT', url: '/api/admin/settings/max_upload_mb', headers: admin.headers, payload: { value: 1 } });
    expect(put.statusCode).toBe(200);
    try {
      const noisy = await sharp({ create: { width: 900, height: 900, channels: 3, background: '#808080', noise: { type: 'gaussian', mean: 128, sigma: 60 } } }).png().toBuffer();
      expect(noisy.length).toBeGreaterThan(1024 * 1024);
      res = await analyse([['image', png('noisy.png', noisy)]]);
      expect(res.statusCode).toBe(413);
      expect(res.json()).toMatchObject({ code: 'FILE_TOO_LARGE', message: MEDIA_MESSAGES.fileTooLargeFor(1) });
    } finally {
      await t.app.inject({ method: 'PUT', url: '/api/admin/settings/max_upload_mb', headers: admin.headers, payload: { value: 5 } });
    }
    expect(engine.calls.length).toBe(calls);
  });

  it('answers 503 with the busy words when the engine queue is full, and 503 failed when it breaks', async () => {
    engine.busy = true;
    let res = await analyse([['image', png('a.png', await freshPhoto())]]);
    expect(res.statusCode).toBe(503);
    expect(res.json()).toMatchObject({ code: 'SERVICE_UNAVAILABLE', message: ANALYSIS_MESSAGES.busy });
    engine.busy = false;
    engine.failures = 1;
    res = await analyse([['image', png('a.png', await freshPhoto())]]);
    expect(res.statusCode).toBe(503);
    expect(res.json()).toMatchObject({ message: ANALYSIS_MESSAGES.failed });
  });
});

describe('limits and an app without analysis', () => {
  it('counts analyses per member: past the limit, 429; the engine is closed with the app', async () => {
    const engineOfItsOwn = fakeAnalyzer();
    const limited = await buildTestApp({ analyzer: engineOfItsOwn, rateLimits: { analysesPerUser: 2 } });
    try {
      const cook = await makeSignedInUser(limited.app);
      const image = await sized(64, 64);
      for (let i = 0; i < 2; i++) expect((await analyse([['image', png('a.png', image)]], cook.headers, limited.app)).statusCode).toBe(200);
      const res = await analyse([['image', png('a.png', image)]], cook.headers, limited.app);
      expect(res.statusCode).toBe(429);
      expect(res.json()).toMatchObject({ code: 'RATE_LIMITED', message: MESSAGES.rateLimited });
      expect(engineOfItsOwn.closed).toBe(false);
    } finally {
      await limited.close();
    }
    expect(engineOfItsOwn.closed).toBe(true);
  });

  it('answers every part null when the app is built with analysis off, after the upload rules', async () => {
    const off = await buildTestApp();
    try {
      const cook = await makeSignedInUser(off.app);
      let res = await analyse([['image', png('a.png', photo('coffee'))]], cook.headers, off.app);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ quality: null, food: null, cuisines: null, nsfw: null });
      res = await analyse([['image', { bytes: TEXT_FILE, filename: 'a.png', type: 'image/png' }]], cook.headers, off.app);
      expect(res.statusCode).toBe(400);
    } finally {
      await off.close();
    }
  });
});
