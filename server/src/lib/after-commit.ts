import { PgTransaction } from 'drizzle-orm/pg-core';

/**
 * Work that must wait until a transaction has committed (a realtime event about a row it wrote):
 * `afterCommit(tx, fn)` queues `fn` on the transaction and runs it once the outermost transaction
 * has committed; a rollback (a thrown error, `tx.rollback()`) discards the queue. Outside a
 * transaction `fn` runs at once, since the statement before it has already committed.
 *
 * `trackCommits(db)` makes `db.transaction` (and every nested `tx.transaction`, a savepoint) keep
 * such a queue; `createDatabase` applies it, so every handle the app uses is tracked. A savepoint
 * that rolls back drops its own queue while the outer transaction goes on.
 */
type Work = () => void;

interface Transactional {
  transaction(work: (tx: Transactional) => Promise<unknown>, config?: unknown): Promise<unknown>;
}

const queues = new WeakMap<object, Work[]>();

export function trackCommits<T extends object>(db: T): T {
  track(db as unknown as Transactional, undefined);
  return db;
}

function track(handle: Transactional, parentQueue: Work[] | undefined): void {
  const original = handle.transaction.bind(handle);
  handle.transaction = async (work, config) => {
    const queue: Work[] = [];
    const result = await original(async (tx) => {
      queues.set(tx, queue);
      track(tx, queue);
      return work(tx);
    }, config);
    // A savepoint's work joins its parent's queue; only the outermost commit runs it.
    if (parentQueue) parentQueue.push(...queue);
    else for (const run of queue) runSafely(run);
    return result;
  };
}

export function afterCommit(handle: object, run: Work): void {
  const queue = queues.get(handle);
  if (queue) {
    queue.push(run);
    return;
  }
  if (handle instanceof PgTransaction) {
    // Not started through a tracked database: nobody would tell us whether it commits.
    throw new Error('afterCommit: this transaction was not started from a database made by createDatabase');
  }
  runSafely(run);
}

function runSafely(run: Work): void {
  try {
    run();
  } catch (error) {
    // The callers' work is asynchronous and handles its own errors; a synchronous throw is a bug
    // in the callback, which must not turn a committed transaction into a failed request.
    console.warn(`afterCommit: callback failed: ${(error as Error).message}`);
  }
}
