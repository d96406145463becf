import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import { codeForStatus, fallbackMessage, MESSAGES, type ErrorBody } from '@plates/common';
import { AppError } from '../lib/app-error.js';
import { isDatabaseTimeout } from '../lib/db-errors.js';

/**
 * One error path: every failure, whatever threw it, leaves as `{message, code, field?}` with the
 * catalogue's status and code. Unexpected failures are logged with the request id and answered
 * without detail; no stack trace ever reaches a client.
 */
export function registerErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((error: unknown, request: FastifyRequest, reply: FastifyReply) => {
    if (clientWentAway(error, request)) {
      // Nothing failed here and no one is left to answer: a note, not an error report.
      request.log.info({ code: (error as { code?: string }).code }, 'client closed the connection before its request was read');
      return reply.code(400).type('application/json; charset=utf-8').send({ message: MESSAGES.clientClosed, code: 'BAD_REQUEST' });
    }
    if (isDatabaseTimeout(error)) {
      // Overload, not a fault of this request: a warning, and a hint to try again shortly.
      request.log.warn({ err: error, reqId: request.id }, 'database: statement cancelled or no connection free in time');
      return reply
        .code(503)
        .header('retry-after', '1')
        .type('application/json; charset=utf-8')
        .send({ message: MESSAGES.databaseTimeout, code: 'SERVICE_UNAVAILABLE' } satisfies ErrorBody);
    }
    const { status, body } = toAnswer(error);
    if (status >= 500) {
      request.log.error({ err: error, reqId: request.id }, 'unexpected error');
    } else {
      request.log.info({ code: body.code, status }, body.message);
    }
    if (status === 429 && error instanceof AppError && error.retryAfterSeconds !== undefined) {
      reply.header('retry-after', String(error.retryAfterSeconds));
    }
    return reply.code(status).type('application/json; charset=utf-8').send(body);
  });
}

/**
 * The client closed the connection while its body was being read (a cancelled upload, a closed
 * tab): Node fails the read with "aborted" (ECONNRESET) or a premature close.
 */
function clientWentAway(error: unknown, request: FastifyRequest): boolean {
  const code = (error as { code?: unknown } | undefined)?.code;
  const abortCode = code === 'ECONNRESET' || code === 'ERR_STREAM_PREMATURE_CLOSE' || code === 'ECONNABORTED';
  return abortCode && (request.raw.destroyed || request.raw.socket?.destroyed === true);
}

function toAnswer(error: unknown): { status: number; body: ErrorBody } {
  if (error instanceof AppError) {
    const body: ErrorBody = { message: error.message, code: error.code };
    if (error.field) body.field = error.field;
    if (error.appealToken) body.appealToken = error.appealToken;
    return { status: error.statusCode, body };
  }
  if (hasZodFastifySchemaValidationErrors(error)) {
    const first = error.validation[0];
    const field = first?.instancePath.replace(/^\//, '').replace(/\//g, '.') || undefined;
    const message = first?.message ?? 'Invalid request';
    const body: ErrorBody = { message, code: 'VALIDATION_ERROR' };
    if (field) body.field = field;
    return { status: 400, body };
  }
  if (isResponseSerializationError(error)) {
    return { status: 500, body: { message: MESSAGES.internal, code: 'INTERNAL_ERROR' } };
  }
  const fastifyError = error as Partial<FastifyError>;
  const status = typeof fastifyError.statusCode === 'number' ? fastifyError.statusCode : 500;
  if (status >= 500 || status < 400) {
    return { status: 500, body: { message: MESSAGES.internal, code: 'INTERNAL_ERROR' } };
  }
  switch (fastifyError.code) {
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
      return { status: 400, body: { message: MESSAGES.malformedJson, code: 'BAD_REQUEST' } };
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return { status: 413, body: { message: MESSAGES.payloadTooLarge, code: 'PAYLOAD_TOO_LARGE' } };
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      return {
        status: 415,
        body: { message: 'Invalid request: send the body as JSON.', code: 'BAD_REQUEST' },
      };
    default:
      break;
  }
  if (error instanceof SyntaxError) {
    return { status: 400, body: { message: MESSAGES.malformedJson, code: 'BAD_REQUEST' } };
  }
  // Fastify's own client errors (empty JSON body, bad content length…): safe, short texts.
  return {
    status,
    body: { message: fallbackMessage(status, fastifyError.message), code: codeForStatus(status) },
  };
}
