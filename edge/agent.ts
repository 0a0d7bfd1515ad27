/**
 * The edge agent (issue #33, `npm run edge`): owns one node's nginx, its configuration, its purges
 * and prefetches and its logs. Loops with EDGE_TIMING: configuration poll, heartbeat, jobs poll,
 * log shipping; each survives the portal being down (the next round retries).
 */
import { execFile } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import {
  EDGE_LOG_CONTENT_TYPE,
  type EdgeConfig,
  type EdgeDomain,
  type EdgeJob,
  type EdgeJobsReply,
  type EdgeJobResult,
} from '../common/wire/edge';
import { EDGE_TIMING, openKey, sha256Hex } from '../common/rules/edge';
import { Applier, type DesiredDomain } from './apply';
import { EdgeClient, PortalUnreachable } from './client';
import type { EdgeSettings } from './config';
import { runPrefetch, runPurges } from './jobs';
import { LogShipper, trimInternalLog } from './logs';
import { NginxRunner } from './nginx';
import { edgePaths, renderDomain, type RenderContext } from './render';
import { mapDemoOrigins, OriginResolver } from './resolve';

const run = promisify(execFile);
export const AGENT_VERSION = '1';

export class EdgeAgent {
  readonly paths;
  readonly nginx: NginxRunner;
  private readonly client: EdgeClient;
  private readonly resolver = new OriginResolver();
  private ctx!: RenderContext;
  private applier!: Applier;
  private config: EdgeConfig | null = null;
  /** the revision applied last (0: none yet) */
  private revision = 0;
  private readonly started = Date.now();
  private readonly timers: NodeJS.Timeout[] = [];
  private readonly inFlight = new Set<number>();
  private shippers: LogShipper[] = [];
  private applying: Promise<void> = Promise.resolve();
  private stopped = false;
  private nginxVersion = 'unknown';
  private registering: Promise<boolean> | null = null;
  private demoRefusalLogged = false;

  constructor(
    readonly settings: EdgeSettings,
    readonly log: (msg: string) => void = (m) => console.log(`${new Date().toISOString()} [edge ${settings.name}] ${m}`),
  ) {
    this.paths = edgePaths(settings.dataDir);
    this.nginx = new NginxRunner(settings.nginxBin, settings.dataDir, this.paths.mainConf, this.paths.pid, log);
    this.client = new EdgeClient(settings.portalUrl, settings.token, settings.name, this.paths.nodeFile, log);
  }

  /** Prepares the data dir, starts nginx on the last good files, then the loops. */
  async start(): Promise<void> {
    const p = this.paths;
    fs.mkdirSync(this.settings.dataDir, { recursive: true, mode: 0o700 });
    for (const d of [
      p.domainsDir,
      p.logsDir,
      p.cacheDir,
      p.tempDir,
      p.certsDir,
      p.stateDir,
      path.dirname(p.pid),
      path.dirname(p.defaultCert),
    ]) {
      fs.mkdirSync(d, { recursive: true, mode: 0o700 });
    }
    await this.defaultCertificate();
    const features = await this.nginx.features();
    this.nginxVersion = features.version;
    if (!features.slice) this.log('nginx has no slice module: Range origin is served without slicing');
    this.ctx = {
      nodeName: this.settings.name,
      dataDir: this.settings.dataDir,
      listen: this.settings.listen,
      tlsListen: this.settings.tlsListen,
      internalToken: this.internalToken(),
      runAsRoot: process.getuid?.() === 0,
      slice: features.slice,
      modulesDir: this.settings.modulesDir,
    };
    this.applier = new Applier(this.ctx, this.nginx);
    this.applier.writeMain();
    const t = await this.nginx.test();
    if (!t.ok) {
      // the last good files no longer pass (nginx changed under them): start empty, the portal's configuration follows
      this.log(`the kept configuration fails (${t.message}); starting without domains`);
      fs.rmSync(p.domainsDir, { recursive: true, force: true });
      this.applier.writeMain();
    }
    await this.nginx.stopLeftover();
    await this.nginx.start();
    const poster = (q: string, gz: Buffer) => this.client.call('POST', q, gz, EDGE_LOG_CONTENT_TYPE);
    this.shippers = [
      new LogShipper('access', p.logsDir, p.stateDir, poster, () => this.nginx.reopenLogs(), this.settings.rotateBytes, this.log),
    ];
    this.loop(() => this.pollConfig(), EDGE_TIMING.configPollMs);
    this.loop(() => this.heartbeat(), EDGE_TIMING.heartbeatMs);
    this.loop(() => this.pollJobs(), EDGE_TIMING.jobsPollMs);
    this.loop(() => this.shipLogs(), EDGE_TIMING.logShipMs);
    this.loop(() => this.reresolve(), EDGE_TIMING.resolveMs);
  }

  async stop(): Promise<void> {
    this.stopped = true;
    for (const t of this.timers) clearTimeout(t);
    await this.nginx.stop();
  }

  /** Runs `fn` now and again `ms` after each round ends; an error is logged, never fatal. */
  private loop(fn: () => Promise<void>, ms: number): void {
    const round = async () => {
      if (this.stopped) return;
      try {
        await fn();
      } catch (e) {
        if (!(e instanceof PortalUnreachable)) this.log(`error: ${(e as Error).stack ?? e}`);
      }
      if (!this.stopped) this.timers.push(setTimeout(() => void round(), ms));
    };
    void round();
  }

  private internalToken(): string {
    const file = path.join(this.paths.stateDir, 'internal-token');
    if (!fs.existsSync(file)) fs.writeFileSync(file, crypto.randomBytes(24).toString('base64url'), { mode: 0o600 });
    return fs.readFileSync(file, 'utf8').trim();
  }

  /** The TLS listener's default certificate: self-signed, made once. */
  private async defaultCertificate(): Promise<void> {
    const { defaultCert, defaultKey } = this.paths;
    if (fs.existsSync(defaultCert) && fs.existsSync(defaultKey)) return;
    await selfSignedCertificate(defaultCert, defaultKey, this.settings.name);
  }

  /** Registers once at a time (two loops asking together would rotate the secret twice). */
  private registered(): Promise<boolean> {
    if (this.client.nodeId !== null) return Promise.resolve(true);
    this.registering ??= this.client
      .register({
        version: `agent ${AGENT_VERSION}, nginx ${this.nginxVersion}`,
        listen: this.settings.listen,
        tlsListen: this.settings.tlsListen,
      })
      .finally(() => (this.registering = null));
    return this.registering;
  }

  private async pollConfig(): Promise<void> {
    if (!(await this.registered())) return;
    const reply = await this.client.json<EdgeConfig>('GET', `/config?revision=${this.revision}`);
    if (reply.status !== 200 || !reply.data) return;
    this.config = this.demoMapped(reply.data);
    await this.applyCurrent();
  }

  /** EDGE_DEMO_ORIGIN: the demo's origins mapped to the local demo origin, refused (and said so) unless the portal runs the demo. */
  private demoMapped(config: EdgeConfig): EdgeConfig {
    const demo = this.settings.demoOrigin;
    if (!demo) return config;
    if (!config.demo) {
      if (!this.demoRefusalLogged) this.log('EDGE_DEMO_ORIGIN refused: the portal does not run the demo data (PORTAL_DEMO)');
      this.demoRefusalLogged = true;
      return config;
    }
    return mapDemoOrigins(config, demo);
  }

  /** Applies the current configuration (serialised) and reports it. */
  private applyCurrent(): Promise<void> {
    const next = this.applying.then(async () => {
      const config = this.config;
      if (!config) return;
      const desired = await this.desired(config);
      const report = await this.applier.apply(config.revision, desired);
      this.removeUnusedCertificates();
      for (const f of report.failed) this.log(`domain ${f.name} version ${f.version} failed: ${f.message}`);
      const r = await this.client.call('POST', '/applied', Buffer.from(JSON.stringify(report)));
      if (r.status === 200) this.revision = config.revision;
    });
    this.applying = next.catch(() => undefined);
    return next;
  }

  /** Every domain rendered, with its origins resolved and its certificate on disk. */
  private async desired(config: EdgeConfig): Promise<DesiredDomain[]> {
    const addresses = config.domains.filter((d) => d.status === 'on').flatMap((d) => d.config.origins.map((o) => o.address.toLowerCase()));
    const { map } = await this.resolver.resolveAll(addresses, config.allowPrivateOrigins);
    // the demo origin is a loopback literal of the operator's own setting, allowed whatever the portal's rule
    const demo = this.settings.demoOrigin;
    if (demo && config.demo) map.set(demo.host, { ok: true, ip: demo.host });
    return config.domains.map((domain) => ({
      name: domain.name,
      version: domain.version,
      render: renderDomain(this.ctx, { domain, origins: map, certificate: this.certificateFiles(config, domain) }),
    }));
  }

  /** The bound certificate written under certs/ (the key opened with the node's secret, mode 0600). */
  private certificateFiles(config: EdgeConfig, domain: EdgeDomain): { certFile: string; keyFile: string } | undefined {
    if (domain.config.protocol !== 'https' || domain.certificateId === undefined) return undefined;
    const cert = config.certificates.find((c) => c.id === domain.certificateId);
    const secret = this.client.secret;
    if (!cert || !secret) return undefined;
    // named by content: a replaced certificate gets new files, the last good configuration keeps its own
    const tag = sha256Hex(cert.certPem + cert.sealedKey).slice(0, 12);
    const certFile = path.join(this.paths.certsDir, `${cert.id}-${tag}.crt`);
    const keyFile = path.join(this.paths.certsDir, `${cert.id}-${tag}.key`);
    if (!fs.existsSync(keyFile)) {
      let key: string;
      try {
        key = openKey(secret, cert.sealedKey);
      } catch {
        this.log(`certificate ${cert.id}: its key could not be opened`);
        return undefined;
      }
      fs.writeFileSync(certFile, cert.certPem, { mode: 0o600 });
      fs.writeFileSync(keyFile, key, { mode: 0o600 });
    }
    return { certFile, keyFile };
  }

  /** Certificates no live domain file names any more (replaced, unbound, domain deleted) are removed. */
  private removeUnusedCertificates(): void {
    const live = fs.readdirSync(this.paths.domainsDir).map((f) => fs.readFileSync(path.join(this.paths.domainsDir, f), 'utf8'));
    for (const f of fs.readdirSync(this.paths.certsDir)) {
      const file = path.join(this.paths.certsDir, f);
      if (!live.some((text) => text.includes(file))) fs.rmSync(file, { force: true });
    }
  }

  /** Origin names again every EDGE_TIMING.resolveMs: a changed address is applied. */
  private async reresolve(): Promise<void> {
    const config = this.config;
    if (!config) return;
    const addresses = config.domains.flatMap((d) => d.config.origins.map((o) => o.address.toLowerCase()));
    const { changed } = await this.resolver.resolveAll(addresses, config.allowPrivateOrigins, 0);
    if (changed) await this.applyCurrent();
  }

  private async heartbeat(): Promise<void> {
    if (!(await this.registered())) return;
    const body = { revision: this.revision, uptimeSeconds: Math.round((Date.now() - this.started) / 1000) };
    await this.client.call('POST', '/heartbeat', Buffer.from(JSON.stringify(body)));
  }

  private async pollJobs(): Promise<void> {
    if (this.client.nodeId === null) return;
    const reply = await this.client.json<EdgeJobsReply>('GET', '/jobs');
    const jobs = (reply.data?.jobs ?? []).filter((j) => !this.inFlight.has(j.id));
    if (!jobs.length) return;
    for (const j of jobs) this.inFlight.add(j.id);
    try {
      const results = await this.runJobs(jobs);
      await this.client.call('POST', '/results', Buffer.from(JSON.stringify({ results })));
    } finally {
      for (const j of jobs) this.inFlight.delete(j.id);
    }
  }

  async runJobs(jobs: EdgeJob[]): Promise<EdgeJobResult[]> {
    const purges = jobs.filter((j) => j.kind !== 'prefetch');
    const prefetches = jobs.filter((j) => j.kind === 'prefetch');
    const results = purges.length ? await runPurges(this.paths.cacheDir, this.paths.controlSocket, purges) : [];
    trimInternalLog(this.paths.internalLog, this.settings.rotateBytes, () => this.nginx.reopenLogs());
    const target = { listen: this.settings.listen, tlsListen: this.settings.tlsListen, internalToken: this.ctx.internalToken };
    // a few at a time: the node serves customers meanwhile
    for (let i = 0; i < prefetches.length; i += 4) {
      results.push(...(await Promise.all(prefetches.slice(i, i + 4).map((j) => runPrefetch(target, j)))));
    }
    return results;
  }

  private async shipLogs(): Promise<void> {
    if (this.client.nodeId === null) return;
    for (const s of this.shippers) await s.tick();
  }
}

/** A self-signed certificate (EC P-256, 10 years) made with openssl; the key file mode 0600. */
export async function selfSignedCertificate(certFile: string, keyFile: string, commonName: string): Promise<void> {
  const curve = ['-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:prime256v1'];
  await run('openssl', [
    'req',
    '-x509',
    ...curve,
    '-nodes',
    '-keyout',
    keyFile,
    '-out',
    certFile,
    '-days',
    '3650',
    '-subj',
    `/CN=${commonName}`,
  ]);
  fs.chmodSync(keyFile, 0o600);
}
