// A form cut short (its Content-Length honest, its closing boundary missing) read after the whole
// body has arrived: the fuzz (issue 18, 0045) found that the route never answered when the read
// started late (a rate limit or session check on Redis or PostgreSQL first). busboy had already
// failed the file part before anyone listened to it.
import { setTimeout as sleep } from 'node:timers/promises';
import fastifyMultipart from '@fastify/multipart';
import Fastify, { type FastifyInstance } from 'fastify';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LIMITS } from '@plates/common';
import { registerErrorHandling } from '../../plugins/errors.js';
import { photo } from '../../test/media.fixtures.js';
import { multipartBody } from '../../test/multipart.js';
import { MEDIA_MESSAGES } from './media.messages.js';
import { multipartOptions, readImageUpload } from './multipart.js';

let app: FastifyInstance;
let base = '';

beforeAll(async () => {
  app = Fastify({ logger: false, bodyLimit: LIMITS.jsonBodyBytes });
  registerErrorHandling(app);
  await app.register(fastifyMultipart, multipartOptions);
  // As the real routes: something asynchronous (a rate limit, a session) before the form is read.
  app.post('/late', { preHandler: async () => sleep(100) }, async (request, reply) => {
    const upload = await readImageUpload(request, reply);
    return { bytes: upload.bytes.length };
  });
  base = await app.listen({ port: 0, host: '127.0.0.1' });
});
afterAll(async () => {
  await app?.close();
});

describe('a multipart body cut short, read late', () => {
  it.each([0.3, 0.5, 0.9])('answers 400 with the malformed-form words when cut at %s', async (cut) => {
    const image = await sharp(photo('coffee')).resize(64).jpeg().toBuffer();
    const form = await multipartBody([['title', 'x'], ['image', { bytes: image, filename: 'dish.jpg', type: 'image/jpeg' }]]);
    const res = await fetch(`${base}/late`, {
      method: 'POST',
      headers: { 'content-type': form.headers['content-type'] },
      body: new Uint8Array(form.payload.subarray(0, Math.floor(form.payload.length * cut))),
      signal: AbortSignal.timeout(5_000),
    });
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({ message: MEDIA_MESSAGES.malformedForm, code: 'BAD_REQUEST' });
  });

  it('still reads a whole form read late', async () => {
    const image = await sharp(photo('coffee')).resize(64).jpeg().toBuffer();
    const form = await multipartBody([['image', { bytes: image, filename: 'dish.jpg', type: 'image/jpeg' }]]);
    const res = await fetch(`${base}/late`, { method: 'POST', headers: form.headers, body: new Uint8Array(form.payload), signal: AbortSignal.timeout(5_000) });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ bytes: image.length });
  });
});
