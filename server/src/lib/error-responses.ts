import { ErrorBody } from '@plates/common';

/**
 * The error answers a route may give, for its OpenAPI `response` map: every failure has the one
 * `{ message, code, field? }` shape.
 */
export function errorResponses<S extends number>(...statuses: S[]): Record<S, typeof ErrorBody> {
  return Object.fromEntries(statuses.map((s) => [s, ErrorBody])) as Record<S, typeof ErrorBody>;
}

/** Every status a write route that reads a body or a file may answer with. */
export const WRITE_ERRORS = errorResponses(400, 401, 403, 404, 409, 413, 415, 429);
