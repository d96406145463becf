import type { IncomingMessage } from 'node:http';
import type { FastifyRequest } from 'fastify';
import proxyAddr from 'proxy-addr';

/** Where a request came from, as audit rows and security events record it. */
export interface RequestMeta {
  ip: string;
  userAgent: string | null;
}

export function metaOf(request: FastifyRequest): RequestMeta {
  return { ip: request.ip, userAgent: request.headers['user-agent']?.slice(0, 500) ?? null };
}

/**
 * The client's address of a raw request (the Socket.IO handshake), by the same rule Fastify's
 * `trustProxy` applies to `request.ip`: X-Forwarded-For is read only as far back as the hops are
 * proxies listed in TRUST_PROXY; with none listed, the socket's address.
 */
export function clientIpFrom(trustedProxies: readonly string[]): (request: IncomingMessage) => string {
  if (trustedProxies.length === 0) return (request) => request.socket.remoteAddress ?? '';
  const trust = proxyAddr.compile([...trustedProxies]);
  return (request) => proxyAddr(request, trust);
}
