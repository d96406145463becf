import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import { SESSION_COOKIE } from '@plates/common';
import type { Config } from '../config.js';

function withoutDirective(policy: string, name: string): string {
  return policy
    .split(';')
    .map((d) => d.trim())
    .filter((d) => d && d.split(/\s+/)[0] !== name)
    .join('; ');
}

/**
 * The OpenAPI document, made from the routes' own zod schemas, and its pages at `/api/docs`.
 * Register before the routes: the document collects them as they are declared.
 */
export async function registerOpenApi(app: FastifyInstance, config: Config): Promise<void> {
  await app.register(fastifySwagger, {
    openapi: {
      openapi: '3.1.0',
      info: { title: 'Plates API', version: '1.0.0', description: 'Share, rate and discuss plates of food.' },
      components: {
        securitySchemes: {
          bearer: { type: 'http', scheme: 'bearer' },
          cookie: { type: 'apiKey', in: 'cookie', name: SESSION_COOKIE },
        },
      },
      security: [{ bearer: [] }, { cookie: [] }],
    },
    transform: jsonSchemaTransform,
  });
  await app.register(fastifySwaggerUi, {
    routePrefix: '/api/docs',
    staticCSP: true,
    // Its static policy asks browsers to upgrade every request to https, which over plain http
    // (a local or internal deployment) leaves the documentation page without its scripts.
    transformStaticCSP: (header) => (config.appUrl.startsWith('https:') ? header : withoutDirective(header, 'upgrade-insecure-requests')),
  });
}
