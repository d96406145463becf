import { existsSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { MESSAGES, type ErrorBody } from '@plates/common';

/**
 * Serves the built web app from the same origin: hashed assets cached for a year, `index.html`
 * (never cached) for every non-API path so the client router can answer it. Unknown `/api` paths
 * stay JSON 404s.
 */
export async function registerWebApp(app: FastifyInstance, distDir: string): Promise<void> {
  const hasBuild = existsSync(path.join(distDir, 'index.html'));
  if (hasBuild) {
    await app.register(fastifyStatic, {
      root: distDir,
      wildcard: false,
      index: false,
      setHeaders(res, filePath) {
        const relative = path.relative(distDir, filePath);
        res.header(
          'cache-control',
          relative.startsWith(`assets${path.sep}`)
            ? 'public, max-age=31536000, immutable'
            : 'public, max-age=0, must-revalidate',
        );
      },
    });
  } else {
    app.log.warn(`no web build at ${distDir}: only the API is served (run "npm run build")`);
  }

  app.setNotFoundHandler((request, reply) => {
    const apiPath = request.url === '/api' || request.url.startsWith('/api/');
    const wantsPage = request.method === 'GET' || request.method === 'HEAD';
    if (!apiPath && wantsPage && hasBuild && !request.url.startsWith('/assets/')) {
      reply.header('cache-control', 'no-cache');
      return reply.sendFile('index.html');
    }
    return reply.code(404).send({ message: MESSAGES.routeNotFound, code: 'NOT_FOUND' } satisfies ErrorBody);
  });
}
