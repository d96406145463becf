import { brotliCompressSync, constants as zlib, gzipSync } from 'node:zlib';
import fastifyCompress from '@fastify/compress';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

/**
 * Compression of what is made per request (API JSON, a shared link's page): over 1 KB, brotli
 * where accepted, else gzip. Brotli at quality 4 compresses JSON nearly as well as 11 for a
 * fraction of the CPU. The web build's files are compressed once at build time and sent as they
 * are (web-app.ts, `preCompressed`), which this leaves alone.
 */
const THRESHOLD_BYTES = 1024;
const BROTLI = { params: { [zlib.BROTLI_PARAM_QUALITY]: 4, [zlib.BROTLI_PARAM_MODE]: zlib.BROTLI_MODE_TEXT } };
const GZIP = { level: 6 };

/** Every route's answers (@fastify/compress hooks each route as it is declared: register first). */
export async function registerCompression(app: FastifyInstance): Promise<void> {
  await app.register(fastifyCompress, {
    global: true,
    threshold: THRESHOLD_BYTES,
    encodings: ['br', 'gzip'],
    brotliOptions: BROTLI,
    zlibOptions: GZIP,
  });
}

/**
 * The same rules for an answer that no route gives (the not-found handler's pages, which the
 * plugin's per-route hook does not reach).
 */
export function sendCompressed(request: FastifyRequest, reply: FastifyReply, body: string) {
  const vary = reply.getHeader('vary');
  reply.header('vary', vary ? `${String(vary)}, accept-encoding` : 'accept-encoding');
  if (Buffer.byteLength(body) < THRESHOLD_BYTES) return reply.send(body);
  const accepted = String(request.headers['accept-encoding'] ?? '');
  if (/\bbr\b/.test(accepted)) return reply.header('content-encoding', 'br').send(brotliCompressSync(body, BROTLI));
  if (/\bgzip\b/.test(accepted)) return reply.header('content-encoding', 'gzip').send(gzipSync(body, GZIP));
  return reply.send(body);
}
