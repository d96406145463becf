import type { FastifyMultipartOptions, MultipartFile } from '@fastify/multipart';
import type { FastifyReply, FastifyRequest } from 'fastify';
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

export interface ImageUpload {
  bytes: Buffer;
  /** As the client named and typed it: for logs only, never to decide anything. */
  filename: string;
  mimetype: string;
  fieldname: string;
  fields: Record<string, string>;
}

const tooLarge = () => new AppError('FILE_TOO_LARGE', MEDIA_MESSAGES.fileTooLarge);

/**
 * Reads the one image and the text fields of a multipart request. The file is buffered only up to
 * the 5 MB limit: a larger one (or a `Content-Length` that cannot fit) is answered 413 at once,
 * without reading or keeping the rest. No file (or an empty one) is FILE_REQUIRED.
 *
 * When it gives up before the body has ended, the answer carries `Connection: close`, so the
 * connection is closed once answered instead of sitting on an unread body (a paused socket would
 * not even notice the client leaving), and the rest of the body is discarded as it arrives.
 */
export async function readImageUpload(
  request: FastifyRequest,
  reply: FastifyReply,
  options: { fileField?: string } = {},
): Promise<ImageUpload> {
  const fileField = options.fileField ?? 'image';
  const { file, fields } = await readMultipartForm(request, reply, { fileField });
  if (!file) throw new AppError('FILE_REQUIRED', MEDIA_MESSAGES.fileRequired, fileField);
  return { ...file, fields };
}

/**
 * The same reading as `readImageUpload` for forms whose image is optional (a profile form): the
 * text fields, and the file when one was sent (an empty file part counts as none).
 */
export async function readMultipartForm(
  request: FastifyRequest,
  reply: FastifyReply,
  options: { fileField?: string } = {},
): Promise<{ fields: Record<string, string>; file: Omit<ImageUpload, 'fields'> | undefined }> {
  const fileField = options.fileField ?? 'image';
  if (!request.isMultipart()) throw new AppError('BAD_REQUEST', MEDIA_MESSAGES.notMultipart, undefined, 415);
  const abandon = (error: unknown) => {
    if (!request.raw.readableEnded) {
      reply.header('connection', 'close');
      request.raw.resume();
    }
    return error;
  };
  const declared = Number(request.headers['content-length']);
  if (Number.isFinite(declared) && declared > MULTIPART_LIMITS.fileSize + FORM_OVERHEAD_BYTES) throw abandon(tooLarge());

  const fields: Record<string, string> = {};
  let file: Omit<ImageUpload, 'fields'> | undefined;
  try {
    for await (const part of request.parts({ limits: { ...MULTIPART_LIMITS } })) {
      if (part.type === 'file') {
        if (file) throw new AppError('BAD_REQUEST', MEDIA_MESSAGES.oneFileOnly, fileField);
        file = {
          bytes: await readFile(part),
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
    throw abandon(toAppError(error, fileField));
  }
  return { fields, file: file && file.bytes.length > 0 ? file : undefined };
}

/** Buffers a file part, failing the moment it passes the limit (busboy would skip the rest silently). */
function readFile(part: MultipartFile): Promise<Buffer> {
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
      if (total > MULTIPART_LIMITS.fileSize) return fail(tooLarge());
      chunks.push(chunk);
    });
    stream.once('limit', () => fail(tooLarge()));
    stream.once('error', (error) => fail(error));
    stream.once('end', () => (stream.truncated ? fail(tooLarge()) : resolve(Buffer.concat(chunks, total))));
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
