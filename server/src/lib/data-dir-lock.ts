// An exclusive lock on the embedded database's folder, so that one process at a time opens it.
// PGlite keeps the database in the process's memory and writes its files back as it goes: a second
// process on the same files (a second `npm start`, a seed while the server runs) would overwrite
// the first one's acknowledged writes with its own older copy.
//
// The lock is the kernel's (an open file description lock, fcntl F_OFD_SETLK on Linux, flock on
// macOS, through fs-native-extensions), not a file whose existence means "locked": the kernel drops
// it the moment its holder dies, kill -9 included, so a stale lock cannot exist and a restart after
// a crash takes it over at once. The file only tells the refused process who holds it.
import { closeSync, ftruncateSync, openSync, readFileSync, writeSync } from 'node:fs';
import { hostname } from 'node:os';
import fsx from 'fs-native-extensions';

export interface DirectoryLock {
  /** Where the lock lives: `<dir>.lock`, beside the folder it guards. */
  path: string;
  /** Gives the lock up (closing the file releases it). Safe to call twice. */
  release(): void;
}

export class DirectoryLockedError extends Error {
  override name = 'DirectoryLockedError';
}

/**
 * Takes the lock on `dir` without waiting, or throws DirectoryLockedError saying which process
 * holds it. The lock file is `<dir>.lock` (beside the folder, so the folder holds only the
 * database's own files).
 */
export function lockDirectory(dir: string): DirectoryLock {
  const lockPath = `${dir}.lock`;
  // 'a+': create when missing, never truncate before the lock is ours (the holder's details stay).
  const fd = openSync(lockPath, 'a+', 0o600);
  let locked: boolean;
  try {
    locked = fsx.tryLock(fd);
  } catch (error) {
    closeSync(fd);
    throw error;
  }
  if (!locked) {
    closeSync(fd);
    throw new DirectoryLockedError(describeHolder(lockPath));
  }
  const holder = `${JSON.stringify({ pid: process.pid, host: hostname(), since: new Date().toISOString() })}\n`;
  ftruncateSync(fd);
  writeSync(fd, holder, 0);
  let open = true;
  return {
    path: lockPath,
    release() {
      if (!open) return;
      open = false;
      closeSync(fd);
    },
  };
}

function describeHolder(lockPath: string): string {
  try {
    const { pid, host, since } = JSON.parse(readFileSync(lockPath, 'utf8')) as { pid?: number; host?: string; since?: string };
    if (typeof pid === 'number') return `another Plates process (pid ${pid} on ${host ?? 'this machine'}, since ${since ?? 'an unknown time'}) has it open`;
  } catch {
    // The holder has not written its details yet, or the file is not ours: say less.
  }
  return 'another Plates process has it open';
}
