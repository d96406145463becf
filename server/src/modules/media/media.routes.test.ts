import { once } from 'node:events';
import http from 'node:http';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import fastifyMultipart from '@fastify/multipart';
import S3rver from '@20minutes/s3rver';
import Fastify, { type FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LIMITS } from '@plates/common';
import { createLocalStorage, createS3Storage, type ImageStorage, type S3StorageOptions } from '../../lib/storage/index.js';
import { registerErrorHandling } from '../../plugins/errors.js';
import { HTML_PAGE, photo, SVG_PLAIN } from '../../test/media.fixtures.js';
import { MEDIA_MESSAGES } from './media.messages.js';
import { mediaRoutes } from './media.routes.js';
import { createMediaService, type ProcessedImage } from './media.service.js';
import { DRAIN_LIMITS, MULTIPART_LIMITS, multipartOptions, readImageUpload } from './multipart.js';
import { multipartBody, multipartBodyWithBoundary, type FormPart } from '../../test/multipart.js';

/** The media routes plus a stand-in upload route, with the project's error handling, as app.ts wires them. */
async function buildMediaApp(storage: ImageStorage): Promise<FastifyInstance> {
  const app = Fastify({ logger: false, bodyLimit: LIMITS.jsonBodyBytes });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandling(app);
  await app.register(fastifyMultipart, multipartOptions);
  await app.register(mediaRoutes({ storage }));
  const media = createMediaService({ storage });
  app.post('/api/test/upload', async (request, reply) => {
    const upload = await readImageUpload(request, reply);
    const image = await media.processUpload(upload.bytes, 'post');
    return { ...image, fields: upload.fields };
  });
  return app;
}

async function upload(app: FastifyInstance, parts: FormPart[]) {
  return app.inject({ method: 'POST', url: '/api/test/upload', ...(await multipartBody(parts)) });
}

const image = (bytes: Buffer, filename = 'dish.png', type = 'image/png') => ({ bytes, filename, type });

describe('with local storage', () => {
  let parent: string;
  let app: FastifyInstance;
  let posted: ProcessedImage;

  beforeAll(async () => {
    parent = await mkdtemp(path.join(tmpdir(), 'plates-media-routes-'));
    await writeFile(path.join(parent, 'secret.txt'), 'top secret');
    app = await buildMediaApp(createLocalStorage({ dir: path.join(parent, 'uploads'), publicOrigin: 'https://plates.example' }));
    const res = await upload(app, [
      ['title', 'Shakshuka'],
      ['image', image(photo('coffee'))],
    ]);
    expect(res.statusCode).toBe(200);
    posted = res.json();
  });
  afterAll(async () => {
    await app?.close();
    await rm(parent, { recursive: true, force: true });
  });

  it('takes the image and the text fields of a form', () => {
    expect(posted).toMatchObject({ width: 600, height: 400, aspect: 'square', fields: { title: 'Shakshuka' } });
  });

  it('serves every rendition with immutable cache headers and the WebP type', async () => {
    for (const variant of posted.variants) {
      const res = await app.inject(variant.url);
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('image/webp');
      expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect(Number(res.headers['content-length'])).toBe(res.rawPayload.length);
      expect(await sharp(res.rawPayload).metadata()).toMatchObject({ format: 'webp', width: variant.width });
    }
    const head = await app.inject({ method: 'HEAD', url: posted.imageUrl });
    expect(head.statusCode).toBe(200);
  });

  it('answers unknown keys and traversal attempts with a JSON 404', async () => {
    const paths = [
      `/uploads/posts/${'0'.repeat(64)}-320.webp`,
      '/uploads/../secret.txt',
      '/uploads/..%2fsecret.txt',
      '/uploads/%2e%2e/secret.txt',
      '/uploads/posts/..%2f..%2fsecret.txt',
      '/uploads/%2e%2e%5csecret.txt',
      '/uploads/',
    ];
    for (const url of paths) {
      const res = await app.inject(url);
      expect(res.statusCode, url).toBe(404);
      expect(res.body).not.toContain('top secret');
      if (url.startsWith('/uploads/posts/0')) {
        expect(res.json()).toEqual({ code: 'NOT_FOUND', message: MEDIA_MESSAGES.imageNotFound });
      }
    }
  });

  it('refresh-url answers a local URL with the same URL', async () => {
    for (const imageUrl of [posted.imageUrl, `https://plates.example${posted.imageUrl}`]) {
      const res = await app.inject({ url: '/api/images/refresh-url', query: { imageUrl } });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ url: imageUrl });
    }
  });

  it('refresh-url refuses what is not ours, and says 404 for what is gone', async () => {
    for (const imageUrl of [
      `https://evil.example${posted.imageUrl}`,
      'https://images.example.com/a.jpg',
      '/uploads/../secret.txt',
      'javascript:alert(1)',
    ]) {
      const res = await app.inject({ url: '/api/images/refresh-url', query: { imageUrl } });
      expect(res.statusCode, imageUrl).toBe(400);
      expect(res.json()).toMatchObject({ code: 'BAD_REQUEST', message: MEDIA_MESSAGES.notOurImage });
    }
    const gone = await app.inject({
      url: '/api/images/refresh-url',
      query: { imageUrl: `/uploads/posts/${'1'.repeat(64)}-320.webp` },
    });
    expect(gone.statusCode).toBe(404);
    const missing = await app.inject('/api/images/refresh-url');
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toMatchObject({ code: 'VALIDATION_ERROR' });
  });

  it('decides by content, not by name or declared type', async () => {
    const spoofed = await upload(app, [['image', image(HTML_PAGE, 'photo.jpg', 'image/jpeg')]]);
    expect(spoofed.statusCode).toBe(400);
    expect(spoofed.json()).toEqual({ code: 'INVALID_FILE_TYPE', message: MEDIA_MESSAGES.invalidType });

    const svg = await upload(app, [['image', image(SVG_PLAIN, 'dish.png', 'image/png')]]);
    expect(svg.statusCode).toBe(400);
    expect(svg.json()).toEqual({ code: 'INVALID_FILE_TYPE', message: 'SVG not allowed' });

    const namedOddly = await upload(app, [['image', image(photo('chelsea'), 'notes.txt', 'text/plain')]]);
    expect(namedOddly.statusCode).toBe(200);
  });

  it('asks for an image when the form has none, or an empty one', async () => {
    const expected = {
      code: 'FILE_REQUIRED',
      message: 'Image required - Please select an image to upload',
      field: 'image',
    };
    const none = await upload(app, [['title', 'No photo']]);
    expect(none.statusCode).toBe(400);
    expect(none.json()).toEqual(expected);
    const empty = await upload(app, [['image', image(Buffer.alloc(0))]]);
    expect(empty.statusCode).toBe(400);
    expect(empty.json()).toEqual(expected);
  });

  it('takes one file only, short fields only, and multipart only', async () => {
    const two = await upload(app, [
      ['image', image(photo('coffee'))],
      ['other', image(photo('chelsea'))],
    ]);
    expect(two.statusCode).toBe(400);
    expect(two.json()).toMatchObject({ message: MEDIA_MESSAGES.oneFileOnly });

    const longField = await upload(app, [
      ['description', 'x'.repeat(5000)],
      ['image', image(photo('coffee'))],
    ]);
    expect(longField.statusCode).toBe(413);
    expect(longField.json()).toMatchObject({ code: 'PAYLOAD_TOO_LARGE', field: 'description' });

    const json = await app.inject({ method: 'POST', url: '/api/test/upload', payload: { image: 'x' } });
    expect(json.statusCode).toBe(415);
  });

  it('takes the file only under its field name, and no field name over the limit', async () => {
    const elsewhere = await upload(app, [['photo', image(photo('coffee'))]]);
    expect(elsewhere.statusCode).toBe(400);
    expect(elsewhere.json()).toEqual({
      code: 'BAD_REQUEST',
      message: 'Invalid request: send the image as the form field "image".',
      field: 'image',
    });
    const tooLong = { code: 'PAYLOAD_TOO_LARGE', message: MEDIA_MESSAGES.fieldsTooLarge };
    const longName = 'n'.repeat(MULTIPART_LIMITS.fieldNameSize + 1);
    for (const parts of [
      [[longName, 'x'], ['image', image(photo('coffee'))]],
      [[`image${longName}`, image(photo('coffee'))]],
    ] satisfies FormPart[][]) {
      const res = await upload(app, parts);
      expect(res.statusCode).toBe(413);
      expect(res.json()).toEqual(tooLong);
    }
    const longest = await upload(app, [['n'.repeat(MULTIPART_LIMITS.fieldNameSize), 'x'], ['image', image(photo('coffee'))]]);
    expect(longest.statusCode).toBe(200);
  });

  it('answers a broken boundary with 400, and takes a quoted one', async () => {
    const parts: FormPart[] = [
      ['title', 'Boundaries'],
      ['image', image(photo('coffee'))],
    ];
    const malformed = { code: 'BAD_REQUEST', message: MEDIA_MESSAGES.malformedForm };
    const send = async (boundary: string, param: string | null) =>
      app.inject({ method: 'POST', url: '/api/test/upload', ...(await multipartBodyWithBoundary(parts, boundary, param)) });
    for (const [boundary, param] of [
      ['a'.repeat(300), 'a'.repeat(300)], // busboy throws past 252: was a 500
      ['a'.repeat(71), 'a'.repeat(71)], // RFC 2046: at most 70
      ['', ''],
      ['', '""'],
      ['abc', '"abc'],
      ['abc', null],
      ['ends with a space ', '"ends with a space "'],
    ] as const) {
      const res = await send(boundary, param);
      expect(res.statusCode, `boundary=${param}`).toBe(400);
      expect(res.json()).toEqual(malformed);
    }
    for (const [boundary, param] of [
      ['a'.repeat(70), 'a'.repeat(70)],
      ["plates 'quoted' (boundary)", `"plates 'quoted' (boundary)"`],
    ] as const) {
      const res = await send(boundary, param);
      expect(res.statusCode, `boundary=${param}`).toBe(200);
      expect(res.json()).toMatchObject({ width: 600, fields: { title: 'Boundaries' } });
    }
  });

  it('refuses a 6 MB file with 413 and the words of the spec', async () => {
    const big = Buffer.concat([photo('coffee'), Buffer.alloc(6 * 1024 * 1024 - photo('coffee').length)]);
    const res = await upload(app, [['image', image(big)]]);
    expect(res.statusCode).toBe(413);
    expect(res.json()).toEqual({ code: 'FILE_TOO_LARGE', message: 'File too large. The maximum size is 5MB.' });
  });

  describe('over real HTTP', () => {
    let base: { host: string; port: number };
    beforeAll(async () => {
      await app.listen({ host: '127.0.0.1', port: 0 });
      const address = app.server.address() as AddressInfo;
      base = { host: '127.0.0.1', port: address.port };
    });

    const openConnections = () =>
      new Promise<number>((resolve, reject) => app.server.getConnections((e, n) => (e ? reject(e) : resolve(n))));

    /**
     * Streams a multipart body with a file of `fileBytes`, never finishing the request: the server
     * can only answer if it answers before the whole body has arrived.
     */
    async function streamUpload(fileBytes: number, headers: Record<string, string> = {}) {
      const boundary = 'plates-boundary-4f9a';
      const req = http.request({
        ...base,
        method: 'POST',
        path: '/api/test/upload',
        headers: { 'content-type': `multipart/form-data; boundary=${boundary}`, ...headers },
      });
      req.on('error', () => {}); // the server may drop the connection after answering
      const answer = new Promise<{ status: number; body: string; connection: string | undefined }>((resolve) => {
        req.on('response', (res) => {
          let body = '';
          res.setEncoding('utf8');
          res.on('data', (chunk: string) => (body += chunk));
          res.on('end', () => resolve({ status: res.statusCode ?? 0, body, connection: res.headers.connection }));
        });
      });
      let answered = false;
      void answer.then(() => (answered = true));
      req.write(
        `--${boundary}\r\nContent-Disposition: form-data; name="image"; filename="big.png"\r\n` +
          'Content-Type: image/png\r\n\r\n',
      );
      let sent = 0;
      const chunk = Buffer.alloc(64 * 1024, 0x41);
      while (!answered && sent < fileBytes) {
        sent += chunk.length;
        if (!req.write(chunk)) await Promise.race([once(req, 'drain'), answer]);
      }
      const result = await answer; // the request is deliberately never ended
      req.destroy();
      return { ...result, sent, ended: req.writableEnded };
    }

    const url = () => `http://${base.host}:${base.port}/api/test/upload`;
    const tooLarge = { code: 'FILE_TOO_LARGE', message: MEDIA_MESSAGES.fileTooLarge };

    it('answers 413 and hangs up when a streamed 6 MB file stops coming before the body is complete', async () => {
      const result = await streamUpload(6 * 1024 * 1024, { 'transfer-encoding': 'chunked' });
      expect(result.ended).toBe(false);
      expect(result.status).toBe(413);
      expect(JSON.parse(result.body)).toEqual(tooLarge);
      // the server waits DRAIN_LIMITS.idleMs for the rest, then hangs up rather than keep an unread body open
      expect(result.connection).toBe('close');
      await expect.poll(() => openConnections(), { timeout: 2000 }).toBe(0);
    });

    it('answers 413 at once when Content-Length says 2 GB, reading little of it', async () => {
      const result = await streamUpload(DRAIN_LIMITS.bytes * 2, { 'content-length': String(2 * 1024 ** 3) });
      expect(result.status).toBe(413);
      expect(result.sent).toBeLessThan(DRAIN_LIMITS.bytes / 2); // what the sockets buffered before the answer came
      expect(JSON.parse(result.body)).toEqual(tooLarge);
      expect(result.connection).toBe('close');
      await expect.poll(() => openConnections(), { timeout: 2000 }).toBe(0);
    });

    /** Sends a whole form on a keep-alive connection, noting whether the answer came only after all of it was sent. */
    async function sendWhole(parts: FormPart[], headers: Record<string, string> = {}) {
      const { payload, headers: form } = await multipartBody(parts);
      const agent = new http.Agent({ keepAlive: true });
      const req = http.request({
        ...base,
        agent,
        method: 'POST',
        path: '/api/test/upload',
        headers: { ...form, 'content-length': String(payload.length), ...headers },
      });
      let sentAll = false;
      req.on('finish', () => (sentAll = true));
      const failed = new Promise<never>((_, reject) => req.on('error', reject)); // EPIPE, ECONNRESET
      const answer = new Promise<{ status: number; connection?: string; body: string; sentAllFirst: boolean }>((resolve) => {
        req.on('response', (res) => {
          const sentAllFirst = sentAll;
          let body = '';
          res.setEncoding('utf8');
          res.on('data', (chunk: string) => (body += chunk));
          res.on('end', () => resolve({ status: res.statusCode ?? 0, connection: res.headers.connection, body, sentAllFirst }));
        });
      });
      for (let at = 0; at < payload.length; at += 64 * 1024) {
        if (!req.write(payload.subarray(at, at + 64 * 1024))) await Promise.race([once(req, 'drain'), answer, failed]);
      }
      req.end();
      try {
        return await Promise.race([answer, failed]);
      } finally {
        agent.destroy();
      }
    }

    it('reads the rest of a refused form before answering, and keeps the connection', async () => {
      const result = await sendWhole([['image', image(Buffer.alloc(7 * 1024 * 1024, 0x41))]]);
      // answered before the client is done sending, then closed, the client sees a reset or EPIPE
      // (racy: Node's fetch reports "fetch failed" now and then, more often between processes)
      expect(result).toMatchObject({ status: 413, sentAllFirst: true });
      expect(result.connection).not.toBe('close');
      expect(JSON.parse(result.body)).toEqual(tooLarge);
    });

    // last: fetch keeps its connections open (a refusal that read the whole body leaves them usable),
    // which the connection counts above would see
    it('lets fetch hear the 413 for a 7 MB form it sends whole, not a reset', async () => {
      const form = new FormData();
      form.append('title', 'Too big');
      form.append('image', new Blob([new Uint8Array(7 * 1024 * 1024).fill(0x41)], { type: 'image/png' }), 'big.png');
      const res = await fetch(url(), { method: 'POST', body: form }); // Content-Length: over the limit
      expect(res.status).toBe(413);
      expect(await res.json()).toEqual(tooLarge);
    });

    it('lets fetch hear the refusal of a streamed form (no Content-Length), and of a file under another name', async () => {
      const send = async (parts: FormPart[]) => {
        const { payload, headers } = await multipartBody(parts);
        const body = new ReadableStream<Uint8Array>({
          start(controller) {
            for (let at = 0; at < payload.length; at += 64 * 1024) controller.enqueue(payload.subarray(at, at + 64 * 1024));
            controller.close();
          },
        });
        return fetch(url(), { method: 'POST', body, headers, duplex: 'half' } as RequestInit);
      };
      const big = await send([['image', image(Buffer.alloc(7 * 1024 * 1024, 0x41))]]);
      expect(big.status).toBe(413);
      expect(await big.json()).toEqual(tooLarge);
      const elsewhere = await send([['photo', image(Buffer.alloc(4 * 1024 * 1024, 0x41))]]);
      expect(elsewhere.status).toBe(400);
      expect(await elsewhere.json()).toMatchObject({ code: 'BAD_REQUEST', field: 'image' });
    });
  });
});

describe('with S3 storage (in-process S3 server)', () => {
  let server: S3rver;
  let directory: string;
  let options: S3StorageOptions;
  let app: FastifyInstance;
  let posted: ProcessedImage;

  beforeAll(async () => {
    directory = await mkdtemp(path.join(tmpdir(), 'plates-s3-routes-'));
    server = new S3rver({ address: '127.0.0.1', port: 0, silent: true, directory, configureBuckets: [{ name: 'plates' }] });
    const { port } = await server.run();
    options = {
      endpoint: `http://127.0.0.1:${port}`,
      bucket: 'plates',
      region: 'us-east-1',
      accessKeyId: 'S3RVER',
      secretAccessKey: 'S3RVER',
    };
    app = await buildMediaApp(createS3Storage(options));
    const res = await upload(app, [['image', image(photo('chelsea'))]]);
    expect(res.statusCode).toBe(200);
    posted = res.json();
  });
  afterAll(async () => {
    await app?.close();
    await server?.close();
    await rm(directory, { recursive: true, force: true });
  });

  it('stores renditions in the bucket, reachable through presigned URLs', async () => {
    expect(posted.imageUrl.startsWith(`${options.endpoint}/plates/posts/`)).toBe(true);
    for (const variant of posted.variants) {
      const res = await fetch(variant.url);
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toBe('image/webp');
      const meta = await sharp(Buffer.from(await res.arrayBuffer())).metadata();
      expect(meta).toMatchObject({ format: 'webp', width: variant.width, height: variant.height });
      expect(meta.exif).toBeUndefined();
    }
  });

  it('refresh-url signs an expired URL of our bucket afresh', async () => {
    const stale = await createS3Storage({ ...options, now: () => Date.now() - 9 * 24 * 60 * 60_000 }).url(posted.key);
    expect((await fetch(stale)).status).toBe(403);
    const res = await app.inject({ url: '/api/images/refresh-url', query: { imageUrl: stale } });
    expect(res.statusCode).toBe(200);
    const { url } = res.json<{ url: string }>();
    expect(url).not.toBe(stale);
    const fresh = await fetch(url);
    expect(fresh.status).toBe(200);
    expect(Buffer.from(await fresh.arrayBuffer()).length).toBeGreaterThan(1000);
  });

  it('refresh-url signs a bare key, and refuses other buckets and hosts', async () => {
    const byKey = await app.inject({ url: '/api/images/refresh-url', query: { imageUrl: posted.key } });
    expect(byKey.statusCode).toBe(200);
    expect((await fetch(byKey.json<{ url: string }>().url)).status).toBe(200);
    for (const imageUrl of [
      `${options.endpoint}/other-bucket/${posted.key}`,
      `https://evil.example/plates/${posted.key}`,
      `/uploads/${posted.key}`,
    ]) {
      const res = await app.inject({ url: '/api/images/refresh-url', query: { imageUrl } });
      expect(res.statusCode, imageUrl).toBe(400);
    }
  });

  it('serves nothing under /uploads when images live in S3', async () => {
    const res = await app.inject(`/uploads/${posted.key}`);
    expect(res.statusCode).toBe(404);
  });
});
