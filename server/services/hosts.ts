import net from 'node:net';
import { TypeCompiler } from '@sinclair/typebox/compiler';
import type { ConfigDb } from '../stores/config/db';
import { decoded, lineBatches, type IngestOptions, type IngestProgress, type IngestReport } from '../stores/traffic/ingest';
import { deleteInventoryHosts, knownAccounts, listAreas, upsertInventoryHosts, type InventoryHost } from '../stores/config/hosts';
import { HostInventoryLineSchema, HostInventoryRemovalSchema, type HostInventoryLine } from '../../common/wire/hosts';
import { hostNameProblem } from '../../common/rules/hosts';

/** The ingest kind of the provider's host inventory (`?kind=` of POST /api/log/ingest, `--kind` of `npm run ingest`). */
export const HOST_INVENTORY_KIND = 'host_inventory';

const isLine = TypeCompiler.Compile(HostInventoryLineSchema);
const isRemoval = TypeCompiler.Compile(HostInventoryRemovalSchema);

/** Lines read before their hosts are written (one transaction each). */
const BATCH_BYTES = 1 << 20;
const EARLIEST = Date.UTC(2000, 0, 1);

/**
 * A time as the access log's `ts` reads it: "YYYY-MM-DD HH:MM:SS" (UTC), ISO 8601 with a zone, or
 * epoch seconds (a number or a string of digits); null when it is none of these or before 2000.
 */
export function inventoryTime(v: string | number): Date | null {
  let ms = NaN;
  if (typeof v === 'number' || /^\d+(\.\d+)?$/.test(v)) ms = Number(v) * 1000;
  else if (/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/.test(v)) ms = Date.parse(`${v.replace(' ', 'T')}Z`);
  else if (/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:?\d{2})$/i.test(v)) ms = Date.parse(v);
  return Number.isFinite(ms) && ms >= EARLIEST && ms < 8.64e15 ? new Date(ms) : null;
}

const ipOrEmpty = (s: string | undefined) => !s || net.isIP(s) !== 0;

/** A line's host, or null when a field is malformed (the account and area are checked against the store later). */
function hostOf(line: HostInventoryLine): InventoryHost | null {
  const expireTime = inventoryTime(line.expire_time);
  const createTime = line.create_time === undefined ? null : inventoryTime(line.create_time);
  if (!expireTime || (line.create_time !== undefined && !createTime) || (createTime && createTime.getTime() > Date.now() + 86_400_000)) {
    return null;
  }
  if (hostNameProblem(line.name) || !ipOrEmpty(line.public_ip) || !ipOrEmpty(line.private_ip)) return null;
  return {
    instanceId: line.instance_id,
    account: line.account,
    type: line.type,
    hostName: line.name,
    publicIp: (line.public_ip ?? '').toLowerCase(),
    privateIp: (line.private_ip ?? '').toLowerCase(),
    area: line.area,
    cpuCores: line.cpu,
    memoryGb: line.memory,
    diskGb: line.disk,
    bandwidthMbps: line.bandwidth,
    os: line.os ?? '',
    status: line.status,
    createTime,
    expireTime,
  };
}

/** What one line asks: a host to write, a host to remove, or nothing (a malformed line). */
type Action = { line: number; host: InventoryHost } | { line: number; remove: string } | null;

function actionOf(text: string, line: number): Action {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return null;
  }
  if (!value || typeof value !== 'object' || Array.isArray(value)) return null;
  // null counts as absent, as in the other kinds.
  const fields = Object.fromEntries(Object.entries(value).filter(([, v]) => v !== null));
  if (fields.deleted === true) return isRemoval.Check(fields) ? { line, remove: fields.instance_id as string } : null;
  if (!isLine.Check(fields)) return null;
  const host = hostOf(fields);
  return host && { line, host };
}

/**
 * Loads the provider's host inventory (issue #35; JSON lines, plain or gzip; docs/ingest.md) into the
 * config store: each line's host is written over the stored one of its instance id, or removed
 * (`"deleted": true`). The report is the ingest path's: `rows` counts the lines applied, malformed
 * lines (and those naming an unknown account or area) are rejected by number and change nothing.
 * Lines are applied in order, a batch (about 1 MB) per transaction; for an instance id named twice in
 * a batch, its last line wins.
 */
export async function ingestHostInventory(
  db: ConfigDb,
  source: AsyncIterable<Buffer | string>,
  opts: Pick<IngestOptions, 'firstLine' | 'maxErrors' | 'maxReportedLines' | 'onProgress'> = {},
): Promise<IngestReport> {
  const began = Date.now();
  const maxErrors = opts.maxErrors ?? 10_000;
  const maxReported = opts.maxReportedLines ?? 1000;
  const p: IngestProgress = { batches: 0, lines: 0, rows: 0, rejected: 0, bytes: 0, ms: 0 };
  const rejectedLines: number[] = [];
  let aborted: string | null = null;
  const areas = new Set((await listAreas(db)).map((a) => a.code));
  let ln = opts.firstLine ?? 1;
  for await (const batch of lineBatches(decoded(source), BATCH_BYTES)) {
    const firstLine = ln;
    const texts = batch.toString('utf8').split('\n');
    if (texts[texts.length - 1] === '') texts.pop();
    const bad: number[] = [];
    const actions: Array<NonNullable<Action>> = [];
    for (const raw of texts) {
      const text = raw.trim();
      const action = text ? actionOf(text, ln) : undefined;
      if (action === null) bad.push(ln);
      else if (action) actions.push(action);
      ln++;
    }
    const accounts = await knownAccounts(db, [...new Set(actions.flatMap((a) => ('host' in a ? [a.host.account] : [])))]);
    const good = actions.filter((a) => {
      const ok = !('host' in a) || (accounts.has(a.host.account) && areas.has(a.host.area));
      if (!ok) bad.push(a.line);
      return ok;
    });
    p.lines += texts.length;
    p.bytes += batch.length;
    if (p.rejected + bad.length > maxErrors) {
      p.rejected += bad.length;
      rejectedLines.push(...bad.sort((a, b) => a - b).slice(0, Math.max(0, maxReported - rejectedLines.length)));
      aborted = `more than ${maxErrors} malformed lines; stopped before the batch starting at line ${firstLine}`;
      break;
    }
    // The last line of an instance id wins; earlier ones count as applied.
    const last = new Map<string, NonNullable<Action>>();
    for (const a of good) last.set('host' in a ? a.host.instanceId : a.remove, a);
    const finals = [...last.values()];
    await db.transaction(async (tx) => {
      await deleteInventoryHosts(
        tx,
        finals.flatMap((a) => ('remove' in a ? [a.remove] : [])),
      );
      await upsertInventoryHosts(
        tx,
        finals.flatMap((a) => ('host' in a ? [a.host] : [])),
      );
    });
    p.rejected += bad.length;
    rejectedLines.push(...bad.sort((a, b) => a - b).slice(0, Math.max(0, maxReported - rejectedLines.length)));
    p.rows += good.length;
    p.batches++;
    p.ms = Date.now() - began;
    opts.onProgress?.({ ...p });
  }
  p.ms = Date.now() - began;
  return { ...p, rejectedLines, rowsPerSecond: p.ms > 0 ? Math.round((p.rows * 1000) / p.ms) : p.rows, aborted };
}
