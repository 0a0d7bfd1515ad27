import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import tls from 'node:tls';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EdgeDomain, EdgeJob } from '../../common/wire/edge';
import type { DomainConfig } from '../../common/wire/domains';
import { domainConfigOf, emptyDomainInput } from '../../common/rules/domains';
import { processRuns } from '../../edge/nginx';
import { selfSignedCertificate } from '../../edge/agent';
import { freePort } from '../server/freePort';
import { startFakePortal, type FakePortal } from './fakePortal';
import { until } from './localNode';

/**
 * The edge node (issue #33) with Debian's nginx: the real agent (`npm run edge`) against a fake
 * portal (tests/edge/fakePortal.ts) and a local origin whose content changes. One agent for the file.
 */
const NGINX = '/usr/sbin/nginx';
const haveNginx = fs.existsSync(NGINX);
if (!haveNginx) console.log(`tests/edge/agent.test.ts skipped: ${NGINX} is not installed (apt-get install nginx-light)`);

const ROOT = path.resolve(__dirname, '../..');
const ONE = 'www.one.example';
const BROKEN = 'www.broken.example';
const OFF = 'www.off.example';
const DOC = 'www.doc.example';

interface Origin {
  server: http.Server;
  port: number;
  body: Map<string, string>;
  hits: Map<string, number>;
}

async function startOrigin(): Promise<Origin> {
  const body = new Map<string, string>();
  const hits = new Map<string, number>();
  const server = http.createServer((req, res) => {
    const p = (req.url ?? '/').split('?')[0];
    hits.set(p, (hits.get(p) ?? 0) + 1);
    const text = body.get(p);
    res.writeHead(text === undefined ? 404 : 200, { 'content-type': 'text/plain', server: 'origin' });
    res.end(text ?? 'not found');
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', () => r()));
  return { server, port: (server.address() as { port: number }).port, body, hits };
}

async function selfSigned(dir: string, cn: string): Promise<{ certPem: string; keyPem: string }> {
  const [crt, key] = [path.join(dir, `${cn}.crt`), path.join(dir, `${cn}.key`)];
  await selfSignedCertificate(crt, key, cn);
  return { certPem: fs.readFileSync(crt, 'utf8'), keyPem: fs.readFileSync(key, 'utf8') };
}

function domain(
  name: string,
  originPort: number,
  edit: (c: DomainConfig) => void = () => {},
  status: EdgeDomain['status'] = 'on',
): EdgeDomain {
  const config = domainConfigOf({ ...emptyDomainInput('download'), name });
  config.origins = [{ role: 'main', type: 'ip', address: '127.0.0.1', port: originPort, weight: 10 }];
  edit(config);
  const certificateId = config.certificateId ? Number(config.certificateId) : undefined;
  return { name, account: 'acme', status, version: 1, config, ...(certificateId ? { certificateId } : {}) };
}

describe.skipIf(!haveNginx)('edge node: agent and nginx', () => {
  let portal: FakePortal;
  let origin: Origin;
  let agent: ChildProcess;
  let dir: string;
  let listen: number;
  let tlsPort: number;
  let cert: { certPem: string; keyPem: string };
  let output = '';
  let domains: EdgeDomain[] = [];
  const withHeader = (d: EdgeDomain, value: string): EdgeDomain => ({
    ...d,
    version: d.version + 1,
    config: { ...d.config, advanced: { ...d.config.advanced, responseHeaders: [{ action: 'set', name: 'X-Test', value }] } },
  });

  const get = (p: string, host = ONE, headers: Record<string, string> = {}) =>
    new Promise<{ status: number; body: string; headers: http.IncomingHttpHeaders }>((resolve, reject) => {
      // a new connection each time: a reload closes the old workers' idle connections
      const req = http.get({ host: '127.0.0.1', port: listen, path: p, agent: false, headers: { host, ...headers } }, (res) => {
        let text = '';
        res.on('data', (c: Buffer) => (text += c.toString()));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body: text, headers: res.headers }));
      });
      req.on('error', reject);
    });

  let jobId = 0;
  const job = (kind: EdgeJob['kind'], url: string): EdgeJob => ({
    id: ++jobId,
    taskId: jobId,
    kind,
    url,
    domain: ONE,
    submittedAt: Date.now(),
  });
  const result = (id: number) => until(`result of job ${id}`, () => portal.results.find((r) => r.id === id));

  const startAgent = () => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'edge/main.ts'], {
      cwd: ROOT,
      env: {
        ...process.env,
        EDGE_PORTAL_URL: portal.url,
        EDGE_TOKEN: portal.token,
        EDGE_LISTEN: `127.0.0.1:${listen}`,
        EDGE_TLS_LISTEN: `127.0.0.1:${tlsPort}`,
        EDGE_DATA_DIR: path.join(dir, 'data'),
        EDGE_NAME: 'edge-test-1',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    child.stdout?.on('data', (c: Buffer) => (output += c.toString()));
    child.stderr?.on('data', (c: Buffer) => (output += c.toString()));
    return child;
  };

  beforeAll(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'edge-test-'));
    fs.chmodSync(dir, 0o700);
    portal = await startFakePortal('edge-registration-token');
    origin = await startOrigin();
    [listen, tlsPort] = [await freePort(), await freePort()];
    cert = await selfSigned(dir, ONE);
    domains = [
      domain(ONE, origin.port, (c) => {
        c.protocol = 'https';
        // the local origin speaks http only
        c.backProtocol = 'http';
        c.certificateId = '7';
        c.cacheRules = [
          { match: 'path', value: '/dyn/', time: 0, unit: 's' },
          { match: 'path', value: '/', time: 1, unit: 'd' },
        ];
        c.advanced.referer = { mode: 'deny', values: ['bad.example'], allowEmpty: true };
        c.advanced.responseHeaders = [{ action: 'set', name: 'X-Test', value: 'edge $1 "set"' }];
      }),
      // nginx refuses this rewrite (PCRE: lookbehind of variable length), JavaScript does not
      domain(BROKEN, origin.port, (c) => {
        c.advanced.rewriteRules = [{ source: '^/x(?<!a+)$', target: '/y', flag: 'last', status: 'on' }];
      }),
      domain(OFF, origin.port, () => {}, 'off'),
      domain(DOC, origin.port, (c) => {
        c.origins = [{ role: 'main', type: 'ip', address: '192.0.2.10', port: 80, weight: 1 }];
      }),
    ];
    portal.setConfig(domains, [{ id: 7, ...cert }]);
    agent = startAgent();
    await until('the first apply', () => portal.applied.length > 0, 30_000).catch((e: Error) => {
      throw new Error(`${e.message}\n${output}`);
    });
  });

  afterAll(async () => {
    if (agent && agent.exitCode === null) {
      const exited = new Promise((r) => agent.once('exit', r));
      agent.kill('SIGTERM');
      await exited;
    }
    // an nginx left by a case that failed between killing an agent and starting the next
    const pidFile = dir ? path.join(dir, 'data', 'run', 'nginx.pid') : '';
    const pid = pidFile && fs.existsSync(pidFile) ? Number(fs.readFileSync(pidFile, 'utf8')) : 0;
    const ours = pid && processRuns(pid) && fs.readFileSync(`/proc/${pid}/cmdline`, 'utf8').includes(dir);
    if (ours) process.kill(pid, 'SIGKILL');
    await portal?.close();
    await new Promise((r) => origin?.server.close(r));
    if (dir) fs.rmSync(dir, { recursive: true, force: true });
  });

  it('applies the good domains and reports the broken one with nginx’s message', () => {
    const report = portal.applied[0];
    expect(report.applied.map((a) => a.name).sort(), JSON.stringify(report.failed) + output).toEqual([DOC, OFF, ONE].sort());
    expect(report.failed, JSON.stringify(report.failed)).toHaveLength(1);
    expect(report.failed[0]).toMatchObject({ name: BROKEN, version: 1 });
    expect(report.failed[0].message).toMatch(/\[emerg\].*lookbehind/);
    expect(report.failed[0].message).not.toContain(dir);
  });

  it('caches: MISS then HIT, with the node named', async () => {
    origin.body.set('/a.txt', 'alpha');
    const first = await get('/a.txt');
    const second = await get('/a.txt');
    expect([first.status, first.body, first.headers['x-cache']]).toEqual([200, 'alpha', 'MISS']);
    expect([second.body, second.headers['x-cache']]).toEqual(['alpha', 'HIT']);
    expect(second.headers['x-edge-node']).toBe('edge-test-1');
    expect(origin.hits.get('/a.txt')).toBe(1);
  });

  it('never caches a path whose time is 0', async () => {
    origin.body.set('/dyn/x', 'dynamic');
    const first = await get('/dyn/x');
    const second = await get('/dyn/x');
    expect([first.headers['x-cache'], second.headers['x-cache']]).toEqual(['BYPASS', 'BYPASS']);
    expect(origin.hits.get('/dyn/x')).toBe(2);
  });

  it('refuses a denied referer with 403 and sets the response header literally', async () => {
    origin.body.set('/r.txt', 'r');
    expect((await get('/r.txt', ONE, { referer: 'https://bad.example/page' })).status).toBe(403);
    const ok = await get('/r.txt', ONE, { referer: 'https://good.example/page' });
    expect(ok.status).toBe(200);
    expect(ok.headers['x-test']).toBe('edge $1 "set"');
  });

  it('answers a disabled domain 403 and an origin in a documentation range 502, neither reaching an origin', async () => {
    const before = [...origin.hits.values()].reduce((a, b) => a + b, 0);
    expect(await get('/a.txt', OFF)).toMatchObject({ status: 403, body: 'domain disabled\n' });
    expect(await get('/a.txt', DOC)).toMatchObject({ status: 502, body: 'origin not allowed\n' });
    expect((await get('/a.txt', BROKEN)).status).toBe(404);
    expect([...origin.hits.values()].reduce((a, b) => a + b, 0)).toBe(before);
  });

  it('presents the bound certificate over HTTPS (SNI)', async () => {
    const subject = await new Promise<string>((resolve, reject) => {
      const s = tls.connect({ host: '127.0.0.1', port: tlsPort, servername: ONE, rejectUnauthorized: false }, () => {
        resolve(String(s.getPeerCertificate().subject.CN));
        s.end();
      });
      s.on('error', reject);
    });
    expect(subject).toBe(ONE);
  });

  it('purges a changed file: the next request has the new content', async () => {
    origin.body.set('/p.txt', 'old');
    await get('/p.txt');
    origin.body.set('/p.txt', 'new');
    expect((await get('/p.txt')).body).toBe('old');
    const j = job('url', `https://${ONE}/p.txt`);
    portal.addJobs([j]);
    expect(await result(j.id)).toMatchObject({ status: 'verified' });
    expect(await get('/p.txt')).toMatchObject({ body: 'new', headers: expect.objectContaining({ 'x-cache': 'MISS' }) });
  });

  it('purges a directory: both files under it', async () => {
    origin.body.set('/d/1.txt', 'one');
    origin.body.set('/d/2.txt', 'two');
    origin.body.set('/e.txt', 'e');
    for (const p of ['/d/1.txt', '/d/2.txt', '/e.txt']) await get(p);
    origin.body.set('/d/1.txt', 'one-b');
    origin.body.set('/d/2.txt', 'two-b');
    const j = job('dir', `http://${ONE}/d/`);
    portal.addJobs([j]);
    expect(await result(j.id)).toMatchObject({ status: 'verified', evicted: 2 });
    expect((await get('/d/1.txt')).body).toBe('one-b');
    expect((await get('/d/2.txt')).body).toBe('two-b');
    expect((await get('/e.txt')).headers['x-cache']).toBe('HIT');
  });

  it('prefetches through its own cache: the origin is asked once, the next request is a HIT', async () => {
    origin.body.set('/pre.bin', 'x'.repeat(5000));
    const j = job('prefetch', `https://${ONE}/pre.bin`);
    portal.addJobs([j]);
    expect(await result(j.id)).toMatchObject({ status: 'verified', httpStatus: 200, bytes: 5000 });
    const r = await get('/pre.bin');
    expect(r.headers['x-cache']).toBe('HIT');
    expect(origin.hits.get('/pre.bin')).toBe(1);
  });

  it('ships the access log, without its own requests', async () => {
    const shipped = await until('shipped lines', () => {
      const mine = portal.lines.filter((l) => l.uri === '/pre.bin');
      return mine.length >= 1 && portal.lines.some((l) => l.uri === '/d/2.txt') && mine;
    }).catch((e: Error) => {
      throw new Error(`${e.message}: ${portal.lines.length} lines, refused ${portal.refused.join()}\n${output}`);
    });
    expect(shipped.every((l) => l.internal === '' && l.cache === 'HIT')).toBe(true);
    const miss = portal.lines.find((l) => l.uri === '/a.txt' && l.cache === 'MISS');
    expect(miss).toMatchObject({ host: ONE, method: 'GET', status: 200 });
    expect(portal.refused).toEqual([]);
  });

  it('survives the portal being down: serves on, and applies a change once it is back', async () => {
    expect(portal.heartbeats).toBeGreaterThan(0);
    portal.down = true;
    portal.setConfig(domains.map((d) => (d.name === ONE ? withHeader(d, 'second') : d)));
    await until('calls refused meanwhile', () => portal.callsWhileDown >= 3);
    expect(agent.exitCode).toBeNull();
    expect((await get('/a.txt')).headers['x-test']).toBe('edge $1 "set"');
    portal.down = false;
    await until('the change applied', () => portal.applied.some((a) => a.revision === portal.revision()));
    expect((await get('/a.txt')).headers['x-test']).toBe('second');
  });

  it('a restarted agent stops the nginx it left, keeps its identity and its cache', async () => {
    const pidFile = path.join(dir, 'data', 'run', 'nginx.pid');
    const leftover = Number(fs.readFileSync(pidFile, 'utf8'));
    const reports = portal.applied.length;
    const killed = new Promise((r) => agent.once('exit', r));
    agent.kill('SIGKILL');
    await killed;
    expect(processRuns(leftover)).toBe(true);
    agent = startAgent();
    await until('the configuration applied again', () => portal.applied.length > reports);
    expect(processRuns(leftover)).toBe(false);
    expect(portal.registrations).toBe(1);
    expect((await get('/a.txt')).headers['x-cache']).toBe('HIT');
  });

  it('SIGTERM to the agent stops its nginx', async () => {
    const pid = Number(fs.readFileSync(path.join(dir, 'data', 'run', 'nginx.pid'), 'utf8'));
    const exited = new Promise((r) => agent.once('exit', r));
    agent.kill('SIGTERM');
    await exited;
    await until('nginx gone', () => !processRuns(pid));
  });
});
