/**
 * Applying a configuration (issue #33): the rendered domain files are tested with `nginx -t` before
 * they replace the live ones; when nginx refuses, the failing domains are found by bisection and
 * left at their last good file, the rest is applied, and nginx reloads. One domain's error never
 * blocks another.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { EdgeAppliedRequest } from '../common/wire/edge';
import { domainFile, edgePaths, renderMain, type DomainRender, type RenderContext } from './render';
import type { NginxRunner, NginxTest } from './nginx';

/** One domain as the configuration asks for it: its version and its rendering (or why there is none). */
export interface DesiredDomain {
  name: string;
  version: number;
  render: DomainRender;
}

/** The live files' domains and versions (state/live.json): what the node serves. */
type LiveState = Record<string, { version: number; file: string }>;

export class Applier {
  private readonly paths;
  private readonly liveFile: string;

  constructor(
    private readonly ctx: RenderContext,
    private readonly nginx: Pick<NginxRunner, 'test' | 'reload'>,
  ) {
    this.paths = edgePaths(ctx.dataDir);
    this.liveFile = path.join(this.paths.stateDir, 'live.json');
  }

  private readLive(): LiveState {
    try {
      return JSON.parse(fs.readFileSync(this.liveFile, 'utf8')) as LiveState;
    } catch {
      return {};
    }
  }

  /** Writes the main file of the live files (at start, before nginx runs). */
  writeMain(): void {
    fs.mkdirSync(this.paths.domainsDir, { recursive: true });
    fs.writeFileSync(this.paths.mainConf, renderMain(this.ctx, this.paths.domainsDir), { mode: 0o600 });
  }

  /** nginx -t of the live files plus `changes` (file name → text, null = removed). */
  private async testWith(changes: Map<string, string | null>): Promise<NginxTest> {
    const dir = this.paths.stagingDir;
    fs.rmSync(dir, { recursive: true, force: true });
    fs.mkdirSync(dir, { recursive: true });
    for (const f of fs.readdirSync(this.paths.domainsDir)) {
      if (!changes.has(f)) fs.copyFileSync(path.join(this.paths.domainsDir, f), path.join(dir, f));
    }
    for (const [f, text] of changes) if (text !== null) fs.writeFileSync(path.join(dir, f), text, { mode: 0o600 });
    const conf = path.join(path.dirname(this.paths.mainConf), 'staging.conf');
    fs.writeFileSync(conf, renderMain(this.ctx, dir), { mode: 0o600 });
    return this.nginx.test(conf);
  }

  /**
   * The changed files nginx accepts together with `base`, and those it refuses with its message:
   * a refused set is halved until each refused file stands alone.
   */
  private async bisect(
    base: Map<string, string | null>,
    files: Array<[string, string]>,
  ): Promise<{ accepted: Array<[string, string]>; refused: Array<[string, string]> }> {
    const t = await this.testWith(new Map([...base, ...files]));
    if (t.ok) return { accepted: files, refused: [] };
    if (files.length === 1) return { accepted: [], refused: [[files[0][0], t.message]] };
    const half = Math.ceil(files.length / 2);
    const left = await this.bisect(base, files.slice(0, half));
    const right = await this.bisect(new Map([...base, ...left.accepted]), files.slice(half));
    return { accepted: [...left.accepted, ...right.accepted], refused: [...left.refused, ...right.refused] };
  }

  /** Applies a whole configuration; returns what to report (POST /applied). */
  async apply(revision: number, desired: DesiredDomain[]): Promise<EdgeAppliedRequest> {
    fs.mkdirSync(this.paths.domainsDir, { recursive: true });
    fs.mkdirSync(this.paths.stateDir, { recursive: true });
    const live = this.readLive();
    const failed: EdgeAppliedRequest['failed'] = [];
    const byFile = new Map<string, DesiredDomain>();
    const changed: Array<[string, string]> = [];
    for (const d of desired) {
      if (!d.render.ok) {
        failed.push({ name: d.name, version: d.version, message: d.render.message });
        continue;
      }
      const file = domainFile(d.name);
      byFile.set(file, d);
      const current = path.join(this.paths.domainsDir, file);
      const same = fs.existsSync(current) && fs.readFileSync(current, 'utf8') === d.render.conf;
      if (!same) changed.push([file, d.render.conf]);
    }
    // domains no longer in the configuration stop being served
    const wanted = new Set(desired.map((d) => domainFile(d.name)));
    const removed = new Map<string, string | null>(
      fs
        .readdirSync(this.paths.domainsDir)
        .filter((f) => !wanted.has(f))
        .map((f) => [f, null]),
    );
    if (changed.length || removed.size) {
      const result = await this.bisect(removed, changed);
      for (const [file, message] of result.refused) {
        const d = byFile.get(file);
        if (d) failed.push({ name: d.name, version: d.version, message });
      }
      const refusedFiles = new Set(result.refused.map(([f]) => f));
      for (const [file] of changed) if (refusedFiles.has(file)) byFile.delete(file);
      for (const f of removed.keys()) fs.rmSync(path.join(this.paths.domainsDir, f), { force: true });
      for (const [file, text] of result.accepted) fs.writeFileSync(path.join(this.paths.domainsDir, file), text, { mode: 0o600 });
      this.writeMain();
      await this.nginx.reload();
    }
    const next: LiveState = {};
    for (const [file, entry] of Object.entries(live)) if (!removed.has(entry.file) && wanted.has(file)) next[file] = entry;
    const applied: EdgeAppliedRequest['applied'] = [];
    for (const [file, d] of byFile) {
      next[file] = { version: d.version, file };
      applied.push({ name: d.name, version: d.version });
    }
    fs.writeFileSync(this.liveFile, JSON.stringify(next));
    return { revision, applied, failed };
  }
}
