import type { FastifyRequest } from 'fastify';
import type { ConfigDb } from '../stores/config/db';
import { lockUpdateTime, type StaleCheckedTable } from '../stores/config/shellStale';
import { notFound, staleRecord } from './envelope';

/**
 * Optimistic concurrency for the updates of issue #35 item 4: `write` runs only if the record still
 * has the `updateTime` it was read at. Call it after the tenant check (the record was found in the
 * caller's scope), so another tenant's record answers 'not found' whatever `readAt` says.
 *
 * With `readAt`, the record's row is locked and compared inside one transaction with the write, so
 * of two writers that read the same version one passes and the other is refused with code "409"
 * (each backend's envelope). `write` must use the store handle it is given (the transaction). Without
 * `readAt` the write runs unchecked, as before (scripts, older clients).
 */
export async function writeIfUnchanged<T>(
  request: FastifyRequest,
  table: StaleCheckedTable,
  key: number | string,
  readAt: string | undefined,
  write: (db: ConfigDb) => Promise<T>,
): Promise<T> {
  const db = request.server.db;
  if (readAt === undefined) return write(db);
  return db.transaction(async (tx) => {
    const stored = await lockUpdateTime(tx, table, key);
    if (stored === null) throw notFound();
    if (stored !== Date.parse(readAt)) throw staleRecord();
    return write(tx);
  });
}
