/**
 * A small portal for the edge tests: a node:http server speaking the edge protocol
 * (common/wire/edge.ts), verifying every signature with common/rules/edge.ts, and recording what the
 * node reports. Not the real portal (server/routes/edgeapi/edge/): the agent's side alone.
 */
import http from 'node:http';
import zlib from 'node:zlib';
import crypto from 'node:crypto';
import {
  EDGE_API,
  type EdgeAccessLine,
  type EdgeAppliedRequest,
  type EdgeCertificate,
  type EdgeConfig,
  type EdgeDomain,
  type EdgeJob,
  type EdgeJobResult,
} from '../../common/wire/edge';
import { canonicalRequest, EDGE_HEADERS, EDGE_REPLAY_WINDOW_MS, sealKey, signatureMatches, signRequest } from '../../common/rules/edge';

export interface FakePortal {
  url: string;
  token: string;
  /** the secrets the portal issued, by node id */
  secrets: Map<number, string>;
  applied: EdgeAppliedRequest[];
  results: EdgeJobResult[];
  /** shipped access lines, in order */
  lines: EdgeAccessLine[];
  /** refused calls (bad signature, replay): method path reason */
  refused: string[];
  heartbeats: number;
  registrations: number;
  /** while true every call is answered 503 (and counted in callsWhileDown) */
  down: boolean;
  callsWhileDown: number;
  revision(): number;
  setConfig(domains: EdgeDomain[], certificates?: Array<{ id: number; certPem: string; keyPem: string }>): void;
  addJobs(jobs: EdgeJob[]): void;
  close(): Promise<void>;
}

export async function startFakePortal(token: string): Promise<FakePortal> {
  const secrets = new Map<number, string>();
  const names = new Map<string, number>();
  const nonces = new Set<string>();
  const logOffsets = new Map<string, number>();
  let revision = 1;
  let domains: EdgeDomain[] = [];
  let certs: Array<{ id: number; certPem: string; keyPem: string }> = [];
  let jobs: EdgeJob[] = [];
  const state: Omit<FakePortal, 'url' | 'revision' | 'setConfig' | 'addJobs' | 'close'> = {
    token,
    secrets,
    applied: [],
    results: [],
    lines: [],
    refused: [],
    heartbeats: 0,
    registrations: 0,
    down: false,
    callsWhileDown: 0,
  };

  const configFor = (secret: string): EdgeConfig => ({
    revision,
    allowPrivateOrigins: true,
    demo: false,
    domains,
    certificates: certs.map((c): EdgeCertificate => ({ id: c.id, certPem: c.certPem, sealedKey: sealKey(secret, c.keyPem) })),
  });

  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const body = Buffer.concat(chunks);
      const url = req.url ?? '/';
      const reply = (status: number, data?: unknown) => {
        res.writeHead(status, { 'content-type': 'application/json' });
        res.end(data === undefined ? undefined : JSON.stringify(data));
      };
      const h = (name: string) => String(req.headers[name] ?? '');
      const node = h(EDGE_HEADERS.node);
      const timestamp = h(EDGE_HEADERS.timestamp);
      const nonce = h(EDGE_HEADERS.nonce);
      const route = url.slice(EDGE_API.length).split('?')[0];
      const isRegister = route === '/register';
      const secret = isRegister ? token : secrets.get(Number(node));
      const refuse = (reason: string) => {
        state.refused.push(`${req.method} ${route} ${reason}`);
        reply(401, { error: reason });
      };
      if (!url.startsWith(EDGE_API)) return reply(404);
      if (state.down) {
        state.callsWhileDown++;
        return reply(503, { error: 'down' });
      }
      if (!secret) return refuse('unknown node');
      if (Math.abs(Date.now() - Number(timestamp)) > EDGE_REPLAY_WINDOW_MS) return refuse('stale');
      if (nonces.has(nonce)) return refuse('replayed');
      const expected = signRequest(secret, canonicalRequest(req.method ?? '', url, timestamp, nonce, body));
      if (!signatureMatches(expected, h(EDGE_HEADERS.signature))) return refuse('bad signature');
      nonces.add(nonce);
      const nodeId = Number(node);
      if (isRegister) {
        const name = (JSON.parse(body.toString()) as { name: string }).name;
        const id = names.get(name) ?? names.size + 1;
        names.set(name, id);
        const issued = crypto.randomBytes(32).toString('base64url');
        secrets.set(id, issued);
        state.registrations++;
        return reply(200, { nodeId: id, secret: issued });
      }
      const q = new URL(url, 'http://x').searchParams;
      switch (`${req.method} ${route}`) {
        case 'GET /config':
          if (Number(q.get('revision')) === revision) return reply(204);
          return reply(200, configFor(secrets.get(nodeId) ?? ''));
        case 'POST /applied':
          state.applied.push(JSON.parse(body.toString()) as EdgeAppliedRequest);
          return reply(200, {});
        case 'POST /heartbeat':
          state.heartbeats++;
          return reply(200, {});
        case 'GET /jobs':
          return reply(200, { jobs });
        case 'POST /results': {
          const results = (JSON.parse(body.toString()) as { results: EdgeJobResult[] }).results;
          state.results.push(...results);
          const done = new Set(results.map((r) => r.id));
          jobs = jobs.filter((j) => !done.has(j.id));
          return reply(200, {});
        }
        case 'POST /logs': {
          const key = `${nodeId}/${q.get('stream')}/${q.get('file')}`;
          const held = logOffsets.get(key) ?? 0;
          if (Number(q.get('offset')) !== held) return reply(409, { offset: held });
          const text = zlib.gunzipSync(body);
          for (const line of text.toString('utf8').split('\n').filter(Boolean)) state.lines.push(JSON.parse(line) as EdgeAccessLine);
          logOffsets.set(key, held + text.length);
          return reply(200, { offset: held + text.length, accepted: 0, rejected: 0 });
        }
        default:
          return reply(404);
      }
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', () => r()));
  const { port } = server.address() as { port: number };
  return Object.assign(state, {
    url: `http://127.0.0.1:${port}`,
    revision: () => revision,
    setConfig(next: EdgeDomain[], certificates: Array<{ id: number; certPem: string; keyPem: string }> = certs) {
      domains = next;
      certs = certificates;
      revision++;
    },
    addJobs(next: EdgeJob[]) {
      jobs.push(...next);
    },
    close: () =>
      new Promise<void>((r) => {
        server.closeAllConnections();
        server.close(() => r());
      }),
  });
}
