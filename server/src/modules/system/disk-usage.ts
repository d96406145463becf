import type { Dirent } from 'node:fs';
import { lstat, readdir } from 'node:fs/promises';
import path from 'node:path';

/** Files stat'ed at once while walking (the walk is asynchronous: libuv's pool, not the event loop). */
const PARALLEL = 16;

/**
 * The bytes and files under `dir` (symbolic links not followed; a missing folder is empty),
 * walked asynchronously so the event loop keeps serving while it runs.
 */
export async function directoryUsage(dir: string): Promise<{ bytes: number; files: number }> {
  let bytes = 0;
  let files = 0;
  const folders = [dir];
  while (folders.length > 0) {
    const folder = folders.pop()!;
    let entries: Dirent[];
    try {
      entries = await readdir(folder, { withFileTypes: true });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') continue;
      throw error;
    }
    const plain: string[] = [];
    for (const entry of entries) {
      const full = path.join(folder, entry.name);
      if (entry.isDirectory()) folders.push(full);
      else if (entry.isFile()) plain.push(full);
    }
    for (let i = 0; i < plain.length; i += PARALLEL) {
      const sizes = await Promise.all(
        plain.slice(i, i + PARALLEL).map((file) =>
          lstat(file).then(
            (s) => s.size,
            () => -1, // deleted while walking
          ),
        ),
      );
      for (const size of sizes) {
        if (size < 0) continue;
        bytes += size;
        files++;
      }
    }
  }
  return { bytes, files };
}

/**
 * `measure` at most once per `ttlMs`: callers within that time share the last answer (or the walk
 * in flight); a failed walk is not kept.
 */
export function cachedFor<T>(ttlMs: number, measure: () => Promise<T>, now: () => number = Date.now) {
  let last: { at: number; value: Promise<T> } | undefined;
  return (): { at: number; value: Promise<T> } => {
    if (!last || now() - last.at >= ttlMs) {
      const value = measure();
      const entry = { at: now(), value };
      last = entry;
      value.catch(() => {
        if (last === entry) last = undefined;
      });
    }
    return last;
  };
}
