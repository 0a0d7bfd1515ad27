import type { ConfigDb } from '../stores/config/db';

/**
 * Values read from the config store, kept in memory while nothing they depend on has been written
 * (issue #22, load: the session, the user and the account scope were read again on every request).
 * An entry is used only while the store's write stamp of its tables (ConfigDb.writeStamp) is the
 * one seen before it was read, and for at most its own time to live; a write through the store ends
 * it at once (sign-out, password change, a right taken away, a user disabled). On a store that
 * other processes write too (PostgreSQL) the stamp is null and every call reads the store.
 */
export interface StoreMemoOptions {
  /** The tables the values are read from ('name', or 'DELETE name' for deletions only). */
  tables: readonly string[];
  maxEntries: number;
  now?: () => number;
}

interface Entry<V> {
  stamp: number;
  expires: number;
  value: V;
}

export class StoreMemo<V> {
  private readonly entries = new Map<string, Entry<V>>();
  /** Reads in flight: identical misses under one stamp wait for one read instead of each asking the store. */
  private readonly reading = new Map<string, { stamp: number; value: Promise<V> }>();
  private readonly now: () => number;

  constructor(
    private readonly db: ConfigDb,
    private readonly opts: StoreMemoOptions,
  ) {
    this.now = opts.now ?? Date.now;
  }

  get size(): number {
    return this.entries.size;
  }

  /** The kept value of `key`, or `load`'s (kept for its keepMs; 0 = not kept). */
  async get(key: string, load: () => Promise<{ value: V; keepMs: number }>): Promise<V> {
    const stamp = this.db.writeStamp(this.opts.tables);
    if (stamp === null) return (await load()).value;
    const t = this.now();
    const found = this.entries.get(key);
    if (found && found.stamp === stamp && found.expires > t) return found.value;
    if (found) this.entries.delete(key);
    const inFlight = this.reading.get(key);
    if (inFlight && inFlight.stamp === stamp) return inFlight.value;
    const value = this.read(key, stamp, t, load);
    this.reading.set(key, { stamp, value });
    try {
      return await value;
    } finally {
      if (this.reading.get(key)?.value === value) this.reading.delete(key);
    }
  }

  private async read(key: string, stamp: number, t: number, load: () => Promise<{ value: V; keepMs: number }>): Promise<V> {
    const { value, keepMs } = await load();
    // Kept with the stamp seen before reading: a write during the read makes it stale at once.
    if (keepMs > 0 && this.db.writeStamp(this.opts.tables) === stamp) {
      this.entries.set(key, { stamp, expires: t + keepMs, value });
      if (this.entries.size > this.opts.maxEntries) {
        // The oldest first (a Map keeps insertion order).
        for (const k of this.entries.keys()) {
          if (this.entries.size <= this.opts.maxEntries) break;
          this.entries.delete(k);
        }
      }
    }
    return value;
  }
}
