import type { FastifyRequest } from 'fastify';

/** Where a request came from, as audit rows and security events record it. */
export interface RequestMeta {
  ip: string;
  userAgent: string | null;
}

export function metaOf(request: FastifyRequest): RequestMeta {
  return { ip: request.ip, userAgent: request.headers['user-agent']?.slice(0, 500) ?? null };
}
