/**
 * The log shipper (issue #33): each stream's files (logs/<stream>.log, the active one, and
 * logs/<stream>-N.log, rotated) are shipped in gzip parts of whole lines at byte offsets
 * (POST /logs?stream=S&file=F&offset=O). A file is named by the name it keeps after rotation, so
 * that the portal's offset of (node, stream, file) stays valid across a rotation; the offsets are
 * kept in the data dir, and a 409 carries the portal's offset, from which the shipper resumes:
 * nothing is lost or counted twice. Fully shipped rotated files are deleted.
 */
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import type { EdgeLogsConflict, EdgeLogStream } from '../common/wire/edge';
import type { PortalReply } from './client';

/** The largest part sent at once (before gzip). */
const PART_BYTES = 1024 * 1024;

interface ShipperState {
  /** the sequence number the active file takes when it is rotated */
  seq: number;
  /** shipped bytes per shipped name */
  offsets: Record<string, number>;
}

export type LogPoster = (pathAndQuery: string, gz: Buffer) => Promise<PortalReply>;

export class LogShipper {
  private state: ShipperState;
  private readonly stateFile: string;

  constructor(
    private readonly stream: EdgeLogStream,
    private readonly logsDir: string,
    stateDir: string,
    private readonly post: LogPoster,
    private readonly reopen: () => void,
    private readonly rotateBytes: number,
    private readonly log: (msg: string) => void,
  ) {
    this.stateFile = path.join(stateDir, `ship-${stream}.json`);
    try {
      this.state = JSON.parse(fs.readFileSync(this.stateFile, 'utf8')) as ShipperState;
    } catch {
      this.state = { seq: 1, offsets: {} };
    }
    // a rotation interrupted after its rename: that number is taken
    while (fs.existsSync(this.rotatedPath(this.state.seq))) this.state.seq++;
  }

  private get activePath() {
    return path.join(this.logsDir, `${this.stream}.log`);
  }
  private rotatedName(seq: number) {
    return `${this.stream}-${String(seq).padStart(8, '0')}.log`;
  }
  private rotatedPath(seq: number) {
    return path.join(this.logsDir, this.rotatedName(seq));
  }
  private save() {
    fs.writeFileSync(this.stateFile, JSON.stringify(this.state));
  }

  /** The files to ship, oldest first: [path on disk, name shipped under]. */
  private files(): Array<[string, string]> {
    const rotated = fs
      .readdirSync(this.logsDir)
      .filter((f) => f.startsWith(`${this.stream}-`) && f.endsWith('.log'))
      .sort()
      .map((f): [string, string] => [path.join(this.logsDir, f), f]);
    const active: Array<[string, string]> = fs.existsSync(this.activePath) ? [[this.activePath, this.rotatedName(this.state.seq)]] : [];
    return [...rotated, ...active];
  }

  /** Ships what is new in every file; rotates the active file when it grew past the limit. */
  async tick(): Promise<void> {
    for (const [file, name] of this.files()) {
      await this.shipFile(file, name);
      const size = fs.statSync(file).size;
      const done = (this.state.offsets[name] ?? 0) >= size;
      if (file !== this.activePath && done) {
        fs.rmSync(file, { force: true });
        delete this.state.offsets[name];
        this.save();
      }
    }
    if (fs.existsSync(this.activePath) && fs.statSync(this.activePath).size >= this.rotateBytes) this.rotate();
  }

  /** rename + USR1: nginx goes on writing the renamed file until it reopens the active one. */
  rotate(): void {
    const seq = this.state.seq;
    fs.renameSync(this.activePath, this.rotatedPath(seq));
    this.state.seq = seq + 1;
    this.save();
    this.reopen();
  }

  private async shipFile(file: string, name: string): Promise<void> {
    for (let rounds = 0; rounds < 64; rounds++) {
      const offset = this.state.offsets[name] ?? 0;
      const part = readWholeLines(file, offset, PART_BYTES);
      if (!part) return;
      const gz = zlib.gzipSync(part);
      const reply = await this.post(`/logs?stream=${this.stream}&file=${encodeURIComponent(name)}&offset=${offset}`, gz);
      if (reply.status === 200 || reply.status === 409) {
        const held = (JSON.parse(reply.body.toString('utf8')) as Partial<EdgeLogsConflict>).offset;
        if (typeof held !== 'number') return;
        // 409: the portal holds another offset: resume from it (lines it has are not sent again)
        if (reply.status === 409) this.log(`${this.stream} ${name}: the portal holds offset ${held}, not ${offset}`);
        this.state.offsets[name] = held;
        this.save();
        if (reply.status === 409 && held === offset) return;
      } else return;
    }
  }
}

/** Whole lines of a file from an offset, at most `max` bytes (a longer line is sent alone); null when none. */
export function readWholeLines(file: string, offset: number, max: number): Buffer | null {
  const fd = fs.openSync(file, 'r');
  try {
    const size = fs.fstatSync(fd).size;
    if (size <= offset) return null;
    let want = Math.min(max, size - offset);
    for (;;) {
      const buf = Buffer.alloc(want);
      const n = fs.readSync(fd, buf, 0, want, offset);
      const end = buf.subarray(0, n).lastIndexOf(0x0a);
      if (end >= 0) return buf.subarray(0, end + 1);
      if (offset + n >= size) return null;
      want = Math.min(want * 2, size - offset);
    }
  } finally {
    fs.closeSync(fd);
  }
}

/** The agent's own requests are never shipped: their log is only kept to one previous file. */
export function trimInternalLog(file: string, maxBytes: number, reopen: () => void): void {
  if (!fs.existsSync(file) || fs.statSync(file).size < maxBytes) return;
  fs.renameSync(file, file.replace(/\.log$/, '.old.log'));
  reopen();
}
