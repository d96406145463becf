import type { IncomingMessage } from 'node:http';
import type { FastifyMultipartOptions, MultipartFile } from '@fastify/multipart';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { LIMITS } from '@plates/common';
import { AppError } from '../../lib/app-error.js';
import { isUnsafeText, unsafeTextError } from '../../plugins/text-safety.js';
import { MEDIA_MESSAGES } from './media.messages.js';

/** One image and a few short text fields (title, description, location, ...). */
export const MULTIPART_LIMITS = {
  fileSize: LIMITS.uploadBytes,
  files: 1,
  fields: 10,
  fieldSize: 4 * 1024,
  fieldNameSize: 100,
  parts: 12,
  headerPairs: 20,
} as const;

/** Options to register `@fastify/multipart` with: `app.register(fastifyMultipart, multipartOptions)`. */
export const multipartOptions: FastifyMultipartOptions = { limits: { ...MULTIPART_LIMITS }, throwFileSizeLimit: true };

/** What a form may add around the file: every field full, plus part headers and boundaries. */
const FORM_OVERHEAD_BYTES = MULTIPART_LIMITS.fields * MULTIPART_LIMITS.fieldSize + 64 * 1024;

/**
 * How much of a refused body is still read and thrown away before answering. An HTTP client
 * (Node's fetch, browsers) that is still sending when the server closes the connection reports a
 * reset and never shows the answer; reading the rest lets it hear the 413 or 400. Past these
 * bounds (a body over `bytes`, declared or sent; a client still sending after `totalMs`, or
 * silent for `idleMs`) the answer goes at once with `Connection: close`.
 */
export const DRAIN_LIMITS = { bytes: 32 * 1024 * 1024, totalMs: 10_000, idleMs: 2_000 } as const;

/** RFC 2046 §5.1.1: 1 to 70 of these characters, not ending in a space (busboy fails past 252). */
const BOUNDARY = /^[0-9A-Za-z'()+_,\-./:=? ]{0,69}[0-9A-Za-z'()+_,\-./:=?]$/;

export interface ImageUpload {
  bytes: Buffer;
  /** As the client named and typed it: for logs only, never to decide anything. */
  filename: string;
  mimetype: string;
  fieldname: string;
  fields: Record<string, string>;
}

const tooLarge = (maxBytes: number = MULTIPART_LIMITS.fileSize) =>
  new AppError(
    'FILE_TOO_LARGE',
    maxBytes >= MULTIPART_LIMITS.fileSize ? MEDIA_MESSAGES.fileTooLarge : MEDIA_MESSAGES.fileTooLargeFor(maxBytes / (1024 * 1024)),
  );

/**
 * Reads the one image and the text fields of a multipart request. The file is buffered only up to
 * the 5 MB limit: a larger one (or a `Content-Length` that cannot fit) is refused with 413 without
 * keeping the rest. No file (or an empty one) is FILE_REQUIRED.
 *
 * When it gives up before the body has ended, it reads and discards the rest (within
 * DRAIN_LIMITS) so the client hears the answer; past those bounds the answer carries
 * `Connection: close`, so the connection is closed once answered instead of sitting on an unread
 * body (a paused socket would not even notice the client leaving).
 */
export async function readImageUpload(
  request: FastifyRequest,
  reply: FastifyReply,
  options: { fileField?: string; maxBytes?: number } = {},
): Promise<ImageUpload> {
  const fileField = options.fileField ?? 'image';
  const { file, fields } = await readMultipartForm(request, reply, { ...options, fileField });
  if (!file) throw new AppError('FILE_REQUIRED', MEDIA_MESSAGES.fileRequired, fileField);
  return { ...file, fields };
}

/**
 * The same reading as `readImageUpload` for forms whose image is optional (a profile form): the
 * text fields, and the file when one was sent (an empty file part counts as none). The file must
 * come as `fileField`; a form with a broken boundary, or a field name over
 * MULTIPART_LIMITS.fieldNameSize, is refused.
 */
export async function readMultipartForm(
  request: FastifyRequest,
  reply: FastifyReply,
  /** `maxBytes`: a lower file limit than MULTIPART_LIMITS.fileSize (the admin's largest photo). */
  options: { fileField?: string; maxBytes?: number } = {},
): Promise<{ fields: Record<string, string>; file: Omit<ImageUpload, 'fields'> | undefined }> {
  const maxBytes = Math.min(options.maxBytes ?? MULTIPART_LIMITS.fileSize, MULTIPART_LIMITS.fileSize);
  const fileField = options.fileField ?? 'image';
  if (!request.isMultipart()) throw new AppError('BAD_REQUEST', MEDIA_MESSAGES.notMultipart, undefined, 415);
  const declared = Number(request.headers['content-length']);
  const refuse = async (error: unknown) => {
    if (!(await drain(request.raw, declared))) reply.header('connection', 'close');
    return error;
  };
  if (Number.isFinite(declared) && declared > MULTIPART_LIMITS.fileSize + FORM_OVERHEAD_BYTES) throw await refuse(tooLarge());
  if (!BOUNDARY.test(boundaryOf(request.headers['content-type'] ?? '') ?? '')) {
    throw await refuse(new AppError('BAD_REQUEST', MEDIA_MESSAGES.malformedForm));
  }

  const fields: Record<string, string> = {};
  let file: Omit<ImageUpload, 'fields'> | undefined;
  try {
    for await (const part of request.parts({ limits: { ...MULTIPART_LIMITS } })) {
      // busboy does not apply fieldNameSize to multipart forms: names arrive whole
      if (part.fieldname.length > MULTIPART_LIMITS.fieldNameSize) {
        throw new AppError('PAYLOAD_TOO_LARGE', MEDIA_MESSAGES.fieldsTooLarge);
      }
      if (part.type === 'file') {
        if (file) throw new AppError('BAD_REQUEST', MEDIA_MESSAGES.oneFileOnly, fileField);
        if (part.fieldname !== fileField) throw new AppError('BAD_REQUEST', MEDIA_MESSAGES.wrongFileField(fileField), fileField);
        file = {
          bytes: await readFile(part, maxBytes),
          filename: part.filename,
          mimetype: part.mimetype,
          fieldname: part.fieldname,
        };
      } else {
        if (part.fieldnameTruncated || part.valueTruncated) {
          throw new AppError('PAYLOAD_TOO_LARGE', MEDIA_MESSAGES.fieldsTooLarge, part.fieldname);
        }
        const value = String(part.value);
        // The same refusal as JSON bodies get (plugins/text-safety): multipart is read here, not there.
        if (isUnsafeText(part.fieldname)) throw unsafeTextError('');
        if (isUnsafeText(value)) throw unsafeTextError(part.fieldname);
        fields[part.fieldname] = value;
      }
    }
  } catch (error) {
    throw await refuse(toAppError(error, fileField));
  }
  return { fields, file: file && file.bytes.length > 0 ? file : undefined };
}

/** The `boundary` parameter of a Content-Type, a token or a quoted string; undefined when absent. */
function boundaryOf(contentType: string): string | undefined {
  const match = /;\s*boundary\s*=\s*(?:"((?:[^"\\]|\\.)*)"|([^;\s]*))/i.exec(contentType);
  if (!match) return undefined;
  return match[1] !== undefined ? match[1].replace(/\\(.)/g, '$1') : match[2];
}

/**
 * Reads and discards the rest of a request body. True once it has ended; false when it passes
 * DRAIN_LIMITS or the client goes away (what is left is then discarded as it arrives, until the
 * connection closes).
 */
function drain(body: IncomingMessage, declared: number): Promise<boolean> {
  if (body.readableEnded) return Promise.resolve(true);
  body.unpipe(); // from busboy: nothing parses the rest
  body.resume();
  if (body.destroyed || declared > DRAIN_LIMITS.bytes) return Promise.resolve(false);
  return new Promise<boolean>((resolve) => {
    let left = DRAIN_LIMITS.bytes;
    const finish = (ended: boolean) => {
      clearTimeout(total);
      clearTimeout(idle);
      body.off('data', onData).off('end', onEnd).off('close', onClose).off('error', onClose);
      resolve(ended);
    };
    const total = setTimeout(() => finish(false), DRAIN_LIMITS.totalMs);
    const idle = setTimeout(() => finish(false), DRAIN_LIMITS.idleMs);
    const onData = (chunk: Buffer) => {
      left -= chunk.length;
      if (left < 0) finish(false);
      else idle.refresh();
    };
    const onEnd = () => finish(true);
    const onClose = () => finish(body.readableEnded);
    body.on('data', onData).once('end', onEnd).once('close', onClose).once('error', onClose);
  });
}

/** Buffers a file part, failing the moment it passes the limit (busboy would skip the rest silently). */
function readFile(part: MultipartFile, maxBytes: number): Promise<Buffer> {
  const stream = part.file;
  return new Promise<Buffer>((resolve, reject) => {
    const chunks: Buffer[] = [];
    let total = 0;
    const fail = (error: Error) => {
      chunks.length = 0;
      stream.removeAllListeners('data');
      stream.destroy();
      reject(error);
    };
    stream.on('data', (chunk: Buffer) => {
      total += chunk.length;
      if (total > maxBytes) return fail(tooLarge(maxBytes));
      chunks.push(chunk);
    });
    stream.once('limit', () => fail(tooLarge()));
    stream.once('error', (error) => fail(error));
    stream.once('end', () => (stream.truncated ? fail(tooLarge()) : resolve(Buffer.concat(chunks, total))));
    // A form cut short and read after its whole body arrived: busboy fails the file part before
    // anyone listens (the error above never comes), so the route waited forever (found by the fuzz).
    const cutShort = () => new Error('Unexpected end of form');
    stream.once('close', () => {
      if (!stream.readableEnded) fail(stream.errored ?? cutShort());
    });
    if (stream.destroyed) fail(stream.errored ?? cutShort());
  });
}

function toAppError(error: unknown, fileField: string): unknown {
  if (error instanceof AppError) return error;
  switch ((error as { code?: unknown } | undefined)?.code) {
    case 'FST_REQ_FILE_TOO_LARGE':
      return tooLarge();
    case 'FST_FILES_LIMIT':
      return new AppError('BAD_REQUEST', MEDIA_MESSAGES.oneFileOnly, fileField);
    case 'FST_FIELDS_LIMIT':
    case 'FST_PARTS_LIMIT':
      return new AppError('PAYLOAD_TOO_LARGE', MEDIA_MESSAGES.fieldsTooLarge);
    case 'FST_PROTO_VIOLATION':
    case 'FST_INVALID_MULTIPART_CONTENT_TYPE':
      return new AppError('BAD_REQUEST', MEDIA_MESSAGES.malformedForm);
    default:
      break;
  }
  // busboy's own complaints about a broken body ("Unexpected end of form", "Malformed part header", ...)
  if (error instanceof Error && /multipart|unexpected end|malformed|boundary|terminated early/i.test(error.message)) {
    return new AppError('BAD_REQUEST', MEDIA_MESSAGES.malformedForm);
  }
  return error;
}

/**
 * A multipart form's text fields as the route's zod schema reads them: the first problem is the
 * catalogue's 400 VALIDATION_ERROR on its field, as for a JSON body.
 */
export function parseFields<T>(schema: z.ZodType<T>, fields: Record<string, string>): T {
  const parsed = schema.safeParse(fields);
  if (parsed.success) return parsed.data;
  const issue = parsed.error.issues[0];
  const field = issue?.path.map(String).join('.') || undefined;
  throw new AppError('VALIDATION_ERROR', issue?.message ?? 'Invalid request', field);
}
