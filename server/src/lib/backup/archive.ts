// The backup archive: a plain tar (tar-stream), gzipped as a whole when its name ends in `.gz`.
// Entries are streamed in one at a time with back-pressure and hashed on the way, so an uploads
// folder of any size goes through a few buffers of memory. The file is written under a temporary
// name and renamed once complete: a backup that failed half-way never looks like a finished one.
import { createHash } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { open, rename, rm, stat } from 'node:fs/promises';
import { once } from 'node:events';
import type { Readable, Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { createGunzip, createGzip } from 'node:zlib';
import tar from 'tar-stream';
import type { ManifestEntry } from './manifest.js';
import { ArchiveError } from './errors.js';

export { ArchiveError } from './errors.js';

/** A fixed time on every entry, so that the tar's headers say nothing the manifest does not. */
const ENTRY_TIME = new Date(0);

export interface ArchiveWriter {
  /** Streams `size` bytes from `source` into the entry `name`; answers its size and sha256. */
  add(name: string, size: number, source: AsyncIterable<Uint8Array>): Promise<ManifestEntry>;
  /** Ends the archive and moves it to its final name; answers its size in bytes. */
  finish(): Promise<number>;
  /** Removes the partial file after a failure. */
  abort(): Promise<void>;
}

export function createArchiveWriter(file: string): ArchiveWriter {
  const partial = `${file}.partial`;
  const pack = tar.pack();
  // tar-stream's streams are streamx ones, which Node's pipeline accepts as its own.
  const stages: (Readable | Writable)[] = [pack as unknown as Readable];
  if (/\.gz$|\.tgz$/i.test(file)) stages.push(createGzip({ level: 6 }));
  stages.push(createWriteStream(partial, { flags: 'wx', mode: 0o600 }));
  // Runs for the archive's whole life; a failure (disk full) surfaces in add() or finish().
  let failure: Error | undefined;
  const written = pipeline(stages as [Readable, ...Writable[]]).catch((error: Error) => {
    failure = new ArchiveError(`cannot write ${partial}: ${error.message}`);
    throw failure;
  });
  written.catch(() => {});

  return {
    async add(name, size, source) {
      if (failure) throw failure;
      const hash = createHash('sha256');
      let bytes = 0;
      let entry!: Writable;
      const entryDone = new Promise<void>((ok, fail) => {
        const sink = pack.entry({ name, size, mode: 0o644, mtime: ENTRY_TIME, type: 'file' }, (error) => (error ? fail(error) : ok()));
        entry = sink as unknown as Writable;
      });
      // Awaited below; a failed entry (destroyed on a size mismatch) must not be an unhandled rejection.
      entryDone.catch(() => {});
      for await (const chunk of source) {
        bytes += chunk.length;
        if (bytes > size) break;
        hash.update(chunk);
        if (!entry.write(chunk)) await Promise.race([once(entry, 'drain'), written]);
        if (failure) throw failure;
      }
      if (bytes !== size) {
        const error = new ArchiveError(`${name} changed while it was being backed up (${bytes} bytes read, ${size} expected)`);
        entry.destroy(error);
        throw error;
      }
      entry.end();
      await entryDone;
      return { name, size, sha256: hash.digest('hex') };
    },

    async finish() {
      pack.finalize();
      await written;
      await rename(partial, file);
      return (await stat(file)).size;
    },

    async abort() {
      pack.destroy();
      await written.catch(() => {});
      await rm(partial, { force: true });
    },
  };
}

export interface ArchiveEntry {
  name: string;
  size: number;
  /** The entry's bytes; read it to the end (or not at all) before asking for the next entry. */
  stream: AsyncIterable<Buffer>;
}

/** The entries of an archive in order, gunzipping when the file starts with gzip's magic bytes. */
export async function* readArchive(file: string): AsyncGenerator<ArchiveEntry> {
  const gzipped = await startsWithGzipMagic(file);
  const extract = tar.extract();
  const stages: (Readable | Writable)[] = [createReadStream(file)];
  if (gzipped) stages.push(createGunzip());
  stages.push(extract as unknown as Writable);
  const fed = pipeline(stages as [Readable, ...Writable[]]);
  // A read or gunzip error (a truncated or altered .gz) ends the iteration below with that error.
  fed.catch((error: Error) => extract.destroy(error));
  try {
    for await (const entry of extract) {
      const { name, size, type } = entry.header;
      if (type !== 'file') throw new ArchiveError(`unexpected ${type ?? 'unknown'} entry ${JSON.stringify(name)}`);
      yield { name, size: size ?? 0, stream: unreadableAsArchiveError(entry as AsyncIterable<Buffer>) };
      // Whatever the consumer left unread is skipped, so the next header can be parsed.
      entry.resume();
    }
    await fed;
  } catch (error) {
    if (error instanceof ArchiveError) throw error;
    throw new ArchiveError(`the archive cannot be read: ${(error as Error).message}`);
  } finally {
    extract.destroy();
  }
}

/** A cut or damaged archive fails inside an entry's data: say so in the archive's words. */
async function* unreadableAsArchiveError(stream: AsyncIterable<Buffer>): AsyncGenerator<Buffer> {
  try {
    yield* stream;
  } catch (error) {
    throw new ArchiveError(`the archive cannot be read: ${(error as Error).message}`);
  }
}

async function startsWithGzipMagic(file: string): Promise<boolean> {
  const handle = await open(file, 'r');
  try {
    const head = Buffer.alloc(2);
    const { bytesRead } = await handle.read(head, 0, 2, 0);
    return bytesRead === 2 && head[0] === 0x1f && head[1] === 0x8b;
  } finally {
    await handle.close();
  }
}

/** sha256 of an entry's stream, read to the end. */
export async function hashStream(stream: AsyncIterable<Uint8Array>): Promise<{ size: number; sha256: string }> {
  const hash = createHash('sha256');
  let size = 0;
  for await (const chunk of stream) {
    size += chunk.length;
    hash.update(chunk);
  }
  return { size, sha256: hash.digest('hex') };
}
