import type { FastifyInstance } from 'fastify';
import type { PurgeKind } from '../../common/rules/purge';
import { DOCUMENTATION_REASON, outboundRefusal } from './outbound';
import { nodesEdge } from './nodesEdge';
import { hasEdgeNodes } from '../stores/config/edgeNodes';

/**
 * EdgeControl: how stored purge and prefetch URLs reach the edges (docs/edge.md). The purge job
 * (server/jobs/purgeEdge.ts) hands URLs over and polls their states through it, whichever edge it is:
 * the embedded edge (server/lib/embeddedEdge.ts, the default) simulates the lines itself; httpEdge
 * hands jobs to a real CDN control plane at PORTAL_EDGE_URL; nodesEdge (server/lib/nodesEdge.ts,
 * issue #33) to the project's own edge nodes once any has registered.
 */
export interface EdgeJob {
  taskId: number;
  kind: PurgeKind;
  /** Each URL with the accelerated domain it belongs to. */
  urls: Array<{ id: number; url: string; domain: string }>;
}

export interface EdgeUrlState {
  id: number;
  status: 'processing' | 'success' | 'verified' | 'failed';
  linesDone: number;
  linesTotal: number;
  reason?: string;
  httpStatus?: number;
  bytes?: number;
  elapsedMs?: number;
}

export interface EdgeControl {
  purge(job: EdgeJob): Promise<void>;
  prefetch(job: EdgeJob): Promise<void>;
  /** States of the URLs the edge knows; an id it does not know is left out (handed over again). */
  status(ids: number[]): Promise<EdgeUrlState[]>;
  /** its states are rows of the portal's own store (the nodes' reports): read at every pass, not every 2 s */
  localStatus?: true;
}

const EDGE_TIMEOUT_MS = 10_000;
const STATUSES = new Set(['processing', 'success', 'verified', 'failed']);

/** A control plane speaking JSON over HTTP: POST {base}/purge, {base}/prefetch (an EdgeJob), {base}/status ({ids}) → {urls}. */
export function httpEdge(base: string): EdgeControl {
  const root = base.replace(/\/+$/, '');
  const send = async (path: string, body: unknown): Promise<unknown> => {
    // the operator's own control plane (private addresses allowed), never a documentation address
    if (outboundRefusal(new URL(root).hostname, true)) throw new Error(`edge ${root}: ${DOCUMENTATION_REASON}`);
    const res = await fetch(`${root}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
      redirect: 'error',
      signal: AbortSignal.timeout(EDGE_TIMEOUT_MS),
    });
    if (!res.ok) throw new Error(`edge ${path} answered HTTP ${res.status}`);
    return res.json();
  };
  const num = (v: unknown) => (typeof v === 'number' && Number.isFinite(v) ? v : undefined);
  return {
    async purge(job) {
      await send('/purge', job);
    },
    async prefetch(job) {
      await send('/prefetch', job);
    },
    async status(ids) {
      const reply = (await send('/status', { ids })) as { urls?: unknown };
      if (!Array.isArray(reply?.urls)) throw new Error('edge /status answered without urls');
      // Only well-formed states of the ids asked for are taken.
      const asked = new Set(ids);
      return reply.urls.flatMap((u: Record<string, unknown>) => {
        const id = num(u?.id);
        if (id === undefined || !asked.has(id) || typeof u.status !== 'string' || !STATUSES.has(u.status)) return [];
        return [
          {
            id,
            status: u.status as EdgeUrlState['status'],
            linesDone: num(u.linesDone) ?? 0,
            linesTotal: num(u.linesTotal) ?? 0,
            reason: typeof u.reason === 'string' ? u.reason.slice(0, 500) : undefined,
            httpStatus: num(u.httpStatus),
            bytes: num(u.bytes),
            elapsedMs: num(u.elapsedMs),
          },
        ];
      });
    },
  };
}

/**
 * The edge of one pass: PORTAL_EDGE_URL's control plane when set; else the registered edge nodes once
 * any exists (decided at every pass: nodes register while the portal runs); else the embedded edge.
 * URLs handed to one edge and unknown to the next are handed over again (EdgeControl.status).
 */
export function edgeChooser<E extends EdgeControl>(app: FastifyInstance, embedded: E): () => Promise<EdgeControl | E> {
  const url = app.config.purge.edgeUrl;
  const http = url ? httpEdge(url) : null;
  const nodes = nodesEdge(app);
  return async () => http ?? ((await hasEdgeNodes(app.db)) ? nodes : embedded);
}
