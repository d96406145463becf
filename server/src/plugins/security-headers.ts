import fastifyHelmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';
import type { Config } from '../config.js';
import { inlineScriptHashes } from './web-app.js';

/** `ws://host[:port]` or `wss://…` for an `http(s)://` base URL. */
function socketOrigin(appUrl: string): string {
  const url = new URL(appUrl);
  return `${url.protocol === 'https:' ? 'wss:' : 'ws:'}//${url.host}`;
}

/**
 * Helmet's headers with a strict Content-Security-Policy: everything from this origin; scripts
 * from files or, inline, only the built page's own by hash; no plugins, frames or foreign forms.
 */
export async function registerSecurityHeaders(app: FastifyInstance, config: Config): Promise<void> {
  const https = config.appUrl.startsWith('https:');
  await app.register(fastifyHelmet, {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'", ...inlineScriptHashes(config.webDistDir)],
        styleSrc: ["'self'", "'unsafe-inline'"],
        // presigned S3 images come from the endpoint's origin
        imgSrc: ["'self'", 'data:', 'blob:', ...(config.s3 ? [new URL(config.s3.endpoint).origin] : [])],
        fontSrc: ["'self'", 'data:'],
        // The socket is same-origin too: 'self' covers ws: and wss: to this host (CSP 3); APP_URL's
        // socket origin is named as well for browsers that read 'self' as http(s) only.
        connectSrc: ["'self'", socketOrigin(config.appUrl)],
        mediaSrc: ["'self'", 'blob:'],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        frameAncestors: ["'none'"],
        upgradeInsecureRequests: https ? [] : null,
      },
    },
    crossOriginEmbedderPolicy: false,
    strictTransportSecurity: https,
  });
}
