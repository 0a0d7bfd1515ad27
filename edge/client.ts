/**
 * The node's signed client of the portal (issue #33, docs/edge.md): registration with the
 * registration token, then every call signed with the node's own secret (common/rules/edge.ts).
 * The node always calls the portal, never the other way round.
 */
import fs from 'node:fs';
import { EDGE_API, type EdgeRegisterReply, type EdgeRegisterRequest } from '../common/wire/edge';
import { signatureHeaders } from '../common/rules/edge';

export interface PortalReply {
  status: number;
  body: Buffer;
}

/** A call the portal did not answer (down, refused, timed out): the loops retry. */
export class PortalUnreachable extends Error {}

interface NodeIdentity {
  nodeId: number;
  secret: string;
}

export class EdgeClient {
  private identity: NodeIdentity | null = null;

  constructor(
    private readonly portalUrl: string,
    private readonly token: string,
    private readonly name: string,
    private readonly nodeFile: string,
    private readonly log: (msg: string) => void,
  ) {
    try {
      const saved = JSON.parse(fs.readFileSync(nodeFile, 'utf8')) as NodeIdentity;
      if (Number.isInteger(saved.nodeId) && typeof saved.secret === 'string' && saved.secret) this.identity = saved;
    } catch {
      // not registered yet
    }
  }

  get nodeId(): number | null {
    return this.identity?.nodeId ?? null;
  }

  /** The node's secret (opens the certificates' sealed keys). */
  get secret(): string | null {
    return this.identity?.secret ?? null;
  }

  private async send(method: string, pathAndQuery: string, headers: Record<string, string>, body?: Buffer): Promise<PortalReply> {
    const base = new URL(this.portalUrl);
    let res: Response;
    try {
      res = await fetch(new URL(pathAndQuery, base), {
        method,
        headers,
        body: body ? new Uint8Array(body) : undefined,
        redirect: 'error',
        signal: AbortSignal.timeout(15_000),
      });
    } catch (e) {
      throw new PortalUnreachable((e as Error).message);
    }
    return { status: res.status, body: Buffer.from(await res.arrayBuffer()) };
  }

  /** The path as sent and signed: the portal URL's own path, then the call's. */
  private fullPath(pathAndQuery: string): string {
    const prefix = new URL(this.portalUrl).pathname.replace(/\/+$/, '');
    return `${prefix}${EDGE_API}${pathAndQuery}`;
  }

  /** Registers once (the identity is kept in node.json, mode 0600); a refused token is reported, never retried fast. */
  async register(info: Omit<EdgeRegisterRequest, 'name'>): Promise<boolean> {
    if (this.identity) return true;
    const body = Buffer.from(JSON.stringify({ name: this.name, ...info } satisfies EdgeRegisterRequest));
    const p = this.fullPath('/register');
    const headers = { 'content-type': 'application/json', ...signatureHeaders(this.token, this.name, 'POST', p, body) };
    const reply = await this.send('POST', p, headers, body);
    if (reply.status !== 200) {
      this.log(`registration refused (HTTP ${reply.status}): check EDGE_TOKEN`);
      return false;
    }
    const r = JSON.parse(reply.body.toString('utf8')) as EdgeRegisterReply;
    this.identity = { nodeId: r.nodeId, secret: r.secret };
    fs.writeFileSync(this.nodeFile, JSON.stringify(this.identity), { mode: 0o600 });
    fs.chmodSync(this.nodeFile, 0o600);
    this.log(`registered as node ${r.nodeId}`);
    return true;
  }

  /** One signed call; a 401 means the portal no longer knows the secret: the node registers again. */
  async call(method: string, pathAndQuery: string, body?: Buffer, contentType = 'application/json'): Promise<PortalReply> {
    const id = this.identity;
    if (!id) throw new PortalUnreachable('not registered');
    const p = this.fullPath(pathAndQuery);
    const headers: Record<string, string> = signatureHeaders(id.secret, String(id.nodeId), method, p, body ?? '');
    if (body) headers['content-type'] = contentType;
    const reply = await this.send(method, p, headers, body);
    if (reply.status === 401) {
      this.log(`the portal refused the node's signature (${method} ${pathAndQuery}): registering again`);
      this.identity = null;
      fs.rmSync(this.nodeFile, { force: true });
    }
    return reply;
  }

  async json<T>(method: string, pathAndQuery: string, payload?: unknown): Promise<{ status: number; data: T | null }> {
    const reply = await this.call(method, pathAndQuery, payload === undefined ? undefined : Buffer.from(JSON.stringify(payload)));
    if (reply.status !== 200) return { status: reply.status, data: null };
    return { status: 200, data: JSON.parse(reply.body.toString('utf8')) as T };
  }
}
