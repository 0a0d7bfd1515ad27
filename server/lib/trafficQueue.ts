import type { TrafficEngine } from '../stores/traffic/engine';
import { PortalError } from './envelope';

/**
 * The bounded queue in front of the traffic engine (issue #22, load): at most `concurrency`
 * statements run in the engine at once, at most `maxQueued` more wait their turn, and a call beyond
 * that is refused at once with the "busy" envelope (HTTP 503, code "503", Retry-After). The engine
 * thus never takes more of the machine than `concurrency` statements' worth, and calls that only
 * read the configuration store (domain search, settings) never wait behind analysis queries.
 * Applied once, where the app decorates `app.traffic` (server/app.ts): every route, job and seeder
 * goes through it. `concurrency` 0 = no limit (the bench's "before" run).
 */
export interface TrafficQueueOptions {
  concurrency: number;
  maxQueued: number;
}

export interface QueueStats {
  running: number;
  queued: number;
  rejected: number;
}

export class TrafficBusyError extends PortalError {
  constructor() {
    super('503', 'trafficBusy', 503);
  }
}

/** A counting semaphore with a bounded wait list (first come, first served). */
export class BoundedQueue {
  private running = 0;
  private rejected = 0;
  private readonly waiting: Array<() => void> = [];

  constructor(private readonly opts: TrafficQueueOptions) {}

  get stats(): QueueStats {
    return { running: this.running, queued: this.waiting.length, rejected: this.rejected };
  }

  async run<T>(fn: () => Promise<T>): Promise<T> {
    if (this.opts.concurrency <= 0) return fn();
    if (this.running >= this.opts.concurrency) {
      if (this.waiting.length >= this.opts.maxQueued) {
        this.rejected++;
        throw new TrafficBusyError();
      }
      await new Promise<void>((resolve) => this.waiting.push(resolve));
    } else {
      this.running++;
    }
    try {
      return await fn();
    } finally {
      // Hand the slot straight to the next waiter (running stays the same), or free it.
      const next = this.waiting.shift();
      if (next) next();
      else this.running--;
    }
  }
}

/** Writes through each queued engine (inserts and statements), for the answer cache's keys. */
const writeCounts = new WeakMap<TrafficEngine, { n: number }>();

/** How many writes went through this engine so far (0 for an engine that is not queued). */
export const trafficWrites = (engine: TrafficEngine): number => writeCounts.get(engine)?.n ?? 0;

/** The engine behind the queue; `exec` and `insertRaw` also count as writes (they end cached answers). */
export function queuedTraffic(engine: TrafficEngine, opts: TrafficQueueOptions): TrafficEngine & { queue: BoundedQueue } {
  const queue = new BoundedQueue(opts);
  const writes = { n: 0 };
  const wrote = <T>(p: Promise<T>) => p.finally(() => writes.n++);
  const queued: TrafficEngine & { queue: BoundedQueue } = {
    kind: engine.kind,
    queue,
    query: <T>(sql: string, params?: Record<string, unknown>) => queue.run(() => engine.query<T>(sql, params)),
    exec: (sql, params) => wrote(queue.run(() => engine.exec(sql, params))),
    insertRaw: (table, data, format, columns, settings) => wrote(queue.run(() => engine.insertRaw(table, data, format, columns, settings))),
    exportGzip: (sql, params, format, file) => queue.run(() => engine.exportGzip(sql, params, format, file)),
    trimMemory: (above) => queue.run(() => engine.trimMemory(above)),
    close: () => engine.close(),
  };
  writeCounts.set(queued, writes);
  return queued;
}
